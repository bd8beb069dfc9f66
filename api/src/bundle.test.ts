// The compiled API as production runs it: built with the real build script into a folder of its
// own, then started with plain Node on an empty data folder.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { apiRoot } from './paths';

const folder = 'dist-check';
const outdir = path.join(apiRoot, folder);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function health(url: string, child: ChildProcess, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API stopped (exit ${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return await response.json();
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

describe('the compiled API', () => {
  let dataDir: string;
  let api: ChildProcess | undefined;

  beforeAll(() => {
    const built = spawnSync(process.execPath, ['build.mjs', folder], {
      cwd: apiRoot,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`the build failed:\n${built.stderr}`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bundle-'));
  });
  afterAll(() => {
    api?.kill('SIGKILL');
    fs.rmSync(outdir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('carries the workspace packages inside and leaves third-party packages to node_modules', () => {
    for (const entry of ['main.js', 'migrate.js']) {
      const code = fs.readFileSync(path.join(outdir, entry), 'utf8');
      expect(code).not.toMatch(/from\s*["']@lending\//);
      expect(code).toMatch(/from\s*["']drizzle-orm["']/);
    }
  });

  it('starts with plain Node, prepares its database and answers the health check', async () => {
    const port = await freePort();
    api = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: os.tmpdir(),
      env: {
        PATH: process.env.PATH,
        DATA_DIR: path.join(dataDir, 'pglite'),
        API_PORT: String(port),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const body = await health(`http://127.0.0.1:${port}/api/health`, api, 50_000);
    expect(body).toEqual({ status: 'ok' });
  }, 60_000);
});
