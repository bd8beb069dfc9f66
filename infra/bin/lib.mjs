// @ts-check
// What the start, build, test and bench commands share: finding pnpm on a machine that may only
// have Node and npm, installing once, and building what is missing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { cachedBuild } from './build-cache.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTES = [
  'mf-onboarding',
  'mf-loan-status',
  'mf-repayment',
  'mf-guarantor',
  'mf-admin',
];
export const APPS = ['shell', ...REMOTES];
/** The tenant the shell is built for by default, and the other one: remotes serve both, the
 *  shell is built per brand. The end-to-end run serves the second build beside the first. */
export const SECOND_BRAND = 'redcash';
/** Where the second brand's shell is built (a folder of the shell package, like dist). */
export const SECOND_BRAND_SHELL_DIR = path.join(repoRoot, 'shell', `dist-${SECOND_BRAND}`);
const PNPM_VERSION = '10.34.9';

/** pnpm itself when installed, else the pinned version through npx (npm ships with Node). */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim().startsWith('10.'))
    return { cmd: 'pnpm', prefix: [] };
  return { cmd: 'npx', prefix: ['-y', `pnpm@${PNPM_VERSION}`] };
}

/** Writes a child's output line by line, each line behind `tag`, so that two commands running
 *  side by side stay readable.
 *  @param {import('node:stream').Readable} stream @param {NodeJS.WriteStream} to @param {string} tag */
function tagLines(stream, to, tag) {
  let pending = '';
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) to.write(`${tag} ${line}\n`);
  });
  stream.on('end', () => pending && to.write(`${tag} ${pending}\n`));
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, quiet?: boolean, tag?: string }} [options]
 *   `quiet` keeps the output unless the command fails; `tag` prints it with a tag before each line.
 * @returns {Promise<void>}
 */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: options.quiet || options.tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (options.tag && !options.quiet) {
      if (child.stdout) tagLines(child.stdout, process.stdout, options.tag);
      if (child.stderr) tagLines(child.stderr, process.stderr, options.tag);
    } else {
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
    }
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else {
        if (options.quiet) process.stderr.write(output);
        reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`));
      }
    });
  });
}

/** @param {string[]} args @param {{ env?: NodeJS.ProcessEnv, quiet?: boolean, tag?: string }} [options] */
export function pnpm(args, options) {
  const { cmd, prefix } = pnpmCommand();
  return run(cmd, [...prefix, ...args], options);
}

export async function ensureInstalled() {
  const marker = path.join(repoRoot, 'node_modules/.modules.yaml');
  const lock = path.join(repoRoot, 'pnpm-lock.yaml');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (first run only)…');
  await pnpm(['install', '--frozen-lockfile']);
}

/** @param {string} app */
export function isBuilt(app) {
  const dir = path.join(repoRoot, app, 'dist');
  const marker = app === 'shell' ? 'index.html' : 'mf-manifest.json';
  return fs.existsSync(path.join(dir, marker));
}

/** Runs a build step, saying what it builds and how long it took: on one line as it goes, or, with
 *  a `tag` (output beside another command's), on one tagged line once it is done. The step may
 *  return a few words on how it was done.
 *  @param {string} what @param {string | undefined} tag @param {() => Promise<string | void>} build */
async function timedBuild(what, tag, build) {
  const started = Date.now();
  if (!tag) process.stdout.write(`Building ${what}… `);
  const how = await build();
  const seconds = `${((Date.now() - started) / 1000).toFixed(1)} s${how ? ` (${how})` : ''}`;
  console.log(tag ? `${tag} Built ${what} in ${seconds}` : seconds);
}

/** Builds each app, or copies its output from the build cache when one of the same inputs is
 *  kept there (see build-cache.mjs). `force` rebuilds what is already in `dist`; without it an
 *  app that has a `dist` is left as it is. `secondBrand` builds the shell again for the other
 *  tenant, into its own folder.
 *  @param {{ force?: boolean, brand?: string, tag?: string, secondBrand?: boolean }} [options] */
export async function buildApps({ force = false, brand, tag, secondBrand = false } = {}) {
  const env = brand ? { BRAND: brand } : {};
  for (const app of APPS) {
    if (!force && isBuilt(app)) continue;
    await timedBuild(app, tag, async () => {
      const fromCache = await cachedBuild({
        repoRoot,
        app,
        outDir: path.join(repoRoot, app, 'dist'),
        env: { ...process.env, ...env },
        build: () => pnpm(['--filter', `@lending/${app}`, 'run', 'build'], { env, quiet: true }),
      });
      return fromCache ? 'copied from the build cache: same sources' : undefined;
    });
  }
  // The shell alone again, for the other tenant: what its pages are checked on (accessibility).
  if (secondBrand && (force || !fs.existsSync(path.join(SECOND_BRAND_SHELL_DIR, 'index.html')))) {
    await timedBuild(`shell (${SECOND_BRAND})`, tag, async () => {
      const fromCache = await cachedBuild({
        repoRoot,
        app: 'shell',
        name: `shell-${SECOND_BRAND}`,
        outDir: SECOND_BRAND_SHELL_DIR,
        env: { ...process.env, BRAND: SECOND_BRAND },
        build: () =>
          pnpm(['--filter', '@lending/shell', 'run', 'build'], {
            env: { BRAND: SECOND_BRAND, OUT_DIR: SECOND_BRAND_SHELL_DIR },
            quiet: true,
          }),
      });
      return fromCache ? 'copied from the build cache: same sources' : undefined;
    });
  }
}

/** The API bundle (api/dist), built by the API package's own build script.
 *  @param {{ tag?: string }} [options] */
export async function buildApi({ tag } = {}) {
  await timedBuild('api', tag, () =>
    pnpm(['--filter', '@lending/api', 'run', 'build'], { quiet: true }),
  );
}

/** @param {string} url @param {number} timeoutMs */
export async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastError = `status ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError})`);
}

/**
 * The address to open the platform at, as the links it sends name it: PUBLIC_URL when set, else
 * this machine at the gateway's port.
 * @param {number} port
 * @param {NodeJS.ProcessEnv} [env]
 */
export function platformUrl(port, env = process.env) {
  return (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
}
