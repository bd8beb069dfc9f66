// @ts-check
// The gateway on its own, as its container runs it: the built shell and remotes beside it, the
// API processes somewhere else (API_UPSTREAMS, comma-separated, taken in turn; or API_URL, one
// address, e.g. a service that spreads connections over every replica itself).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createGateway } from './gateway.mjs';
import { upstreamsFromEnv } from './upstreams.mjs';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiUrls = upstreamsFromEnv(process.env);
if (apiUrls.length === 0) {
  throw new Error(
    'API_UPSTREAMS (or API_URL) is required: where the API answers, e.g. http://api-1:3001,http://api-2:3001',
  );
}

const gateway = await createGateway({
  repoRoot: appRoot,
  apiUrls,
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
