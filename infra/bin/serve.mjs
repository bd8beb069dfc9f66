// @ts-check
// Serves the built platform: the API on its database and the gateway in front of it.
// Used by `start` after it has built what was missing, and by the end-to-end tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createGateway } from '../gateway/gateway.mjs';
import { pnpmCommand, repoRoot, waitForHttp } from './lib.mjs';

/**
 * @param {{ port?: number, apiPort?: number, remotesFile?: string, dataDir?: string, quietApi?: boolean }} [options]
 */
export async function servePlatform(options = {}) {
  const port = options.port ?? Number(process.env.PORT ?? 3000);
  const apiPort = options.apiPort ?? Number(process.env.API_PORT ?? port + 1);
  const remotesFile =
    options.remotesFile ??
    process.env.REMOTES_FILE ??
    path.join(repoRoot, 'infra/remotes/production.json');
  const apiUrl = `http://127.0.0.1:${apiPort}`;

  const { cmd, prefix } = pnpmCommand();
  const api = spawn(cmd, [...prefix, '--silent', '--filter', '@lending/api', 'run', 'serve'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    },
    stdio: options.quietApi ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  const stopApi = () => {
    if (api.exitCode === null) api.kill('SIGTERM');
  };
  api.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`The API stopped (exit ${code}).`);
  });

  // An API that stops while starting fails the start at once instead of after the wait.
  const apiExited = new Promise((_resolve, reject) => {
    api.once('exit', (code) => reject(new Error(`The API stopped while starting (exit ${code})`)));
  });
  await Promise.race([waitForHttp(`${apiUrl}/api/health`, 120_000), apiExited]);
  // Deployed remote versions live side by side under /releases/<remote>/<version>/; remotes.json
  // says which one users get.
  const releasesDir = process.env.RELEASES_DIR ?? path.join(repoRoot, '.releases');
  fs.mkdirSync(releasesDir, { recursive: true });
  const gateway = await createGateway({
    repoRoot,
    apiUrl,
    remotesFile,
    extraStatic: [{ prefix: '/releases/', dir: releasesDir }],
  });
  await gateway.listen({ port, host: process.env.HOST ?? '127.0.0.1' });

  const stop = async () => {
    await gateway.close();
    stopApi();
  };
  return { port, apiUrl, url: `http://localhost:${port}`, stop };
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
