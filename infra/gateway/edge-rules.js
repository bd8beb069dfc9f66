// @ts-check
// The rules both edges apply to a request: the local gateway (Node) imports this file, and nginx
// runs the very same file in its JavaScript module (njs), so the two cannot drift. njs reads only
// a part of modern JavaScript: no destructuring, spread, `??` or `?.`, and one default export.

/** `EN`, `en`, `MS`, `ms`, `BM`, `bm` (the product's spellings) to a language, else null.
 *  @param {unknown} value @returns {'en' | 'ms' | null} */
function parseLanguage(value) {
  const v = String(value || '')
    .trim()
    .toLowerCase();
  if (v === 'en') return 'en';
  if (v === 'ms' || v === 'bm') return 'ms';
  return null;
}

/** The first of the product's languages in an Accept-Language header, by weight, ties in the
 *  order written; null when it names neither.
 *  @param {unknown} header @returns {'en' | 'ms' | null} */
function acceptedLanguage(header) {
  if (!header) return null;
  const ranked = String(header)
    .split(',')
    .map((part, index) => {
      const params = part.trim().split(';');
      const tag = String(params.shift() || '');
      const q = params
        .map((param) => (/^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param) || [])[1])
        .find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return {
        language: tag.trim().toLowerCase().split('-')[0],
        weight: isFinite(weight) ? weight : 0,
        index: index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (let i = 0; i < ranked.length; i++) {
    const language = /** @type {{ language: string }} */ (ranked[i]).language;
    if (language === 'ms' || language === 'en') return language;
  }
  return null;
}

/**
 * A page's language: `?language=`, then the cookie the language switch writes, then the
 * browser's Accept-Language, then English.
 * @param {unknown} query @param {unknown} cookie @param {unknown} accept @returns {'en' | 'ms'}
 */
function pickLanguage(query, cookie, accept) {
  return parseLanguage(query) || parseLanguage(cookie) || acceptedLanguage(accept) || 'en';
}

/** The language an answer of the edge itself (a refusal) is worded in: the API's rule.
 *  @param {unknown} accept @returns {'en' | 'ms'} */
function answerLanguage(accept) {
  return acceptedLanguage(accept) || 'en';
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie that keeps a language asked for by `?language=` (in the app's spelling, as the
 * language switch writes it), or '' when the request asks for none: the next page then comes in
 * that language even when the visitor leaves this one before its app has started.
 * @param {unknown} query @returns {string}
 */
function languageCookie(query) {
  const language = parseLanguage(query);
  if (!language) return '';
  return (
    'language=' + language.toUpperCase() + '; Path=/; Max-Age=' + YEAR_SECONDS + '; SameSite=Lax'
  );
}

/** Decoded once, so `a%40b.com` is seen as the address it is. @param {string} text */
function decoded(text) {
  if (text.indexOf('%') === -1) return text;
  try {
    return decodeURIComponent(text);
    // njs has no catch without a binding.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
  } catch (_error) {
    return text.replace(/%40/gi, '@').replace(/%2B/gi, '+');
  }
}

// The API's own masks (api/src/logging/mask.ts), anywhere in the path: a content hash that
// happens to hold twelve digits is masked too, rather than an NRIC left whole.
const EMAIL = /[^/@]*@[^/]*/g;
/** Twelve digits, optionally grouped 6-2-4, not part of a longer number (an NRIC). */
const NRIC = /(?<![\d-])(\d{6})-?\d{2}-?\d{4}(?![\d-])/g;
/** A Malaysian mobile or fixed-line number, local or international. */
const PHONE = /(?<![\d*])(\+?60|0)\d[\d -]{6,11}\d{2}(?![\d*])/g;
/** A long opaque segment (a link's token or code); ids are UUIDs and stay. */
const OPAQUE =
  /\/(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\/|$))[\w-]{20,}(?=\/|$)/gi;

/**
 * What a log line may say of a path: emails, NRIC and phone numbers, and long opaque segments
 * (tokens, codes) replaced; the query is never given to it. The path stays readable enough to
 * tell which route was asked for.
 * @param {unknown} path @returns {string}
 */
function logPath(path) {
  return decoded(String(path || ''))
    .replace(EMAIL, ':email')
    .replace(NRIC, '$1******')
    .replace(PHONE, ':phone')
    .replace(OPAQUE, '/:token');
}

// nginx's side: each takes the request nginx hands a `js_set` variable.
/** @typedef {{ args: Record<string, string | undefined>, variables: Record<string, string | undefined>, headersIn: Record<string, string | undefined> }} NginxRequest */

/** @param {NginxRequest} r */
function pageLanguageOf(r) {
  return pickLanguage(r.args.language, r.variables.cookie_language, r.headersIn['Accept-Language']);
}
/** @param {NginxRequest} r */
function answerLanguageOf(r) {
  return answerLanguage(r.headersIn['Accept-Language']);
}
/** @param {NginxRequest} r */
function languageCookieOf(r) {
  return languageCookie(r.args.language);
}
/** @param {NginxRequest} r */
function logPathOf(r) {
  return logPath(String(r.variables.request_uri || '').split('?')[0]);
}

export default {
  parseLanguage: parseLanguage,
  pickLanguage: pickLanguage,
  answerLanguage: answerLanguage,
  languageCookie: languageCookie,
  logPath: logPath,
  pageLanguageOf: pageLanguageOf,
  answerLanguageOf: answerLanguageOf,
  languageCookieOf: languageCookieOf,
  logPathOf: logPathOf,
};
