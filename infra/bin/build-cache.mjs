// @ts-check
// Production builds kept by the content they are made from, outside the checkout: a run on a tree
// whose inputs did not change (a second CI run of one commit, `npm test` after `npm start`) copies
// the output back instead of spending minutes of webpack on it. The key is a hash of every file the
// build can read (the app, the shared packages, the brands, the root configs and the lockfile)
// and of the settings it reads from the environment; anything else changes the key.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** How many builds of one app are kept; older ones are removed. */
const KEPT_PER_APP = 4;
/** The environment a front-end build reads (see shared/build). */
const BUILD_SETTINGS = ['BRAND', 'SOURCE_MAPS', 'NODE_ENV'];

export function cacheDir() {
  return (
    process.env.LENDING_BUILD_CACHE ??
    path.join(os.homedir(), '.cache', 'lending-platform', 'builds')
  );
}

/**
 * The files under `dirs` that git would consider (tracked, or new and not ignored), or null
 * outside a git checkout, where nothing is cached.
 * @param {string} repoRoot @param {string[]} dirs
 */
function inputFiles(repoRoot, dirs) {
  try {
    const out = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...dirs],
      { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    return [...new Set(out.split('\0').filter(Boolean))].sort();
  } catch {
    return null;
  }
}

/**
 * @param {string} repoRoot
 * @param {string} app
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | null}
 */
export function buildKey(repoRoot, app, env) {
  const rootFiles = fs
    .readdirSync(repoRoot, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'README.md')
    .map((entry) => entry.name);
  const files = inputFiles(repoRoot, [app, 'shared', 'brands', ...rootFiles]);
  if (!files) return null;
  const hash = createHash('sha256');
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${env[name] ?? ''}\n`);
  for (const file of files) {
    const full = path.join(repoRoot, file);
    // A file listed by git but deleted in the working tree is simply not an input.
    if (!fs.existsSync(full) || !fs.statSync(full).isFile()) continue;
    hash.update(file).update('\0').update(fs.readFileSync(full)).update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

/** @param {string} name */
function prune(name) {
  const dir = cacheDir();
  const entries = fs
    .readdirSync(dir)
    .filter((entry) => entry.startsWith(`${name}@`) && !entry.includes('.partial'))
    .map((entry) => ({ name: entry, at: fs.statSync(path.join(dir, entry)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const entry of entries.slice(KEPT_PER_APP)) {
    fs.rmSync(path.join(dir, entry.name), { recursive: true, force: true });
  }
}

/**
 * Restores `outDir` from the cache when a build of the same inputs is there; otherwise runs
 * `build` and keeps its output. Returns whether the output came from the cache. `env` is what the
 * build sees (its BRAND, ...); `name` tells apart builds of one app kept side by side (a brand).
 * @param {{ repoRoot: string, app: string, name?: string, outDir: string, env: NodeJS.ProcessEnv, build: () => Promise<void> }} options
 */
export async function cachedBuild({ repoRoot, app, name = app, outDir, env, build }) {
  // A named build (a release) is never a copy of another one.
  const key = env.BUILD_ID ? null : buildKey(repoRoot, app, env);
  if (!key || process.env.LENDING_BUILD_CACHE === 'off') {
    await build();
    return false;
  }
  const entry = path.join(cacheDir(), `${name}@${key}`);
  if (fs.existsSync(entry)) {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.cpSync(entry, outDir, { recursive: true });
    const now = new Date();
    fs.utimesSync(entry, now, now);
    return true;
  }
  await build();
  fs.mkdirSync(cacheDir(), { recursive: true });
  // Copied aside, then renamed: a build running beside this one never reads half an entry.
  const partial = `${entry}.partial-${process.pid}`;
  fs.cpSync(outDir, partial, { recursive: true });
  fs.rmSync(entry, { recursive: true, force: true });
  fs.renameSync(partial, entry);
  prune(name);
  return false;
}
