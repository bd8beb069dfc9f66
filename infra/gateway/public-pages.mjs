// @ts-check
// The shell's public pages come rendered at build time, one file per language
// (shell/dist/pages/<language>/<page>.html, listed in pages.json): the gateway sends the one in
// the visitor's language.
import fs from 'node:fs';
import path from 'node:path';

/** @typedef {{ pages: Record<string, string>, languages: string[], scriptHashes: string[] }} PagesManifest */

const LANGUAGE_COOKIE = 'language';

/** `EN`, `en`, `MS`, `ms`, `BM`, `bm` (the product's spellings) to a page folder. */
function parseLanguage(/** @type {string | undefined | null} */ value) {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'en') return 'en';
  if (v === 'ms' || v === 'bm') return 'ms';
  return null;
}

/** The first language of the header, by weight, that a page exists in. */
function fromAcceptLanguage(/** @type {string | undefined} */ header) {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0], weight: q ? Number(q) : 1, index };
    })
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of ranked) {
    if (language === 'ms') return 'ms';
    if (language === 'en') return 'en';
  }
  return null;
}

/** @param {string | undefined} header */
function cookieValue(header, /** @type {string} */ name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The page's language: `?language=`, then the cookie the language switch writes, then the
 * browser's Accept-Language, then English.
 * @param {{ url: string, headers: Record<string, string | string[] | undefined> }} request
 */
export function pickLanguage({ url, headers }) {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const cookie = Array.isArray(headers.cookie) ? headers.cookie.join(';') : headers.cookie;
  const accept = headers['accept-language'];
  return (
    parseLanguage(query.get('language')) ??
    parseLanguage(cookieValue(cookie, LANGUAGE_COOKIE)) ??
    fromAcceptLanguage(Array.isArray(accept) ? accept.join(',') : accept) ??
    'en'
  );
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie that keeps a language asked for by `?language=` (in the app's spelling, as the
 * language switch writes it), or null when the request asks for none. The next page, rendered or
 * drawn in the browser, then comes in that language even when the visitor leaves this one before
 * its app has started.
 * @param {{ url: string }} request
 */
export function languageCookieFor({ url }) {
  const language = parseLanguage(new URLSearchParams(url.split('?')[1] ?? '').get('language'));
  if (!language) return null;
  return `${LANGUAGE_COOKIE}=${language.toUpperCase()}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}

/**
 * Reads pages.json again only when it changed: a new shell build takes effect at once.
 * @param {string} shellDir
 */
export function publicPages(shellDir) {
  const manifestFile = path.join(shellDir, 'pages/pages.json');
  /** @type {{ mtimeMs: number, manifest: PagesManifest | null }} */
  let cached = { mtimeMs: -1, manifest: null };
  const manifest = () => {
    let mtimeMs = 0;
    try {
      mtimeMs = fs.statSync(manifestFile).mtimeMs;
    } catch {
      return null;
    }
    if (mtimeMs !== cached.mtimeMs)
      cached = { mtimeMs, manifest: JSON.parse(fs.readFileSync(manifestFile, 'utf8')) };
    return cached.manifest;
  };
  return {
    /** The hashes of the inline scripts the rendered pages carry, for the page policy. */
    scriptHashes: () => manifest()?.scriptHashes ?? [],
    /**
     * The file (relative to the shell's folder) of the rendered page this request asks for.
     * @param {{ url: string, headers: Record<string, string | string[] | undefined> }} request
     */
    fileFor(request) {
      const pages = manifest()?.pages;
      if (!pages) return null;
      const pathname = (request.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
      const name = Object.hasOwn(pages, pathname) ? pages[pathname] : undefined;
      return name ? `pages/${pickLanguage(request)}/${name}.html` : null;
    },
  };
}
