import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createGateway } from '../gateway/gateway.mjs';

type Gateway = Awaited<ReturnType<typeof createGateway>>;

function platformFolder(remotes: { name: string; manifestUrl: string }[]) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-headers-'));
  fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell/dist/index.html'), '<!doctype html><p>shell</p>');
  fs.writeFileSync(path.join(root, 'shell/dist/main.js'), 'console.log(1)');
  const remotesFile = path.join(root, 'remotes.json');
  fs.writeFileSync(remotesFile, JSON.stringify({ remotes }));
  return { root, remotesFile };
}

describe('the headers of what the gateway serves', () => {
  let gateway: Gateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  async function start(
    remotes: { name: string; manifestUrl: string }[] = [],
    trustProxy: boolean | string = false,
  ) {
    const { root, remotesFile } = platformFolder(remotes);
    gateway = await createGateway({
      repoRoot: root,
      apiUrl: 'http://127.0.0.1:9',
      remotesFile,
      trustProxy,
    });
    return gateway;
  }

  it('gives every page a policy without inline scripts, and refuses framing', async () => {
    const app = await start();
    for (const url of ['/', '/registration?language=MS']) {
      const page = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(page.headers['permissions-policy']).toContain('camera=()');
      expect(page.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets the shell load remotes from the origins remotes.json names', async () => {
    const app = await start([
      {
        name: 'mf-onboarding',
        manifestUrl: 'https://cdn.example.net/mf-onboarding/mf-manifest.json',
      },
      { name: 'mf-admin', manifestUrl: '/remotes/mf-admin/mf-manifest.json' },
    ]);
    const page = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(String(page.headers['content-security-policy'])).toMatch(
      /script-src 'self' https:\/\/cdn\.example\.net;/,
    );
  });

  it('asks for HTTPS only when the page was reached over it', async () => {
    const app = await start();
    const page = await app.inject({
      url: '/',
      headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
    });
    // The gateway trusts no proxy header by default: a forged one changes nothing.
    expect(page.headers['strict-transport-security']).toBeUndefined();

    await gateway?.close();
    const behindTls = await start([], '127.0.0.1');
    const overTls = await behindTls.inject({
      url: '/',
      headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
    });
    expect(overTls.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('marks files as not to be sniffed, without a page policy', async () => {
    const app = await start();
    const script = await app.inject({ url: '/main.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['content-security-policy']).toBeUndefined();
  });
});
