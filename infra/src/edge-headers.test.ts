// What both edges, the local gateway and nginx on its production configuration, send with what
// they serve: the same headers, cache rules, compressed copies and page languages, so a page
// behaves alike on a laptop and in production.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import {
  type Edge,
  type EdgeKind,
  platformFolder,
  send,
  startEdge,
  startTestApi,
  type TestApi,
} from './edge-testing';

jest.setTimeout(30_000);

const CHUNK = 'console.log("a chunk that is long enough to be worth compressing");\n'.repeat(40);

/** The built platform of the tests: a shell with rendered pages, a hashed chunk in both
 *  compressions, a remote. */
function builtPlatform(remotes: { name: string; manifestUrl: string }[] = []) {
  const folder = platformFolder(remotes);
  const shell = path.join(folder.root, 'shell/dist');
  fs.writeFileSync(path.join(shell, '0123456789abcdef.js'), CHUNK);
  fs.writeFileSync(path.join(shell, '0123456789abcdef.js.br'), zlib.brotliCompressSync(CHUNK));
  fs.writeFileSync(path.join(shell, '0123456789abcdef.js.gz'), zlib.gzipSync(CHUNK));
  fs.writeFileSync(path.join(shell, 'mf-manifest.json'), '{}');
  const remote = path.join(folder.root, 'mf-onboarding/dist');
  fs.mkdirSync(remote, { recursive: true });
  fs.writeFileSync(path.join(remote, 'remoteEntry.js'), 'var entry = 1;');
  fs.writeFileSync(path.join(remote, 'fedcba9876543210.js'), 'var chunk = 1;');
  return folder;
}

describe.each<EdgeKind>(['gateway', 'nginx'])('what the %s edge sends', (kind) => {
  let api: TestApi;
  const edges: Edge[] = [];
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    for (const edge of edges) await edge.stop();
    await api?.stop();
  });

  async function start(
    options: {
      remotes?: { name: string; manifestUrl: string }[];
      trustedProxies?: string[];
    } = {},
  ) {
    const { root, remotesFile } = builtPlatform(options.remotes);
    const edge = await startEdge(kind, {
      apiPort: api.port,
      root,
      remotesFile,
      ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    });
    edges.push(edge);
    return (url: string, headers: Record<string, string> = {}) =>
      send(edge.port, { method: 'GET', url, headers });
  }

  it('gives every page a policy without inline scripts but its own, and refuses framing', async () => {
    const get = await start();
    for (const url of ['/', '/registration?language=MS', '/faq']) {
      const page = await get(url, { accept: 'text/html' });
      expect(page.status).toBe(200);
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self' 'sha256-abc=';/);
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['permissions-policy']).toContain('camera=()');
      expect(page.headers['strict-transport-security']).toBeUndefined();
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('lets the shell load remotes from the origins remotes.json names', async () => {
    const get = await start({
      remotes: [
        {
          name: 'mf-onboarding',
          manifestUrl: 'https://cdn.example.net/mf-onboarding/mf-manifest.json',
        },
        { name: 'mf-admin', manifestUrl: '/remotes/mf-admin/mf-manifest.json' },
      ],
    });
    const page = await get('/', { accept: 'text/html' });
    expect(String(page.headers['content-security-policy'])).toMatch(
      /script-src 'self' https:\/\/cdn\.example\.net 'sha256-abc=';/,
    );
  });

  it('asks for HTTPS only when a trusted TLS proxy says the page was reached over it', async () => {
    const forged = await (
      await start()
    )('/', {
      accept: 'text/html',
      'x-forwarded-proto': 'https',
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();

    const behindTls = await start({ trustedProxies: ['127.0.0.1'] });
    const overTls = await behindTls('/', { accept: 'text/html', 'x-forwarded-proto': 'https' });
    expect(overTls.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const file = await behindTls('/main.js', { 'x-forwarded-proto': 'https' });
    expect(file.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks files as not to be sniffed, without a page policy; the API’s answers are its own', async () => {
    const get = await start();
    const script = await get('/main.js');
    expect(script.status).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['content-security-policy']).toBeUndefined();
    const remote = await get('/remotes/mf-onboarding/remoteEntry.js');
    expect(remote.headers['access-control-allow-origin']).toBe('*');
    const answer = await get('/api/health');
    expect(answer.status).toBe(200);
    for (const name of ['x-content-type-options', 'cache-control', 'content-security-policy']) {
      expect(answer.headers[name]).toBeUndefined();
    }
  });

  it('lets hashed files be cached for good and revalidates pages, entries and manifests', async () => {
    const get = await start();
    for (const url of ['/0123456789abcdef.js', '/remotes/mf-onboarding/fedcba9876543210.js']) {
      const file = await get(url);
      expect(file.status).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/mf-manifest.json', '/remotes/mf-onboarding/remoteEntry.js', '/main.js']) {
      const file = await get(url);
      expect(file.status).toBe(200);
      expect(file.headers['cache-control']).toBe('no-cache');
    }
    const manifest = await get('/remotes.json');
    expect([manifest.status, manifest.headers['cache-control']]).toEqual([200, 'no-store']);
    const missing = await get('/nothing-here.js');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('sends the copies compressed at build time, brotli first', async () => {
    const get = await start();
    const br = await get('/0123456789abcdef.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get('/0123456789abcdef.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/0123456789abcdef.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  const languageOf = (body: string) => /lang="(\w+)"/.exec(body)?.[1];

  it('picks a page’s language by ?language=, then the cookie, then Accept-Language, then English', async () => {
    const get = await start();
    const page = (url: string, headers: Record<string, string> = {}) =>
      get(url, { accept: 'text/html', ...headers });
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
    const get = await start();
    const page = (url: string) => get(url, { accept: 'text/html' });
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

  it('sends the empty shell for pages drawn in the browser, and JSON 404 to anything else', async () => {
    const get = await start();
    const drawn = await get('/registration', { accept: 'text/html' });
    expect(drawn.body).toContain('<p>shell</p>');
    const notPage = await get('/registration', { accept: 'application/json' });
    expect(notPage.status).toBe(404);
  });
});
