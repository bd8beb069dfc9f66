// @ts-check
// The security headers of the pages and files the gateway serves itself (the API sets its own).
import fs from 'node:fs';

/** Origins of remotes that live elsewhere (a CDN): the shell must be allowed to load them. */
function remoteOrigins(/** @type {string} */ remotesFile) {
  try {
    const manifest = JSON.parse(fs.readFileSync(remotesFile, 'utf8'));
    /** @type {Set<string>} */
    const origins = new Set();
    for (const remote of manifest.remotes ?? []) {
      if (/^https?:\/\//.test(remote.manifestUrl ?? ''))
        origins.add(new URL(remote.manifestUrl).origin);
    }
    return [...origins];
  } catch {
    return [];
  }
}

/**
 * The Content-Security-Policy of the shell's pages: scripts only from this origin and from where
 * remotes.json says remotes live; no inline script but the few the pages rendered at build time
 * carry, each allowed by its hash; styles inline too, because Emotion (under Chakra) writes its
 * styles into the page at run time; no framing by other sites.
 * @param {{ remotesFile: string, recaptcha?: boolean, scriptHashes?: string[] }} options
 */
export function pagePolicy({ remotesFile, recaptcha = false, scriptHashes = [] }) {
  const remotes = remoteOrigins(remotesFile);
  // Google's reCAPTCHA v2 widget, only where it is the bot check in use.
  const captchaScripts = recaptcha
    ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
    : [];
  const captchaFrames = recaptcha
    ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']
    : [];
  const directives = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...remotes,
      ...captchaScripts,
      ...scriptHashes.map((hash) => `'${hash}'`),
    ],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes],
    'frame-src': captchaFrames.length ? captchaFrames : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** What every file the gateway serves carries; pages get the policy on top (`pageHeaders`). */
export const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * @param {{ remotesFile: string, recaptcha?: boolean, https: boolean, scriptHashes?: string[] }} options
 * @returns {Record<string, string>}
 */
export function pageHeaders({ remotesFile, recaptcha, https, scriptHashes }) {
  return {
    ...FILE_HEADERS,
    'content-security-policy': pagePolicy({ remotesFile, recaptcha, scriptHashes }),
    'x-frame-options': 'DENY',
    // The camera is used on the phone's identity capture page (served by the API), never here.
    'permissions-policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
