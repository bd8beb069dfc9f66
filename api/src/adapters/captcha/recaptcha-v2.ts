import type { Orm } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import type { CaptchaProvider } from './port';
import { passStore } from './store';

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/**
 * Google reCAPTCHA v2. Google answers each token once, so a token Google confirmed is
 * remembered as a pass and the form that follows spends that pass.
 */
export function recaptchaV2(
  db: Orm,
  clock: Clock,
  options: { siteKey: string; secret: string; fetch?: typeof fetch },
): CaptchaProvider {
  const passes = passStore(db, clock, 'recaptcha-v2');
  const doFetch = options.fetch ?? fetch;
  async function confirmWithGoogle(token: string, ip: string): Promise<boolean> {
    const response = await doFetch(SITEVERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: options.secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`reCAPTCHA answered ${response.status}`);
    const result = (await response.json()) as { success?: boolean };
    return result.success === true;
  }
  return {
    kind: 'recaptcha-v2',
    siteKey: options.siteKey,
    async check(token, ip) {
      if (await passes.isLive(token)) return true;
      if (!(await confirmWithGoogle(token, ip))) return false;
      await passes.remember(token);
      return true;
    },
    async consume(token, ip) {
      if (await passes.consume(token)) return true;
      // A form sent without the separate check: confirm and spend in one go.
      if (!(await confirmWithGoogle(token, ip))) return false;
      await passes.remember(token);
      return passes.consume(token);
    },
  };
}
