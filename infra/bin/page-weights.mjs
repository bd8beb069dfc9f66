// @ts-check
// What a page costs in JavaScript, measured in a real browser against the production build: the
// bench prints it, the size check holds it to the budgets.
import zlib from 'node:zlib';

import { findChromium } from './chromium.mjs';

/** The goals, gzip KB (the bench prints them beside the figures): what the landing loads in all
 *  and what moving into a remote's route adds. */
export const GOALS = { landingKb: 150, remoteRouteKb: 35 };

/** The budgets the size check holds every production build to: the figures reached so far with a
 *  little room, lowered as they come down towards the goals. A change that adds past them fails
 *  the build. */
// The landing came down from 345 when forms, overlays and the orchestrator left it, and from 282 to
// 237.7 when the federation runtime was one copy instead of two and the screens' heavier pieces
// (tabs, progress, checkboxes, files, signing, loan figures) became an entry of their own; /home
// fell to 357.7 with the runtime. Those pieces now come with the first app route from a public page
// (the shell loads its copies of every UI entry before the first remote): 132.4 at most. The
// platform's own small HTTP transport in place of axios took the landing to 218.4, /home to 338.8.
// Onboarding's areas fetching their words with their screens took the largest remote route from
// 45.1 to 40.5 and the first app route to 128.6. The closed, terminated and pay-now states of the
// home card took /home to 345.6 with the signing reader already lazy: its budget is 346 until the
// home route is rendered at build time like the public pages. The platform contract (every remote
// entry states the platform range it needs, strictly) and the general ledger's three routes in the
// shell's route table (until remotes declare their own routes) took /home to 346.2: 347.
export const BUDGETS = { landingKb: 225, homeKb: 347, remoteRouteKb: 45, firstAppRouteKb: 135 };

/** The route each remote is measured on and the screen that shows it has rendered.
 *  @type {Record<string, { path: string, screen: string, needsLogin?: boolean }>} */
export const REMOTE_ROUTES = {
  'mf-onboarding': { path: '/registration', screen: 'registration' },
  'mf-loan-status': { path: '/loan-status/account-creation', screen: 'accountCreation' },
  'mf-repayment': { path: '/repayment-schedule', screen: 'repaymentSchedule', needsLogin: true },
  'mf-guarantor': {
    path: '/guarantor-signing/identity-verification',
    screen: 'identityVerification',
  },
  // Signed out, every staff page is the sign-in: the remote is measured there.
  'mf-admin': { path: '/admin/login', screen: 'adminLogin' },
};

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);

export async function launchBrowser() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
}

/** Records every JavaScript file a page loads, with its gzip size computed here (the same for
 *  every run, whatever the server chose to compress), and when it arrived.
 *  @param {import('@playwright/test').Page} page */
export function trackScripts(page) {
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

export const total = (/** @type {Map<string, number>} */ scripts) =>
  [...scripts.values()].reduce((sum, size) => sum + size, 0);

/** Waits until a whole second passes without a new script: "network idle" alone can come between
 *  a screen's first paint and the chunks it asks for next. */
export async function settle(
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

/**
 * The landing: the JavaScript that ran before its heading was there (none when the page came
 * rendered) and what it loads in all.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 */
export async function weighLanding(browser, baseUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = trackScripts(page);
  // Whether the heading was in the page as it arrived, before any script could add it.
  let headingInHtml = false;
  page.on('response', async (response) => {
    if (response.url() !== `${baseUrl}/`) return;
    headingInHtml = /<h1[\s>]/.test(await response.text().catch(() => ''));
  });
  const started = Date.now();
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const visibleMs = Date.now() - started;
  const beforeVisible = headingInHtml ? 0 : total(scripts);
  await settle(page, scripts);
  const all = total(scripts);
  await context.close();
  return { beforeVisible, all, visibleMs };
}

/**
 * What the signed-in home loads in all, cold.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 */
export async function weighHome(browser, baseUrl) {
  const context = await browser.newContext();
  // The guard only looks for a token; the page's frame renders whatever the API answers.
  await context.addInitScript(() => localStorage.setItem('accessToken', 'bench'));
  const page = await context.newPage();
  const scripts = trackScripts(page);
  await page.goto(`${baseUrl}/home`);
  await settle(page, scripts);
  const all = total(scripts);
  await context.close();
  return { all };
}

/** Moves the page to a remote's route as the platform's navigate does (the history entry, then
 *  the announcement every router follows; the orchestrator makes it itself once loaded) and waits
 *  for the remote's screen and the scripts it asks for.
 *  @param {import('@playwright/test').Page} page
 *  @param {Map<string, number>} scripts
 *  @param {{ path: string, screen: string }} route */
async function moveTo(page, scripts, route) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    if (!('singleSpaNavigate' in window)) window.dispatchEvent(new PopStateEvent('popstate'));
  }, route.path);
  await page.locator(`[data-testid="screen-${route.screen}"]`).waitFor();
  await settle(page, scripts);
}

