import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

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

describe('the gateway serves files the way a CDN would', () => {
  let gateway: Gateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  async function start() {
    const { root, remotesFile } = platformFolder([]);
    const shell = path.join(root, 'shell/dist');
    const chunk = 'console.log("a chunk that is long enough to be worth compressing");\n'.repeat(
      40,
    );
    fs.writeFileSync(path.join(shell, '0123456789abcdef.js'), chunk);
    fs.writeFileSync(path.join(shell, '0123456789abcdef.js.br'), zlib.brotliCompressSync(chunk));
    fs.writeFileSync(path.join(shell, '0123456789abcdef.js.gz'), zlib.gzipSync(chunk));
    fs.writeFileSync(path.join(shell, 'mf-manifest.json'), '{}');
    const remote = path.join(root, 'mf-onboarding/dist');
    fs.mkdirSync(remote, { recursive: true });
    fs.writeFileSync(path.join(remote, 'remoteEntry.js'), 'var entry = 1;');
    fs.writeFileSync(path.join(remote, 'fedcba9876543210.js'), 'var chunk = 1;');
    gateway = await createGateway({ repoRoot: root, apiUrl: 'http://127.0.0.1:9', remotesFile });
    return { app: gateway, chunk };
  }

  it('lets hashed files be cached for good and revalidates pages, entries and manifests', async () => {
    const { app } = await start();
    for (const url of ['/0123456789abcdef.js', '/remotes/mf-onboarding/fedcba9876543210.js']) {
      const file = await app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/mf-manifest.json', '/remotes/mf-onboarding/remoteEntry.js']) {
      const file = await app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('no-cache');
    }
    const page = await app.inject({ url: '/faq', headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends the copies compressed at build time, brotli first', async () => {
    const { app, chunk } = await start();
    const br = await app.inject({
      url: '/0123456789abcdef.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(chunk);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await app.inject({
      url: '/0123456789abcdef.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(chunk);

    const plain = await app.inject({ url: '/0123456789abcdef.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });
});

describe('the public pages rendered at build time', () => {
  let gateway: Gateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  async function start() {
    const { root, remotesFile } = platformFolder([]);
    const pages = path.join(root, 'shell/dist/pages');
    for (const language of ['en', 'ms']) {
      fs.mkdirSync(path.join(pages, language), { recursive: true });
      for (const name of ['index', 'faq'])
        fs.writeFileSync(
          path.join(pages, language, `${name}.html`),
          `<!doctype html><html lang="${language}"><p>${name}</p>`,
        );
    }
    fs.writeFileSync(
      path.join(pages, 'pages.json'),
      JSON.stringify({
        pages: { '/': 'index', '/faq': 'faq' },
        languages: ['en', 'ms'],
        scriptHashes: ['sha256-abc='],
      }),
    );
    gateway = await createGateway({ repoRoot: root, apiUrl: 'http://127.0.0.1:9', remotesFile });
    return gateway;
  }

  const languageOf = (body: string) => /lang="(\w+)"/.exec(body)?.[1];

  it('picks the language by ?language=, then the cookie, then Accept-Language, then English', async () => {
    const app = await start();
    const page = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ url, headers: { accept: 'text/html', ...headers } });

    expect(languageOf((await page('/faq')).body)).toBe('en');
    expect(
      languageOf((await page('/faq', { 'accept-language': 'ms-MY,ms;q=0.9,en;q=0.5' })).body),
    ).toBe('ms');
    expect(
      languageOf((await page('/', { 'accept-language': 'fr, en;q=0.4, ms;q=0.8' })).body),
    ).toBe('ms');
    expect(
      languageOf(
        (await page('/faq', { 'accept-language': 'ms', cookie: 'a=1; language=EN' })).body,
      ),
    ).toBe('en');
    expect(
      languageOf(
        (await page('/faq?language=BM', { cookie: 'language=EN', 'accept-language': 'en' })).body,
      ),
    ).toBe('ms');
    const rendered = await page('/faq/');
    expect(rendered.body).toContain('<p>faq</p>');
    expect(rendered.headers.vary).toMatch(/cookie/i);
    expect(rendered.headers.vary).toMatch(/accept-language/i);
    expect(rendered.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a language asked for by ?language= in the cookie, on rendered and drawn pages', async () => {
    const app = await start();
    const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });
    for (const [url, language] of [
      ['/faq?language=bm', 'MS'],
      ['/?language=EN', 'EN'],
      ['/registration?language=ms', 'MS'],
    ] as const) {
      const cookie = String((await page(url)).headers['set-cookie']);
      expect(cookie).toMatch(
        new RegExp(`^language=${language}; Path=/; Max-Age=31536000; SameSite=Lax$`),
      );
    }
    expect((await page('/faq')).headers['set-cookie']).toBeUndefined();
    expect((await page('/faq?language=fr')).headers['set-cookie']).toBeUndefined();
  });

  it('allows the inline script of the rendered pages by its hash only', async () => {
    const app = await start();
    const page = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'sha256-abc=';/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('sends the empty shell for pages drawn in the browser', async () => {
    const app = await start();
    const page = await app.inject({ url: '/registration', headers: { accept: 'text/html' } });
    expect(page.body).toContain('<p>shell</p>');
  });
});
