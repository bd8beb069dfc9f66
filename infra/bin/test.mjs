// @ts-check
// `npm test`: every check. Two lanes share the machine's cores: the unit, component and API tests
// (jest, two workers) in one; in the other, in the order that fails fastest, formatting and lint,
// the production dependencies' advisories and licences, types, the production build and the size
// budgets. Then, alone, the end-to-end tests in Chromium against that build, and the smoke
// journeys and abuse checks once more through nginx on its production configuration. Each line
// of output carries its lane's tag; the run fails when any step does, and says which.
import fs from 'node:fs';
import path from 'node:path';

import { findNginx } from '../deploy/nginx/edge.mjs';
import { findChromium } from './chromium.mjs';
import { buildApi, buildApps, ensureInstalled, pnpm, repoRoot, run } from './lib.mjs';

const resultsDir = path.join(repoRoot, '.test-results');
fs.mkdirSync(resultsDir, { recursive: true });

/** @type {{ step: string, seconds: number }[]} */
const timings = [];
/** @param {string} tag @param {string} step @param {() => Promise<void>} work */
async function timed(tag, step, work) {
  console.log(`${tag} ── ${step}`);
  const started = Date.now();
  try {
    await work();
  } catch (error) {
    throw new Error(`${step} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    timings.push({ step, seconds: (Date.now() - started) / 1000 });
  }
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
  for (const name of ['e2e.json', 'e2e-nginx.json']) {
    const e2eFile = path.join(resultsDir, name);
    if (!fs.existsSync(e2eFile)) continue;
    const e2e = JSON.parse(fs.readFileSync(e2eFile, 'utf8'));
    passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected;
  }
  return { passed, failed };
}

/**
 * The slowest jest suites and journey files of this run, printed with the summary: the run's
 * length is what limits it, and the tail of its output is what a reader keeps.
 * @returns {string[]}
 */
function slowest(count = 8) {
  /** @type {{ name: string, seconds: number }[]} */
  const jestSuites = [];
  const jestFile = path.join(resultsDir, 'jest.json');
  if (fs.existsSync(jestFile)) {
    for (const suite of JSON.parse(fs.readFileSync(jestFile, 'utf8')).testResults ?? []) {
      jestSuites.push({
        name: path.relative(repoRoot, suite.name),
        seconds: (suite.endTime - suite.startTime) / 1000,
      });
    }
  }
  /** @type {Map<string, number>} */
  const journeyFiles = new Map();
  const e2eFile = path.join(resultsDir, 'e2e.json');
  if (fs.existsSync(e2eFile)) {
    /** @param {any} suite */
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          for (const result of test.results ?? []) {
            journeyFiles.set(
              spec.file,
              (journeyFiles.get(spec.file) ?? 0) + result.duration / 1000,
            );
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(fs.readFileSync(e2eFile, 'utf8')).suites ?? []) walk(suite);
  }
  /** @param {string} title @param {{ name: string, seconds: number }[]} rows */
  const table = (title, rows) =>
    rows.length === 0
      ? []
      : [
          title,
          ...rows
            .sort((a, b) => b.seconds - a.seconds)
            .slice(0, count)
            .map(({ name, seconds }) => `  ${seconds.toFixed(1).padStart(7)} s  ${name}`),
        ];
  return [
    ...table('── slowest jest suites', jestSuites),
    ...table(
      '── slowest journey files (time on their workers)',
      [...journeyFiles].map(([name, seconds]) => ({ name, seconds })),
    ),
  ];
}

const JEST = '[jest]';
const CHECKS = '[checks]';
const E2E = '[e2e]';

async function jestLane() {
  await timed(JEST, 'unit, component and API tests', () =>
    pnpm(
      [
        'exec',
        'jest',
        '--ci',
        // Two workers, not jest's default of one on two cores: the API suites wait on their
        // databases as much as they compute, and the other lane is done within minutes.
        '--maxWorkers=2',
        '--forceExit',
        '--json',
        `--outputFile=${path.join(resultsDir, 'jest.json')}`,
      ],
      { env: { NODE_OPTIONS: '--experimental-vm-modules' }, tag: JEST },
    ),
  );
}

/** @param {string} chromium */
async function endToEnd(chromium) {
  await timed(E2E, 'end-to-end tests', () =>
    run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      cwd: path.join(repoRoot, 'infra'),
      env: {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, 'e2e.json'),
      },
      tag: E2E,
    }),
  );
  // The smoke journeys and the abuse checks through nginx on its production configuration, in
  // front of the same build, on a fresh database (the list is in the Playwright config).
  await timed(E2E, 'end-to-end through nginx', () =>
    run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      cwd: path.join(repoRoot, 'infra'),
      env: {
        CHROMIUM_PATH: chromium,
        EDGE: 'nginx',
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, 'e2e-nginx.json'),
      },
      tag: E2E,
    }),
  );
}

async function checksLane() {
  const tag = CHECKS;
  await timed(tag, 'format and lint', async () => {
    await pnpm(['exec', 'prettier', '--check', '--log-level', 'warn', '.'], { tag });
    await pnpm(['exec', 'eslint', '--max-warnings', '0', '.'], { tag });
  });
  await timed(tag, 'supply chain', () => run('node', ['infra/bin/supply-chain.mjs'], { tag }));
  await timed(tag, 'types', () => pnpm(['run', 'typecheck'], { tag }));
  await timed(tag, 'production build', async () => {
    await buildApps({ force: true, tag, secondBrand: true });
    await buildApi({ tag });
  });
  await timed(tag, 'size budgets', () => run('node', ['infra/bin/size-check.mjs'], { tag }));
}

const started = Date.now();
/** @type {string[]} */
const failures = [];
try {
  for (const file of ['jest.json', 'e2e.json', 'e2e-nginx.json'])
    fs.rmSync(path.join(resultsDir, file), { force: true });
  const chromium = findChromium();
  // Like Chromium: the edge tests run nginx, and say how to install it when it is missing.
  findNginx();
  await ensureInstalled();
  const lanes = await Promise.allSettled([jestLane(), checksLane()]);
  for (const lane of lanes) {
    if (lane.status === 'rejected') {
      failures.push(lane.reason instanceof Error ? lane.reason.message : String(lane.reason));
    }
  }
  // The journeys run alone: beside the jest suites each took twice as long, and a screen that
  // waits on a slow remote is what their timeouts are about.
  if (lanes[1].status === 'fulfilled') await endToEnd(chromium);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
}
for (const failure of failures) console.error(`\n${failure}`);

for (const line of slowest()) console.log(line);
console.log('\n── summary (the lanes ran side by side)');
for (const { step, seconds } of timings)
  console.log(`  ${step.padEnd(34)} ${seconds.toFixed(1)} s`);
console.log(`  ${'in all'.padEnd(34)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
const { passed, failed } = readCounts();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
