// @ts-check
// The gateway on its own, as its container runs it: the built shell and remotes beside it, the
// API somewhere else (API_URL; a service name that resolves to every replica).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createGateway } from './gateway.mjs';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiUrl = process.env.API_URL;
if (!apiUrl) throw new Error('API_URL is required: where the API answers, e.g. http://api:3001');

const gateway = await createGateway({
  repoRoot: appRoot,
  apiUrl,
  remotesFile: process.env.REMOTES_FILE ?? path.join(appRoot, 'infra/remotes/production.json'),
  extraStatic: process.env.RELEASES_DIR
    ? [{ prefix: '/releases/', dir: process.env.RELEASES_DIR }]
    : [],
  logger: true,
});
await gateway.listen({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '0.0.0.0',
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void gateway.close().then(() => process.exit(0));
  });
}
