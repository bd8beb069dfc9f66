import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));

const port = Number(process.env.E2E_PORT ?? 4173);
// EDGE=nginx: the platform behind nginx on its production configuration instead of the local
// gateway, for the journeys that say the edge works (the smoke journeys and the abuse checks).
const nginx = process.env.EDGE === 'nginx';
const THROUGH_NGINX = ['composition.spec.ts', 'language.spec.ts', 'edge.spec.ts'];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const repoRoot = path.resolve(here, '../..');

// Journeys run on several workers, each against a platform of its own (API on a fresh embedded
// database, gateway in front), so that no journey ever sees another's applicants, staff or
// remotes.json: worker N always talks to server N. Playwright loads this file again in every worker
// with TEST_PARALLEL_INDEX set, which is how a worker finds its server.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const serverIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

// One folder per run, shared by the runner and its workers (they inherit the environment); in it
// one folder per server: its embedded database, its log, and a copy of the production
// remotes.json the tests may repoint.
process.env.E2E_RUN_DIR ??= path.join(os.tmpdir(), `lending-e2e-${Date.now()}`);
const runDir = process.env.E2E_RUN_DIR;
const serverDir = (index: number) => path.join(runDir, `server-${index}`);
const serverPort = (index: number) => port + 2 * index;
// Each server also serves the second brand's shell (redcash) through a gateway of its own, on
// the ports after every server's pair: the accessibility gate checks both brands' builds.
const secondBrandPort = (index: number) => port + 2 * workers + index;
for (let index = 0; index < workers; index++) {
  const dir = serverDir(index);
  if (fs.existsSync(dir)) continue;
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(
    path.join(repoRoot, 'infra/remotes/production.json'),
    path.join(dir, 'remotes.json'),
  );
}
// What a journey reads of its own server (the first admin, authenticator keys, remotes.json, and
// the port, for a journey that opens raw connections).
process.env.E2E_SERVER_DIR = serverDir(serverIndex);
process.env.E2E_SERVER_PORT = String(serverPort(serverIndex));
process.env.E2E_SECOND_BRAND_PORT = String(secondBrandPort(serverIndex));
process.env.E2E_SERVER_COUNT = String(workers);

export default defineConfig({
  testDir: '.',
  testMatch: nginx ? THROUGH_NGINX : '**/*.spec.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: path.join(here, '../../.test-results/e2e-artifacts'),
  use: {
    baseURL: `http://localhost:${serverPort(serverIndex)}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
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
    },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 800 } } }],
  // After every test: the logs of the whole run (the API's, the edge's) hold nothing personal and
  // no credential.
  globalTeardown: path.join(here, 'log-gate.ts'),
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: `node bin/serve.mjs`,
    cwd: path.join(here, '..'),
    url: `http://localhost:${serverPort(index)}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(serverPort(index)),
      API_PORT: String(serverPort(index) + 1),
      SECOND_BRAND_PORT: String(secondBrandPort(index)),
      // Always the embedded database of this run, even where DATABASE_URL names a server: the
      // tests expect a fresh platform (the first admin, no accounts).
      DATABASE_URL: '',
      DATA_DIR: path.join(serverDir(index), 'data'),
      REMOTES_FILE: path.join(serverDir(index), 'remotes.json'),
      RELEASES_DIR: path.join(serverDir(index), 'releases'),
      API_LOG_FILE: path.join(serverDir(index), 'api.log'),
      EDGE_LOG_FILE: path.join(serverDir(index), 'edge.log'),
      EDGE: nginx ? 'nginx' : 'gateway',
      // Every staff member of the whole suite signs in from this one machine's address.
      SIGN_IN_RATE_LIMIT: '1000',
      PASSWORD_LINK_RATE_LIMIT: '1000',
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
