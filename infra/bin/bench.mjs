// @ts-check
// `npm run bench`: prints what the product costs a user and a developer, measured on this machine
// against the production build served the way users get it. Figures, not pass/fail: goals are
// printed beside them so a regression is visible in review.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { findChromium } from './chromium.mjs';
import { buildApps, ensureInstalled, pnpm, REMOTES } from './lib.mjs';

const GOALS = { landingKb: 250, remoteRouteKb: 60 };

/** The route each remote is measured on and the screen that shows it has rendered.
 *  @type {Record<string, { path: string, screen: string, needsLogin?: boolean }>} */
const REMOTE_ROUTES = {
  'mf-onboarding': { path: '/registration', screen: 'registration' },
  'mf-loan-status': { path: '/loan-status/account-creation', screen: 'accountCreation' },
  'mf-repayment': { path: '/repayment-schedule', screen: 'repaymentSchedule', needsLogin: true },
  'mf-guarantor': {
    path: '/guarantor-signing/identity-verification',
    screen: 'identityVerification',
  },
  'mf-admin': { path: '/admin', screen: 'adminHome' },
};

const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);

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

const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** Records every JavaScript file a page loads, with its gzip size computed here (the same for
 *  every run, whatever the server chose to compress). */
function trackScripts(/** @type {import('@playwright/test').Page} */ page) {
  /** @type {Map<string, number>} */
  const scripts = new Map();
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\.m?js(\?|$)/.test(url) || scripts.has(url)) return;
    try {
      const body = await response.body();
      scripts.set(url, zlib.gzipSync(body, { level: 9 }).length);
    } catch {
      // A response cut short by navigation carries no body to weigh.
    }
  });
  return scripts;
}
const total = (/** @type {Map<string, number>} */ scripts) =>
  [...scripts.values()].reduce((sum, size) => sum + size, 0);
/** Waits until a whole second passes without a new script: "network idle" alone can come between
 *  a screen's first paint and the chunks it asks for next (a form's validation library), which
 *  left those out of the figure on some runs. */
async function settle(
  /** @type {import('@playwright/test').Page} */ page,
  /** @type {Map<string, number>} */ scripts,
) {
  for (;;) {
    await page.waitForLoadState('networkidle');
    const seen = scripts.size;
    await page.waitForTimeout(1000);
    if (scripts.size === seen) return;
  }
}

const rows = [];
try {
  // Landing: what a first-time visitor downloads before the page is there.
  const landingContext = await browser.newContext();
  const landing = await landingContext.newPage();
  const landingScripts = trackScripts(landing);
  const landingStarted = Date.now();
  await landing.goto(platform.url + '/');
  await landing.getByRole('heading', { level: 1 }).waitFor();
  const landingMs = Date.now() - landingStarted;
  await settle(landing, landingScripts);
  const landingBytes = total(landingScripts);
  await landingContext.close();

  for (const remote of REMOTES) {
    const route = REMOTE_ROUTES[remote];
    if (!route) throw new Error(`No bench route for ${remote}`);
    // Bytes the route adds: start on the landing page, then move into the remote's route.
    const context = await browser.newContext();
    if (route.needsLogin) {
      // The guard only looks for a token; the remote's frame renders without calling the API.
      await context.addInitScript(() => localStorage.setItem('accessToken', 'bench'));
    }
    const page = await context.newPage();
    const scripts = trackScripts(page);
    await page.goto(platform.url + '/about-us');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle(page, scripts);
    const before = total(scripts);
    await page.evaluate((to) => window.history.pushState(null, '', to), route.path);
    await page.locator(`[data-testid="screen-${route.screen}"]`).waitFor();
    await settle(page, scripts);
    const added = total(scripts) - before;
    await context.close();

    // Time to content: a cold visit straight to the route (nothing cached).
    const cold = await browser.newContext();
    if (route.needsLogin)
      await cold.addInitScript(() => localStorage.setItem('accessToken', 'bench'));
    const coldPage = await cold.newPage();
    const started = Date.now();
    await coldPage.goto(platform.url + route.path);
    await coldPage.locator(`[data-testid="screen-${route.screen}"]`).waitFor();
    const visibleMs = Date.now() - started;
    await cold.close();

    rows.push({ remote, added, visibleMs });
  }

  console.log('\nJavaScript (gzip) and time to content, production build, local, cold cache');
  console.log(
    `  landing page                 ${kb(landingBytes).padStart(7)} KB   goal ≤ ${GOALS.landingKb} KB   visible in ${landingMs} ms`,
  );
  for (const { remote, added, visibleMs } of rows) {
    console.log(
      `  ${(remote + ' route adds').padEnd(28)} ${kb(added).padStart(7)} KB   goal ≤ ${GOALS.remoteRouteKb} KB    content in ${visibleMs} ms`,
    );
  }
  if (!skipBuildTimes) {
    console.log('\nProduction build time per remote');
    for (const remote of REMOTES)
      console.log(`  ${remote.padEnd(28)} ${(buildSeconds[remote] ?? 0).toFixed(1)} s`);
  }
} finally {
  await browser.close();
  await platform.stop();
  fs.rmSync(runDir, { recursive: true, force: true });
}

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
