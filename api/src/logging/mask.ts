// Personal data never reaches the logs whole (PDPA; DOMAIN.md: an NRIC is masked keeping its
// first six characters). Emails keep their first letter and domain; secrets are dropped.

const EMAIL_IN_TEXT = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
/** Twelve digits, optionally grouped 6-2-4 with hyphens, not part of a longer number. */
const NRIC_IN_TEXT = /(?<![\d-])\d{6}(?:-?\d{2}-?\d{4})(?![\d-])/g;
/** A Malaysian mobile or fixed-line number, local (`012-3456789`) or international (`+6012...`). */
const PHONE_IN_TEXT = /(?<![\d*])(\+?60|0)(\d)[\d -]{6,11}(\d{2})(?![\d*])/g;
/** Values of query parameters that carry a credential or a one-time code. */
const SECRET_PARAMETER =
  /([?&;](?:token|access_token|refresh_token|link|code|otp|tac|signature)=)[^&#\s"']*/gi;
/** A compact JWS/JWT: three base64url parts, the first a JSON header (`{"...` is `eyJ`). */
const JWT_IN_TEXT = /\beyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]*/g;
/** Drizzle appends a failed statement's parameters to its message: user input, never logged. */
const QUERY_PARAMETERS = /(\n|^)params: [\s\S]*$/;

const SECRET_KEYS = new Set(
  [
    'password',
    'newPassword',
    'currentPassword',
    'confirmPassword',
    'passwordConfirmation',
    'authorization',
    'cookie',
    'set-cookie',
    'token',
    'accessToken',
    'refreshToken',
    'redOneJwt',
    'captchaToken',
    'otp',
    'tac',
  ].map((key) => key.toLowerCase()),
);

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** Keeps the first six characters of an NRIC (the birth date) and stars every later digit. */
export function maskNric(nric: string): string {
  return nric.slice(0, 6) + nric.slice(6).replace(/\d/g, '*');
}

/** Percent-encoded text (URLs, form bodies) decoded, so `john%40example.com` is masked too. */
function decoded(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%40/gi, '@').replace(/%2B/gi, '+');
  }
}

export function maskText(text: string): string {
  return decoded(text)
    .replace(QUERY_PARAMETERS, '$1params: [redacted]')
    .replace(JWT_IN_TEXT, '[token]')
    .replace(SECRET_PARAMETER, '$1[redacted]')
    .replace(NRIC_IN_TEXT, (match) => maskNric(match))
    .replace(EMAIL_IN_TEXT, (_match, first: string, domain: string) => `${first}***@${domain}`)
    .replace(
      PHONE_IN_TEXT,
      (_match, prefix: string, first: string, last: string) => `${prefix}${first}****${last}`,
    );
}

/**
 * What a request line says of its address: the route's pattern when one matched (no ids, no
 * values), otherwise the path masked, and never the query string.
 */
export function requestTarget(url: string, routePattern: string | undefined): string {
  if (routePattern) return routePattern;
  const queryAt = url.search(/[?#]/);
  return maskText(queryAt === -1 ? url : url.slice(0, queryAt));
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a log value with secrets removed and personal data masked, at any depth. Only
 * plain objects and arrays are walked: requests, errors and the like are left to the logger's
 * serializers, which mask what they keep.
 */
export function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => maskValue(item, depth + 1));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (!isSecretKey(key)) out[key] = maskValue(child, depth + 1);
    }
    return out;
  }
  return value;
}
