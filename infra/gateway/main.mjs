// @ts-check
// The local gateway on its own process, in front of one API at API_URL: what the throughput
// bench measures against nginx. `npm start` and the end-to-end tests start it in their own
// process instead (infra/bin/serve.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createGateway } from './gateway.mjs';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiUrl = process.env.API_URL;
if (!apiUrl || !/^https?:\/\//.test(apiUrl)) {
  throw new Error('API_URL is required: where the API answers, e.g. http://127.0.0.1:3001');
}

const gateway = await createGateway({
  repoRoot: appRoot,
  apiUrl,
  remotesFile: process.env.REMOTES_FILE ?? path.join(appRoot, 'infra/remotes/production.json'),
  log: process.env.GATEWAY_LOG !== 'off',
});
await gateway.listen({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '127.0.0.1',
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void gateway.close().then(() => process.exit(0));
  });
}
