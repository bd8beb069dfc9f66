// @ts-check
// Serves the built platform: the API on its database and the edge in front of it: the local
// gateway, or with EDGE=nginx the production edge (nginx on its production configuration).
// Used by `start` after it has built what was missing, and by the end-to-end tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { startNginx } from '../deploy/nginx/edge.mjs';
import { createGateway } from '../gateway/gateway.mjs';
import { demoStaffCredentials } from './demo-staff.mjs';
import { platformUrl, repoRoot, SECOND_BRAND_SHELL_DIR, waitForHttp } from './lib.mjs';

/**
 * The first back-office admin. Taken from STAFF_ADMIN_EMAIL and STAFF_ADMIN_PASSWORD when set;
 * otherwise made up once for this machine and kept beside the data folder, so there is never a
 * built-in password and the start command can say how to sign in.
 * @param {string} dataDir
 */
export function staffAdminCredentials(dataDir) {
  if (process.env.STAFF_ADMIN_EMAIL && process.env.STAFF_ADMIN_PASSWORD) {
    return { email: process.env.STAFF_ADMIN_EMAIL, password: process.env.STAFF_ADMIN_PASSWORD };
  }
  const file = path.join(path.dirname(dataDir), 'staff-admin.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const credentials = {
    email: 'admin@lending.local',
    password: randomBytes(12).toString('base64url'),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}

/** How often a dead API is started again before the platform gives up, and over what time. */
const API_RESTARTS = 3;
const API_CRASH_WINDOW_MS = 60_000;

/**
 * Where the API's log lines go: API_LOG_FILE when set (the end-to-end run reads it back to check
 * that nothing personal was logged), nowhere when quiet, else this terminal.
 * @param {boolean | undefined} quiet
 * @returns {'inherit' | 'ignore' | number}
 */
function apiLogTarget(quiet) {
  const file = process.env.API_LOG_FILE;
  if (file) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return fs.openSync(file, 'a');
  }
  return quiet ? 'ignore' : 'inherit';
}

/** The edge's log, as production keeps it: EDGE_LOG_FILE when set (read back like the API's),
 *  else this terminal (nginx: standard output and error). */
