import { and, eq, gt, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { captchaPasses } from '../db/schema';
import type { Clock } from '../kernel/clock';
import { newOpaqueToken, tokenHash } from '../kernel/secrets';

/** How long a ticked box stays good for: long enough to finish typing a password. */
const PASS_LIFETIME_MS = 10 * 60 * 1000;

export interface CaptchaProvider {
  readonly kind: 'sandbox' | 'recaptcha-v2';
  readonly siteKey: string | null;
  /**
   * Whether the token is a pass the person earned and has not spent. Checking does not spend it:
   * the browser checks first (spec: verify-token), then sends it with the form, which spends it.
   */
  check(token: string, ip: string): Promise<boolean>;
  /** Spends the pass: true only the first time, so one tick buys one attempt. */
  consume(token: string, ip: string): Promise<boolean>;
}

type PassProvider = CaptchaProvider['kind'];

/** A pass for this token from this provider that is neither spent nor expired. */
function livePass(
  provider: PassProvider | SQLWrapper,
  hash: string | SQLWrapper,
  now: string | SQLWrapper,
): SQL {
  return and(
    eq(captchaPasses.tokenHash, hash),
    eq(captchaPasses.provider, provider),
    isNull(captchaPasses.consumedAt),
    gt(captchaPasses.expiresAt, sql`${now}::timestamptz`),
  )!;
}

/**
 * The statement that spends a pass, returning a row only when it did, for a caller that spends
 * it in the same statement as its own work (sign-in reads the account alongside). `hash` is
 * the token's `tokenHash`; `now` an ISO timestamp.
 */
export function spendPassStatement(
  provider: PassProvider | SQLWrapper,
  hash: SQLWrapper,
  now: SQLWrapper,
): SQL {
  return sql`update ${captchaPasses} set ${sql.identifier(captchaPasses.consumedAt.name)} = ${now}::timestamptz
    where ${livePass(provider, hash, now)} returning 1 as spent`;
}

function passStore(db: Orm, clock: Clock, provider: PassProvider) {
  // Spent on every form that needs a pass: prepared once.
  const spend = db
    .update(captchaPasses)
    .set({ consumedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(livePass(provider, sql.placeholder('hash'), sql.placeholder('now')))
    .returning({ tokenHash: captchaPasses.tokenHash })
    .prepare(`captcha_spend_${provider.replace('-', '_')}`);
  return {
    async remember(token: string): Promise<void> {
      const now = clock.now();
      await db
        .insert(captchaPasses)
        .values({
          tokenHash: tokenHash(token),
          provider,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PASS_LIFETIME_MS),
        })
        .onConflictDoNothing();
    },
    async isLive(token: string): Promise<boolean> {
      const [row] = await db
        .select({ tokenHash: captchaPasses.tokenHash })
        .from(captchaPasses)
        .where(livePass(provider, tokenHash(token), clock.now().toISOString()));
      return row !== undefined;
    },
    async consume(token: string): Promise<boolean> {
      const rows = await spend.execute({
        hash: tokenHash(token),
        now: clock.now().toISOString(),
      });
      return rows.length === 1;
    },
  };
}

export interface SandboxCaptcha extends CaptchaProvider {
  readonly kind: 'sandbox';
  /** What ticking the box does: issues a fresh pass. */
  solve(): Promise<string>;
}

/** A box a person ticks on the page. Like the real service, a pass is random, expires and is
 *  good for one form only; a made-up token is refused. */
export function sandboxCaptcha(db: Orm, clock: Clock): SandboxCaptcha {
  const passes = passStore(db, clock, 'sandbox');
  return {
    kind: 'sandbox',
    siteKey: null,
    async solve() {
      const token = `sandbox.${newOpaqueToken()}`;
      await passes.remember(token);
      return token;
    },
    check: (token) => passes.isLive(token),
    consume: (token) => passes.consume(token),
  };
}

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
