import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));

const port = Number(process.env.E2E_PORT ?? 4173);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const repoRoot = path.resolve(here, '../..');

// One folder per run, shared by the runner and its workers (they inherit the environment): a
// fresh embedded database and a copy of the production remotes.json the tests may repoint.
process.env.E2E_RUN_DIR ??= path.join(os.tmpdir(), `lending-e2e-${Date.now()}`);
const runDir = process.env.E2E_RUN_DIR;
if (!fs.existsSync(runDir)) {
  fs.mkdirSync(runDir, { recursive: true });
  fs.copyFileSync(
    path.join(repoRoot, 'infra/remotes/production.json'),
    path.join(runDir, 'remotes.json'),
  );
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: path.join(here, '../../.test-results/e2e-artifacts'),
  use: {
    baseURL: `http://localhost:${port}`,
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
  // After every test: the API's log of the whole run holds nothing personal and no credential.
  globalTeardown: path.join(here, 'log-gate.ts'),
  webServer: {
    command: `node bin/serve.mjs`,
    cwd: path.join(here, '..'),
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      API_PORT: String(port + 1),
      // Always the embedded database of this run, even where DATABASE_URL names a server: the
      // tests expect a fresh platform (the first admin, no accounts).
      DATABASE_URL: '',
      DATA_DIR: path.join(runDir, 'data'),
      REMOTES_FILE: path.join(runDir, 'remotes.json'),
      RELEASES_DIR: path.join(runDir, 'releases'),
      API_LOG_FILE: path.join(runDir, 'api.log'),
      // Every staff member of the whole suite signs in from this one machine's address.
      SIGN_IN_RATE_LIMIT: '1000',
      PASSWORD_LINK_RATE_LIMIT: '1000',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