function edgeLogFile() {
  const file = process.env.EDGE_LOG_FILE;
  if (file) fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

const apiDir = path.join(repoRoot, 'api');
const apiBundle = path.join(apiDir, 'dist/main.js');
/** What the bundle is built from: the API and the workspace packages it bundles. */
const apiSources = ['api/src', 'shared/contracts/src', 'shared/domain/src'];

/** @param {string} dir @returns {number} */
function newestChange(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Node's arguments for the API: the compiled bundle in production and whenever it is at least
 *  as new as every source, else the TypeScript sources through tsx, so a change shows without a
 *  build while developing. */
export function apiCommand() {
  if (process.env.NODE_ENV === 'production') {
    if (!fs.existsSync(apiBundle)) throw new Error('api/dist/main.js is missing: npm run build');
    return ['dist/main.js'];
  }
  if (fs.existsSync(apiBundle)) {
    const built = fs.statSync(apiBundle).mtimeMs;
    const sourcesChanged = Math.max(
      ...apiSources.map((dir) => newestChange(path.join(repoRoot, dir))),
    );
    if (built >= sourcesChanged) return ['dist/main.js'];
  }
  return ['--import', 'tsx', 'src/main.ts'];
}

/**
 * @param {{ port?: number, apiPort?: number, remotesFile?: string, dataDir?: string, quietApi?: boolean, demoStaff?: boolean }} [options]
 */
export async function servePlatform(options = {}) {
  const port = options.port ?? Number(process.env.PORT ?? 3000);
  const apiPort = options.apiPort ?? Number(process.env.API_PORT ?? port + 1);
  const remotesFile =
    options.remotesFile ??
    process.env.REMOTES_FILE ??
    path.join(repoRoot, 'infra/remotes/production.json');
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const dataDir = path.resolve(
    repoRoot,
    options.dataDir ?? process.env.DATA_DIR ?? path.join('.data', 'pglite'),
  );
  const staffAdmin = staffAdminCredentials(dataDir);
  const demoStaff = options.demoStaff ? demoStaffCredentials(dataDir) : null;
  // Proves the gateway to the API, so the API believes the client address it forwards.
  const proxySecret = randomBytes(24).toString('base64url');

  // Node itself rather than `pnpm run serve`: pnpm and the tsx command each sit between, and a
  // SIGTERM to them left the API running, holding its port and data.
  const spawnApi = () =>
    spawn(process.execPath, apiCommand(), {
      cwd: apiDir,
      env: {
        ...process.env,
        API_PORT: String(apiPort),
        API_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Without PUBLIC_URL the API names, in its links, the address each person opened when it
        // is this machine's (localhost or 127.0.0.1), and this port's otherwise.
        PORT: String(port),
        STAFF_ADMIN_EMAIL: staffAdmin.email,
        STAFF_ADMIN_PASSWORD: staffAdmin.password,
        // Only what the caller asked for: a DEMO_STAFF of the shell never reaches the API.
        DEMO_STAFF: demoStaff
          ? JSON.stringify(
              demoStaff.map(({ email, name, roles, password }) => ({
                email,
                name,
                roles,
                password,
              })),
            )
          : '',
        PROXY_SECRET: proxySecret,
      },
      stdio: ['ignore', apiLogTarget(options.quietApi), 'inherit'],
    });
  let api = spawnApi();
  let stopping = false;
  const stopApi = () => {
    stopping = true;
    if (api.exitCode === null) api.kill('SIGTERM');
  };

  // An API that stops while starting fails the start at once instead of after the wait.
  const apiExited = new Promise((_resolve, reject) => {
    api.once('exit', (code) => reject(new Error(`The API stopped while starting (exit ${code})`)));
  });
  await Promise.race([waitForHttp(`${apiUrl}/api/health`, 120_000), apiExited]);
  apiExited.catch(() => {});

  // Once serving, an API that dies is started again; one that keeps dying stops the whole
  // platform with a clear message instead of leaving a gateway that answers 502 to everything.
  /** @type {number[]} */
  const recentCrashes = [];
  /** @type {(() => Promise<void>) | undefined} */
  let stopEverything;
  const watch = () =>
    api.once('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      recentCrashes.push(now);
      while ((recentCrashes[0] ?? now) < now - API_CRASH_WINDOW_MS) recentCrashes.shift();
      const how = signal ? `signal ${signal}` : `exit ${code}`;
      if (recentCrashes.length > API_RESTARTS) {
        console.error(
          `The API stopped (${how}) ${recentCrashes.length} times within a minute; stopping the platform. Its messages are above.`,
        );
        void (stopEverything?.() ?? Promise.resolve()).then(() => process.exit(1));
        return;
      }
      console.error(`The API stopped (${how}); starting it again.`);
      api = spawnApi();
      watch();
    });
  watch();

  // Deployed remote versions live side by side under /releases/<remote>/<version>/; remotes.json
  // says which one users get.
  const releasesDir = process.env.RELEASES_DIR ?? path.join(repoRoot, '.releases');
  fs.mkdirSync(releasesDir, { recursive: true });
  const edge =
    process.env.EDGE === 'nginx'
      ? await serveThroughNginx({ port, apiPort, remotesFile, releasesDir, proxySecret, dataDir })
      : await serveThroughGateway({ port, apiUrl, remotesFile, releasesDir, proxySecret });
  const secondBrand = await serveSecondBrand({ apiUrl, remotesFile, releasesDir, proxySecret });

  const stop = async () => {
    stopApi();
    await edge.stop();
    await secondBrand?.stop();
  };
  stopEverything = stop;
  // `url` is this machine's way in (the start's own calls, the bench); `publicUrl` is what people
  // are told to open, the address the platform's links name.
  return {
    port,
    apiUrl,
    url: `http://localhost:${port}`,
    publicUrl: platformUrl(port),
    stop,
    staffAdmin,
    demoStaff,
    dataDir,
  };
}

/**
 * @param {{ port: number, apiUrl: string, remotesFile: string, releasesDir: string, proxySecret: string }} options
 */
async function serveThroughGateway({ port, apiUrl, remotesFile, releasesDir, proxySecret }) {
  const file = edgeLogFile();
  const gateway = await createGateway({
    repoRoot,
    apiUrl,
    remotesFile,
    extraStatic: [{ prefix: '/releases/', dir: releasesDir }],
    trustProxy: process.env.GATEWAY_TRUST_PROXY || false,
    proxySecret,
    log: file ? fs.createWriteStream(file, { flags: 'a' }) : true,
  });
  await gateway.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
  return { stop: () => gateway.close() };
}

/**
 * The other brand's shell, when asked for (the end-to-end run checks both brands' pages): a
 * second gateway in front of the same API and remotes on SECOND_BRAND_PORT, as a second tenant's
 * site would be. Without that build (a run of one spec after building one app) nothing listens
 * there, and the tests of that brand say how to build it.
 * @param {{ apiUrl: string, remotesFile: string, releasesDir: string, proxySecret: string }} options
 */
async function serveSecondBrand({ apiUrl, remotesFile, releasesDir, proxySecret }) {
  const port = Number(process.env.SECOND_BRAND_PORT ?? 0);
  if (!port || !fs.existsSync(path.join(SECOND_BRAND_SHELL_DIR, 'index.html'))) return null;
  const gateway = await createGateway({
    repoRoot,
    apiUrl,
    remotesFile,
    shellDir: SECOND_BRAND_SHELL_DIR,
    extraStatic: [{ prefix: '/releases/', dir: releasesDir }],
    trustProxy: process.env.GATEWAY_TRUST_PROXY || false,
    proxySecret,
    log: false,
  });
  await gateway.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
  return { stop: () => gateway.close() };
}

/**
 * nginx on the production configuration, in front of the API of this machine.
 * @param {{ port: number, apiPort: number, remotesFile: string, releasesDir: string, proxySecret: string, dataDir: string }} options
 */
async function serveThroughNginx({
  port,
  apiPort,
  remotesFile,
  releasesDir,
  proxySecret,
  dataDir,
}) {
  const file = edgeLogFile();
  const host = process.env.HOST ?? '127.0.0.1';
  const nginx = await startNginx({
    port,
    host,
    listen: `${host}:${port}`,
    upstreams: [`127.0.0.1:${apiPort}`],
    runDir: path.join(path.dirname(dataDir), 'edge'),
    remotesFile,
    releasesDir,
    accessLog: file ?? '/dev/stdout',
    errorLog: file ?? '/dev/stderr',
    trustedProxies: (process.env.GATEWAY_TRUST_PROXY ?? '').split(',').filter(Boolean),
    recaptcha: process.env.CAPTCHA_PROVIDER === 'recaptcha-v2',
    proxySecret,
  });
  return { stop: nginx.stop };
}

const isMain =
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const platform = await servePlatform();
  console.log(`Platform served at ${platform.url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      void platform.stop().then(() => process.exit(0));
    });
  }
}