/**
 * What a remote's route adds: `added`, the remote's own code, measured after another remote has
 * brought in what every app page shares (the orchestrator, forms, overlays); `fromPublic`, the
 * first move from a public page, which loads those too. And a cold visit's time to its content.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 * @param {string} remote
 */
export async function weighRemoteRoute(browser, baseUrl, remote) {
  const route = REMOTE_ROUTES[remote];
  if (!route) throw new Error(`No measured route for ${remote}`);
  // The staff sign-in calls no applicant service, so the bench's made-up applicant token is never
  // refused there (a refusal would end the session and leave the route).
  const warmUp = REMOTE_ROUTES[remote === 'mf-admin' ? 'mf-onboarding' : 'mf-admin'];
  if (!warmUp) throw new Error('No measured route to warm up on');
  /** @param {boolean} warm */
  const measure = async (warm) => {
    const context = await browser.newContext();
    if (route.needsLogin)
      await context.addInitScript(() => localStorage.setItem('accessToken', 'bench'));
    const page = await context.newPage();
    const scripts = trackScripts(page);
    await page.goto(`${baseUrl}/about-us`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle(page, scripts);
    if (warm) await moveTo(page, scripts, warmUp);
    const before = total(scripts);
    await moveTo(page, scripts, route);
    const added = total(scripts) - before;
    await context.close();
    return added;
  };
  const fromPublic = await measure(false);
  const added = await measure(true);

  const cold = await browser.newContext();
  if (route.needsLogin)
    await cold.addInitScript(() => localStorage.setItem('accessToken', 'bench'));
  const coldPage = await cold.newPage();
  const started = Date.now();
  await coldPage.goto(baseUrl + route.path);
  await coldPage.locator(`[data-testid="screen-${route.screen}"]`).waitFor();
  const visibleMs = Date.now() - started;
  await cold.close();
  return { added, fromPublic, visibleMs };
}

/**
 * Bytes of JavaScript fetched over the network on a second visit to a page, in the same browser
 * (what the cache answered, or a 304 that only revalidated, counts nothing).
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 */
export async function repeatVisitBytes(browser, url) {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto(url);
  await settle(first, trackScripts(first));
  await first.close();

  const again = await context.newPage();
  const cdp = await context.newCDPSession(again);
  await cdp.send('Network.enable');
  /** @type {Map<string, boolean>} request id of a script to "answered from the cache" */
  const scripts = new Map();
  /** Request ids the server answered 304: Chrome reports those as the cached 200 they revalidated,
   *  so only the raw response says no body came. */
  const revalidated = new Set();
  let fetched = 0;
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
    if (statusCode === 304) revalidated.add(requestId);
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (!/\.m?js(\?|$)/.test(response.url)) return;
    // Memory-cache hits never reach this event; disk-cache ones say so.
    scripts.set(requestId, response.fromDiskCache || response.status === 304);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const cached = scripts.get(requestId);
    if (cached === false && !revalidated.has(requestId)) fetched += encodedDataLength;
  });
  await again.goto(url);
  await settle(again, trackScripts(again));
  await context.close();
  return fetched;
}
