// @ts-check
// `npm run bench`: prints what the product costs a user and a developer, measured on this machine
// against the production build served the way users get it. Figures, not pass/fail: goals are
// printed beside them so a regression is visible in review.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { findChromium } from './chromium.mjs';
import { buildApps, ensureInstalled, pnpm, REMOTES } from './lib.mjs';
import {
  CHROMIUM_FLAGS,
  GOALS,
  kb,
  launchBrowser,
  repeatVisitBytes,
  weighHome,
  weighLanding,
  weighRemoteRoute,
} from './page-weights.mjs';

/** The pages Lighthouse scores, and the goal of each. */
const LIGHTHOUSE_PAGES = [
  { name: '/', path: '/', goal: 95 },
  { name: '/registration', path: '/registration', goal: 90 },
  { name: '/home (signed in)', path: '/home', goal: 90, signedIn: true },
];
const LIGHTHOUSE_RUNS = 3;

await ensureInstalled();
const skipBuildTimes = process.argv.includes('--no-build-times');

/** @type {Record<string, number>} */
const buildSeconds = {};
if (!skipBuildTimes) {
  console.log('Building every remote once, timed (into a scratch folder)…');
  for (const remote of REMOTES) {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${remote}-`));
    const started = Date.now();
    await pnpm(['--filter', `@lending/${remote}`, 'run', 'build'], {
      env: { OUT_DIR: outDir, BUILD_ID: 'bench' },
      quiet: true,
    });
    buildSeconds[remote] = (Date.now() - started) / 1000;
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
await buildApps();

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-run-'));
process.env.PORT = process.env.BENCH_PORT ?? '4273';
process.env.API_PORT = String(Number(process.env.PORT) + 1);
process.env.DATA_DIR = path.join(runDir, 'data');
process.env.RELEASES_DIR = path.join(runDir, 'releases');
const { servePlatform } = await import('./serve.mjs');
const platform = await servePlatform({ quietApi: true });

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
/** "median (min to max)" */
const spread = (/** @type {number[]} */ values, /** @type {number} */ digits = 0) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)} to ${Math.max(...values).toFixed(digits)})`;

/**
 * Lighthouse (mobile, its default simulated throttling) on the system's Chromium, a few runs per
 * page. A signed-in page gets its token before the runs, and Lighthouse is told to keep storage.
 */
async function lighthouseRuns(/** @type {string} */ baseUrl) {
  const { default: lighthouse } = await import('lighthouse');
  const { chromium } = await import('@playwright/test');
  const debugPort = Number(process.env.PORT) + 2;
  const profile = fs.mkdtempSync(path.join(runDir, 'chromium-'));
  // A persistent context is the browser's default one: the one Lighthouse opens its tabs in.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debugPort}`],
  });
  /** @type {{ name: string, goal: number, scores: number[], cls: number[], lcp: number[], tbt: number[] }[]} */
  const results = [];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const setup = await browser.newPage();
      await setup.goto(`${baseUrl}/about-us`);
      await setup.evaluate((signedIn) => {
        if (signedIn) localStorage.setItem('accessToken', 'bench');
        else localStorage.removeItem('accessToken');
      }, Boolean(page.signedIn));
      await setup.close();
      /** @type {(typeof results)[number]} */
      const row = { name: page.name, goal: page.goal, scores: [], cls: [], lcp: [], tbt: [] };
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        const result = await lighthouse(`${baseUrl}${page.path}`, {
          port: debugPort,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance'],
          disableStorageReset: Boolean(page.signedIn),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
        row.scores.push((lhr.categories.performance?.score ?? 0) * 100);
        row.cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
        row.lcp.push((lhr.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000);
        row.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
      }
      results.push(row);
    }
  } finally {
    await browser.close();
  }
  return results;
}

