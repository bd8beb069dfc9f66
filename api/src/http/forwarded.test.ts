import Fastify from 'fastify';

import { acceptForwardingOnlyFromGateway, PROXY_SECRET_HEADER } from './forwarded';

async function appSeeingClients() {
  const app = Fastify({ trustProxy: 'loopback' });
  acceptForwardingOnlyFromGateway(app, 'gateway-secret');
  app.get('/who', async (request) => ({
    ip: request.ip,
    secretSeen: request.headers[PROXY_SECRET_HEADER] ?? null,
  }));
  await app.ready();
  return app;
}

describe('forwarded client addresses', () => {
  it("believes the gateway's forwarded address when it sends the shared secret", async () => {
    const app = await appSeeingClients();
    const answer = await app.inject({
      url: '/who',
      headers: { 'x-forwarded-for': '203.0.113.7', [PROXY_SECRET_HEADER]: 'gateway-secret' },
    });
    // The secret goes no further than this check.
    expect(answer.json()).toEqual({ ip: '203.0.113.7', secretSeen: null });
    await app.close();
  });

  it('ignores an address forwarded by any other local process', async () => {
    const app = await appSeeingClients();
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '203.0.113.7', [PROXY_SECRET_HEADER]: 'a-guess' },
      { forwarded: 'for=203.0.113.7' },
    ]) {
      const answer = await app.inject({ url: '/who', headers });
      expect(answer.json()).toEqual({ ip: '127.0.0.1', secretSeen: null });
    }
    await app.close();
  });
});
