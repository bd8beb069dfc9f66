import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { createGateway } from '../gateway/gateway.mjs';

/** An API stand-in that answers with the headers it was sent. */
async function echoServer() {
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.headers));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('what the gateway tells the API about the visitor', () => {
  it('forwards the address and protocol the visitor opened, with its proof', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-forwarding-'));
    fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
    const remotesFile = path.join(root, 'remotes.json');
    fs.writeFileSync(remotesFile, JSON.stringify({ remotes: [] }));
    const api = await echoServer();
    const gateway = await createGateway({
      repoRoot: root,
      apiUrl: api.url,
      remotesFile,
      proxySecret: 'the-gateway',
    });
    try {
      await gateway.listen({ port: 0, host: '127.0.0.1' });
      const port = (gateway.server.address() as AddressInfo).port;
      const seen = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.json() as Promise<Record<string, string>>,
      );
      expect(seen).toMatchObject({
        'x-forwarded-host': `127.0.0.1:${port}`,
        'x-forwarded-proto': 'http',
        'x-proxy-secret': 'the-gateway',
      });
    } finally {
      await gateway.close();
      api.server.close();
    }
  });
});