const load = os.loadavg();
try {
  const browser = await launchBrowser();
  /** @type {{ remote: string, added: number, fromPublic: number, visibleMs: number }[]} */
  const rows = [];
  let landing = { beforeVisible: NaN, all: NaN, visibleMs: NaN };
  let repeatBytes = NaN;
  let home = { all: NaN };
  try {
    landing = await weighLanding(browser, platform.url);
    home = await weighHome(browser, platform.url);
    for (const remote of REMOTES)
      rows.push({ remote, ...(await weighRemoteRoute(browser, platform.url, remote)) });
    repeatBytes =
      (await repeatVisitBytes(browser, `${platform.url}/`)) +
      (await repeatVisitBytes(browser, `${platform.url}/registration`));
  } finally {
    await browser.close();
  }
  console.log('\nLighthouse, mobile, 3 runs a page…');
  const scores = await lighthouseRuns(platform.url);

  const adds = rows.map((row) => row.added);
  const times = rows.map((row) => row.visibleMs);
  const worstCls = Math.max(...scores.flatMap((row) => row.cls));
  /** @type {[string, string, string][]} */
  const table = [
    [
      "JavaScript before the landing's content is visible",
      `${kb(landing.beforeVisible)} KB gz`,
      '0 (HTML)',
    ],
    [
      'JavaScript the landing loads in all',
      `${kb(landing.all)} KB gz`,
      `at most ${GOALS.landingKb} KB gz`,
    ],
    ['JavaScript /home loads in all (signed in)', `${kb(home.all)} KB gz`, '(no goal of its own)'],
    [
      'JavaScript a remote route adds',
      `${kb(Math.min(...adds))} to ${kb(Math.max(...adds))} KB gz`,
      `at most ${GOALS.remoteRouteKb} KB gz`,
    ],
    ...scores.map(
      (row) =>
        /** @type {[string, string, string]} */ ([
          `Lighthouse mobile, ${row.name}`,
          spread(row.scores),
          `at least ${row.goal}`,
        ]),
    ),
    ['layout shift on any route (Lighthouse pages)', worstCls.toFixed(3), 'at most 0.05'],
    [
      "cold navigation to a remote's content, local",
      `${Math.min(...times)} to ${Math.max(...times)} ms`,
      'at most 400 ms (idle machine)',
    ],
    ['repeat visit: bytes fetched for JavaScript', `${kb(repeatBytes)} KB`, '0 (all from cache)'],
  ];
  console.log(
    `\nGoals, production build, local (load average ${load.map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores at start)`,
  );
  const widths = [0, 1, 2].map((i) => Math.max(...table.map((r) => (r[i] ?? '').length), 7));
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(['measure', 'now', 'goal']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));

  console.log(
    '\nPer remote: JavaScript the route adds (its own; as the first app route from a public page),\nand a cold visit to its content',
  );
  for (const { remote, added, fromPublic, visibleMs } of rows)
    console.log(
      `  ${remote.padEnd(16)} ${kb(added).padStart(6)} KB gz  (${kb(fromPublic).padStart(6)} KB gz)   ${visibleMs} ms`,
    );
  console.log('\nLighthouse detail: median (min to max) of 3 runs');
  for (const row of scores)
    console.log(
      `  ${row.name.padEnd(18)} score ${spread(row.scores)}   LCP ${spread(row.lcp, 2)} s   TBT ${spread(row.tbt)} ms   CLS ${spread(row.cls, 3)}`,
    );
  if (!skipBuildTimes) {
    console.log('\nProduction build time per remote');
    for (const remote of REMOTES)
      console.log(`  ${remote.padEnd(28)} ${(buildSeconds[remote] ?? 0).toFixed(1)} s`);
  }
} finally {
  await platform.stop();
  fs.rmSync(runDir, { recursive: true, force: true });
}

if (process.argv.includes('--pages-only')) process.exit(0);

// The API's own figures: sign-in throughput against raw password hashing, and the signed-in
// read's latency against a bare route.
console.log('');
await pnpm(['--filter', '@lending/api', 'run', 'bench']);
// Document uploads: a 10 MB statement's upload time and the API's peak memory, 1 MB vs 10 MB.
console.log('');
await pnpm(['--filter', '@lending/api', 'exec', 'node', '--import', 'tsx', 'bench/uploads.ts']);
// Throughput through the gateway with one and two API processes, on PostgreSQL (DATABASE_URL)
// and the embedded database. Loaded here, once the install above has brought its load tool.
console.log('');
const { benchThroughput } = await import('./throughput.mjs');
await benchThroughput();
// The staff queue over 10,000 applications: list, filter and search p95 on the embedded database
// and, with DATABASE_URL, on PostgreSQL.
console.log('');
await pnpm(['--filter', '@lending/api', 'run', 'bench:queue']);
// Close of business over 10,000 active loans for 30 business days: total time and loans a
// second, on the embedded database and, with DATABASE_URL, on PostgreSQL (goal: under 2 minutes).
console.log('');
await pnpm(['--filter', '@lending/api', 'run', 'bench:close-of-business'], {
  env: { DATABASE_URL: '' },
});
if (process.env.DATABASE_URL)
  await pnpm(['--filter', '@lending/api', 'run', 'bench:close-of-business']);
// Every API suite on the PostgreSQL server as well as PGlite: `npm test` repeats on the server only
// the suites exercising what differs between the two (see databases() in api/src/testing).
if (process.env.DATABASE_URL && !process.argv.includes('--no-postgresql-suites')) {
  console.log('\nEvery API suite on PGlite and on PostgreSQL (DATABASE_URL)…');
  const started = Date.now();
  await pnpm(['exec', 'jest', '--ci', '--maxWorkers=2', '--forceExit', '--selectProjects', 'api'], {
    env: { NODE_OPTIONS: '--experimental-vm-modules', API_TESTS_ON_POSTGRESQL: 'all' },
  });
  console.log(
    `  every API suite on both databases: ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
