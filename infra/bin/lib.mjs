// @ts-check
// What the start, build, test and bench commands share: finding pnpm on a machine that may only
// have Node and npm, installing once, and building what is missing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTES = [
  'mf-onboarding',
  'mf-loan-status',
  'mf-repayment',
  'mf-guarantor',
  'mf-admin',
];
export const APPS = ['shell', ...REMOTES];
const PNPM_VERSION = '10.34.9';

/** pnpm itself when installed, else the pinned version through npx (npm ships with Node). */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim().startsWith('10.'))
    return { cmd: 'pnpm', prefix: [] };
  return { cmd: 'npx', prefix: ['-y', `pnpm@${PNPM_VERSION}`] };
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, quiet?: boolean }} [options]
 * @returns {Promise<void>}
 */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
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

/** @param {string[]} args @param {{ env?: NodeJS.ProcessEnv, quiet?: boolean }} [options] */
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

/** @param {{ force?: boolean, brand?: string }} [options] */
export async function buildApps({ force = false, brand } = {}) {
  const env = brand ? { BRAND: brand } : {};
  for (const app of APPS) {
    if (!force && isBuilt(app)) continue;
    const started = Date.now();
    process.stdout.write(`Building ${app}… `);
    await pnpm(['--filter', `@lending/${app}`, 'run', 'build'], { env, quiet: true });
    console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** The API bundle (api/dist), built by the API package's own build script. */
export async function buildApi() {
  const started = Date.now();
  process.stdout.write('Building api… ');
  await pnpm(['--filter', '@lending/api', 'run', 'build'], { quiet: true });
  console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
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
