// @ts-check
// The size check of the production build: the landing, the signed-in home and every remote's
// route measured in a browser against the budgets; any one over its budget fails the run.
// Needs the builds (`npm run build`); `npm test` runs it after the production build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { REMOTES } from './lib.mjs';
import {
  BUDGETS,
  kb,
  launchBrowser,
  weighHome,
  weighLanding,
  weighRemoteRoute,
} from './page-weights.mjs';

/**
 * @param {{ port?: number }} [options]
 * @returns {Promise<string[]>} what went over its budget
 */
export async function checkSizes({ port = Number(process.env.SIZE_CHECK_PORT ?? 4283) } = {}) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'size-check-'));
  const { servePlatform } = await import('./serve.mjs');
  const platform = await servePlatform({
    port,
    apiPort: port + 1,
    dataDir: path.join(runDir, 'data'),
    quietApi: true,
  });
  const browser = await launchBrowser();
  /** @type {string[]} */
  const over = [];
  /** @param {string} what @param {number} bytes @param {number} budgetKb */
  const hold = (what, bytes, budgetKb) => {
    const fits = bytes <= budgetKb * 1024;
    console.log(
      `  ${what.padEnd(34)} ${kb(bytes).padStart(7)} KB gz   budget ${budgetKb} KB   ${fits ? 'ok' : 'OVER'}`,
    );
    if (!fits) over.push(`${what}: ${kb(bytes)} KB > ${budgetKb} KB`);
  };
  try {
    const landing = await weighLanding(browser, platform.url);
    hold('landing, before its content shows', landing.beforeVisible, 0);
    hold('landing, in all', landing.all, BUDGETS.landingKb);
    const home = await weighHome(browser, platform.url);
    hold('/home signed in, in all', home.all, BUDGETS.homeKb);
    for (const remote of REMOTES) {
      const { added, fromPublic } = await weighRemoteRoute(browser, platform.url, remote);
      hold(`${remote} route adds`, added, BUDGETS.remoteRouteKb);
      hold(`  first app route, from a public page`, fromPublic, BUDGETS.firstAppRouteKb);
    }
  } finally {
    await browser.close();
    await platform.stop();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
  return over;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('JavaScript against the budgets (production build, gzip)');
  const over = await checkSizes();
  if (over.length) {
    console.error(`\nOver budget:\n  ${over.join('\n  ')}`);
    process.exit(1);
  }
}
