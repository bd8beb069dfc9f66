// @ts-check
// `npm test`: every check, in the order that fails fastest: formatting and lint, the production
// dependencies' advisories and licences, types, unit and API tests, the production build, then
// end-to-end tests in Chromium against that build.
import fs from 'node:fs';
import path from 'node:path';

import { findChromium } from './chromium.mjs';
import { buildApi, buildApps, ensureInstalled, pnpm, repoRoot, run } from './lib.mjs';
import { checkSizes } from './size-check.mjs';
import { checkSupplyChain } from './supply-chain.mjs';

const resultsDir = path.join(repoRoot, '.test-results');
fs.mkdirSync(resultsDir, { recursive: true });

/** @type {{ step: string, seconds: number }[]} */
const timings = [];
/** @param {string} step @param {() => Promise<void>} work */
async function timed(step, work) {
  console.log(`\n── ${step}`);
  const started = Date.now();
  await work();
  timings.push({ step, seconds: (Date.now() - started) / 1000 });
}

function readCounts() {
  let passed = 0;
  let failed = 0;
  const jestFile = path.join(resultsDir, 'jest.json');
  if (fs.existsSync(jestFile)) {
    const jest = JSON.parse(fs.readFileSync(jestFile, 'utf8'));
    passed += jest.numPassedTests;
    // A suite that cannot even load has no failed tests, yet it is a failure.
    failed += jest.numFailedTests + jest.numRuntimeErrorTestSuites;
  }
  const e2eFile = path.join(resultsDir, 'e2e.json');
  if (fs.existsSync(e2eFile)) {
    const e2e = JSON.parse(fs.readFileSync(e2eFile, 'utf8'));
    passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected;
  }
  return { passed, failed };
}

let exitCode = 0;
try {
  for (const file of ['jest.json', 'e2e.json'])
    fs.rmSync(path.join(resultsDir, file), { force: true });
  const chromium = findChromium();
  await ensureInstalled();
  await timed('format and lint', async () => {
    await pnpm(['exec', 'prettier', '--check', '--log-level', 'warn', '.']);
    await pnpm(['exec', 'eslint', '--max-warnings', '0', '.']);
  });
  await timed('supply chain', async () => checkSupplyChain());
  await timed('types', () => pnpm(['-r', '--workspace-concurrency=1', 'run', 'typecheck']));
  await timed('unit, component and API tests', () =>
    pnpm(
      [
        'exec',
        'jest',
        '--ci',
        '--forceExit',
        '--json',
        `--outputFile=${path.join(resultsDir, 'jest.json')}`,
      ],
      {
        env: { NODE_OPTIONS: '--experimental-vm-modules' },
      },
    ),
  );
  await timed('production build', async () => {
    await buildApps({ force: true });
    await buildApi();
  });
  await timed('size budgets', async () => {
    const over = await checkSizes();
    if (over.length) throw new Error(`JavaScript over budget:\n  ${over.join('\n  ')}`);
  });
  await timed('end-to-end tests', () =>
    run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      cwd: path.join(repoRoot, 'infra'),
      env: {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, 'e2e.json'),
      },
    }),
  );
} catch (error) {
  exitCode = 1;
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
}

console.log('\n── summary');
for (const { step, seconds } of timings)
  console.log(`  ${step.padEnd(34)} ${seconds.toFixed(1)} s`);
const { passed, failed } = readCounts();
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
