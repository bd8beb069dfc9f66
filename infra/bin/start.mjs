// @ts-check
// `npm start`: installs on first run, builds what is missing, serves the whole platform on one
// origin and says where and how to sign in.
import { buildApps, ensureInstalled, pnpm, repoRoot } from './lib.mjs';
import fs from 'node:fs';
import path from 'node:path';

await ensureInstalled();
await buildApps({ force: process.argv.includes('--rebuild') });
if (!fs.existsSync(path.join(repoRoot, 'api/dist')) || process.argv.includes('--rebuild')) {
  await pnpm(['--filter', '@lending/api', 'run', '--if-present', 'build'], { quiet: true });
}

const { servePlatform } = await import('./serve.mjs');
const platform = await servePlatform();

console.log(`
  The lending platform is running at ${platform.url}
  API documentation: ${platform.url}/api/docs
  Database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${process.env.DATA_DIR ?? '.data/pglite'}`}

  Press Ctrl+C to stop.
`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void platform.stop().then(() => process.exit(0));
  });
}
