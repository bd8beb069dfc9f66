import {
  type Language,
  type LoginResponse,
  type RegisterRequest,
  type StaffLoginStep,
  type StaffRole,
  type StaffSignedIn,
  type TenantId,
  type TokenPair,
} from '@lending/contracts';
import { normalizeEmail, validateEmail } from '@lending/domain';

import type { CaptchaProvider } from '../../adapters/captcha/port';
import type { Counters } from '../../adapters/counters/port';
import type { EmailSender } from '../../adapters/email/port';
import type { Orm } from '../../db/database';
import type { Audit, AuditAction } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import type { AuthRateLimits } from '../../kernel/config';
import { badRequest, HttpError } from '../../kernel/errors';
import {
  hashPassword,
  passwordProblem,
  verifyAgainstDummy,
  verifyPassword,
} from '../../kernel/passwords';
import type { PublicUrl } from '../../kernel/public-url';
import { newOpaqueToken, tokenHash } from '../../kernel/secrets';
import type { SecondFactor, SecondFactorProof } from '../staff/second-factor';
import {
  type SigningInUser,
  toUserDetails,
  uniqueViolation,
  type UserAccounts,
  type UserRow,
} from '../users/service';
import { accountLockedEmail, resetPasswordEmail } from './emails';
import { createAccountLock, createLimiter } from './limiter';
import type { Sessions } from './session-store';
import type { AuthStore } from './store';
import type { StaffChallenge, TokenIssuer } from './tokens';

export const RESET_TOKEN_LIFETIME_MS = 30 * 60 * 1000;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const RESET_REQUESTED =
  'If an account exists for this email, we have sent a link to reset the password';

export type { AuthRateLimits };
export { passwordProblem };
export type { Sessions };

export interface AuthServiceDeps {
  store: AuthStore;
  clock: Clock;
  users: UserAccounts;
  sessions: Sessions;
  tokens: TokenIssuer;
  captcha: CaptchaProvider;
  email: EmailSender;
  audit: Audit;
  /** Where the emailed links point (the shell's origin). */
  publicUrl: PublicUrl;
  limits: AuthRateLimits;
  /** Where the attempt limits count (shared by every API process when Redis is configured). */
  counters: Counters;
  log: { error(object: unknown, message: string): void };
  /** The staff sign-in's second step (authenticator app, recovery codes). */
  secondFactor: SecondFactor;
  /** The user's applications (id, status), newest first, for the registration response. */
  applicationsOf?: (userId: string) => Promise<{ id: string; status: string }[]>;
  /** The user's newest agreement, for the login response. */
  agreementOf?: (
    userId: string,
  ) => Promise<{ id: string; agreementStatus: string; signDate: string | null } | null>;
}

const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);

/** How long a spent or expired token is kept after its end. */
const SPENT_KEPT_MS = 24 * 60 * 60 * 1000;

export function createAuthService(deps: AuthServiceDeps) {
  const { store, clock, sessions, tokens, captcha, audit } = deps;
  const fifteenMinutes = 15 * 60 * 1000;
  const loginPerAccount = createLimiter({
    name: 'login',
    max: deps.limits.loginPerAccount,
    windowMs: fifteenMinutes,
    counters: deps.counters,
    clock,
  });
  // Second-factor attempts count per member: whoever holds a challenge already knew the
  // password, so codes can be guessed only a few times, from wherever.
  const codePerAccount = createLimiter({
    name: 'staff-code',
    max: deps.limits.loginPerAccount,
    windowMs: fifteenMinutes,
    counters: deps.counters,
    clock,
  });
  // Across addresses: many addresses guessing one account's password lock it for a while.
  const signInLock = createAccountLock({
    name: 'sign-in',
    max: deps.limits.loginFailuresPerAccount,
    windowMs: fifteenMinutes,
    counters: deps.counters,
    clock,
  });
  const resetPerAccount = createLimiter({
    name: 'reset',
    max: deps.limits.resetPerAccount,
    windowMs: 60 * 60 * 1000,
    counters: deps.counters,
    clock,
  });

  const challengeExpired = () =>
    new HttpError(
      401,
      'The sign-in took too long, please enter your password again',
      'SIGN_IN_CHALLENGE_EXPIRED',
    );

  async function challengeReused(challenge: StaffChallenge, ip: string): Promise<HttpError> {
    await audit({
      action: 'staff.sign_in_challenge_reused',
      actor: null,
      subject: `staff:${challenge.staffId}`,
      ip,
      detail: { challenge: challenge.id },
    });
    return new HttpError(
      401,
      'This sign-in step was used already, please enter your password again',
      'SIGN_IN_CHALLENGE_USED',
    );
  }

  async function requireCaptcha(token: string | undefined, ip: string): Promise<void> {
    if (!token) throw badRequest('Please complete the bot check');
    let passed: boolean;
    try {
      passed = await captcha.consume(token, ip);
    } catch (error) {
      deps.log.error({ err: error }, 'captcha provider failed');
      throw new HttpError(503, 'The bot check is unavailable, please try again');
    }
    if (!passed) throw badRequest('The bot check has expired, please tick it again');
  }

  async function applicantTokens(
    user: UserRow,
    audit: { action: AuditAction; ip: string },
    withDetails = false,
  ): Promise<TokenPair> {
    const { sessionId, refreshToken } = await sessions.start('applicant', user.id, audit);
    const accessToken = tokens.signAccess({
      aud: 'applicant',
      sub: user.id,
      sid: sessionId,
      tenant: user.tenant as TenantId,
      ...(withDetails ? { email: user.email, name: user.firstName } : {}),
    });
    return { accessToken, refreshToken };
  }

  async function signedIn(
    user: UserRow & { applications?: { id: string; status: string }[] },
    redOneJwt: string | null,
    audit: { action: AuditAction; ip: string },
  ): Promise<LoginResponse> {
    const pair = await applicantTokens(user, audit);
    return {
      ...pair,
      redOneJwt,
      userDetails: toUserDetails(user),
      applicationDetails: user.applications ?? (await deps.applicationsOf?.(user.id)) ?? [],
      agreementDetails: (await deps.agreementOf?.(user.id)) ?? null,
    };
  }

  /**
   * The account signing in, read once its bot-check pass is spent: in the same statement when the
   * pass is one this API handed out or confirmed before.
   */
  async function accountSpendingPass(
    tenant: TenantId,
    email: string,
    token: string | undefined,
    ip: string,
  ): Promise<SigningInUser | undefined> {
    if (!token) throw badRequest('Please complete the bot check');
    const { passSpent, user } = await deps.users.byEmailSigningInSpendingPass(tenant, email, {
      provider: captcha.kind,
      passHash: tokenHash(token),
      now: clock.now(),
    });
    // Not a live pass here: the provider decides. reCAPTCHA confirms a token the browser did not
    // check first; the sandbox refuses.
    if (!passSpent) await requireCaptcha(token, ip);
    return user;
  }

  /** Runs `work` after answering, kept in `pendingWork` (tests and a clean stop wait for it). */
  function afterAnswering(work: () => Promise<void>, what: string): void {
    const pending = work().catch((error: unknown) => deps.log.error({ err: error }, what));
    pendingWork.add(pending);
    void pending.finally(() => pendingWork.delete(pending));
  }

  /**
   * A failed sign-in of `lockKey`; when it is the one that locks the account, the lock is audited
   * and the account's owner (when there is one) told by email, in their language or, for staff,
   * in both.
   */
  async function signInFailed(
    lockKey: string,
    owner: { to: string; firstName: string; language: Language | null; subject: string } | null,
    ip: string,
    action: 'auth.account_locked' | 'staff.account_locked',
  ): Promise<void> {
    if (!(await signInLock.failed(lockKey))) return;
    await audit({ action, actor: null, subject: owner?.subject ?? null, ip });
    if (!owner) return;
    afterAnswering(
      () =>
        deps.email.send(
          accountLockedEmail({
            to: owner.to,
            firstName: owner.firstName,
            language: owner.language,
            minutes: 15,
            resetLink:
              action === 'auth.account_locked'
                ? `${deps.publicUrl()}/reset-password-request`
                : null,
          }),
        ),
      'account locked email failed',
    );
  }

  /** The same work, and the same answer, whether the email has no account or a wrong password. */
  async function checkCredentials(
    user: SigningInUser | undefined,
    password: string,
  ): Promise<SigningInUser | null> {
    if (!user) {
      await verifyAgainstDummy(password);
      return null;
    }
    return (await verifyPassword(user.passwordHash, password)) ? user : null;
  }

  return {
    /**
     * Refuses a request without a bot-check pass the person earned and has not spent; the pass
     * is not spent (the registration it belongs to spends it). What says whether an email, a
     * phone number or a business has an account answers only behind it.
     */
    async requirePassedBotCheck(token: string | undefined, ip: string): Promise<void> {
      if (!token) throw badRequest('Please complete the bot check');
      let passed: boolean;
      try {
        passed = await captcha.check(token, ip);
      } catch (error) {
        deps.log.error({ err: error }, 'captcha provider failed');
        throw new HttpError(503, 'The bot check is unavailable, please try again');
      }
      if (!passed) throw badRequest('The bot check has expired, please tick it again');
    },

    /** Removes sessions, refresh tokens and reset links spent or expired more than a day ago
     *  (the daily purge). */
    async purgeExpired(): Promise<Record<string, number>> {
      const cutoff = new Date(clock.now().getTime() - SPENT_KEPT_MS);
      const sessions = await deps.sessions.purgeExpired(cutoff);
      const resetTokens = await deps.store.purgeSpentResetTokens(cutoff);
      // An expired challenge is refused by its signature's date: its spent mark is not needed.
      const staffChallenges = await deps.store.purgeSpentStaffChallenges(clock.now());
      return { ...sessions, resetTokens, staffChallenges };
    },

    async register(
      tenant: TenantId,
      request: RegisterRequest,
      ip: string,
      language?: Language,
      /** More rows written in the same transaction as the account (registration's organization). */
      alongside?: (tx: Orm, user: UserRow) => Promise<void>,
    ): Promise<LoginResponse> {
      const email = validateEmail(request.email);
      if (!email.ok) throw badRequest('Please enter a valid email');
      const problem = passwordProblem(request.password);
      if (problem) throw badRequest(problem);
      await requireCaptcha(request.captchaToken, ip);
      const now = clock.now();
      let user: UserRow;
      try {
        const newUser = {
          tenant,
          email: email.email,
          passwordHash: await hashPassword(request.password),
          firstName: request.firstName.trim(),
          phoneNo: request.phoneNo,
          language: language ?? request.language,
          acceptMarketingConsent: request.acceptMarketingConsent,
          marketingConsentAt: request.acceptMarketingConsent ? now : null,
        };
        user = alongside
          ? await deps.users.insertAlong(newUser, alongside)
          : await deps.users.insert(newUser);
      } catch (error) {
        const which = uniqueViolation(error);
        if (which === 'email') throw new HttpError(409, 'Email already exists');
        if (which === 'phone') throw new HttpError(409, 'Phone number already exists');
        throw error;
      }
      return signedIn(user, null, { action: 'auth.register', ip });
    },

    async login(
      tenant: TenantId,
      request: { email: string; password: string; captchaToken?: string },
      ip: string,
      options: { captchaRequired: boolean },
    ): Promise<LoginResponse> {
      const email = normalizeEmail(request.email);
      await loginPerAccount.hit(`${ip}|${tenant}|${email}`);
      await signInLock.assertOpen(`${tenant}|${email}`);
      const account =
        options.captchaRequired || request.captchaToken
          ? await accountSpendingPass(tenant, email, request.captchaToken, ip)
          : await deps.users.byEmailSigningIn(tenant, email);
      const user = await checkCredentials(account, request.password);
      if (!user) {
        await audit({
          action: 'auth.login_failed',
          actor: null,
          subject: null,
          ip,
          detail: { tenant },
        });
        await signInFailed(
          `${tenant}|${email}`,
          account
            ? {
                to: account.email,
                firstName: account.firstName,
                language: account.language as Language,
                subject: `user:${account.id}`,
              }
            : null,
          ip,
          'auth.account_locked',
        );
        throw unauthorized(INVALID_CREDENTIALS);
      }
      await loginPerAccount.reset(`${ip}|${tenant}|${email}`);
      await signInLock.succeeded(`${tenant}|${email}`);
      return signedIn(user, null, { action: 'auth.login', ip });
    },

    /** Signs in an account another proof stood for (the telecom's sign-in of its line). */
    async signInVerified(user: UserRow, ip: string, redOneJwt: string): Promise<LoginResponse> {
      return signedIn(user, redOneJwt, { action: 'auth.login', ip });
    },

    /** The same, answering tokens only, the access token naming the user (the telecom portal's
     *  client reads who signed in from it). */
    async tokensForVerified(user: UserRow, ip: string): Promise<TokenPair> {
      return applicantTokens(user, { action: 'auth.login', ip }, true);
    },

    async refresh(refreshToken: string, ip: string): Promise<TokenPair> {
      const result = await sessions.rotate(refreshToken, 'applicant');
      if (!result.ok) {
        if (result.reason === 'reused') {
          await audit({
            action: 'auth.refresh_reuse',
            actor: null,
            subject: `user:${result.subjectId}`,
            ip,
            detail: { session: result.sessionId },
          });
        }
        throw unauthorized('Session expired, please login again');
      }
      const user = await deps.users.byId(result.subjectId);
      if (!user) {
        await sessions.revoke(result.sessionId, 'account-closed');
        throw unauthorized('Session expired, please login again');
      }
      return {
        accessToken: tokens.signAccess({
          aud: 'applicant',
          sub: user.id,
          sid: result.sessionId,
          tenant: user.tenant as TenantId,
        }),
        refreshToken: result.refreshToken,
      };
    },

    async logout(refreshToken: string, ip: string): Promise<void> {
      const found = await sessions.sessionOf(refreshToken);
      if (!found) return;
      await sessions.revoke(found.sessionId, 'logout');
      await audit({
        action: 'auth.logout',
        actor: `user:${found.subjectId}`,
        subject: `user:${found.subjectId}`,
        ip,
      });
    },

    /** Answers the same whether or not the account exists; the email goes out after answering. */
    async requestPasswordReset(
      tenant: TenantId,
      request: { email: string; captchaToken?: string },
      ip: string,
    ): Promise<{ message: string }> {
      const email = normalizeEmail(request.email);
      await resetPerAccount.hit(`${ip}|${tenant}|${email}`);
      await requireCaptcha(request.captchaToken, ip);
      const send = async () => {
        const user = await deps.users.byEmail(tenant, email);
        await audit({
          action: 'auth.password_reset_requested',
          actor: null,
          subject: user ? `user:${user.id}` : null,
          ip,
        });
        if (!user) return;
        const token = newOpaqueToken();
        const now = clock.now();
        await store.addResetToken({
          tokenHash: tokenHash(token),
          userId: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
        });
        await deps.email.send(
          resetPasswordEmail({
            to: user.email,
            firstName: user.firstName,
            language: user.language,
            link: `${deps.publicUrl()}/reset-password?token=${token}`,
          }),
        );
      };
      // Not awaited: the time to answer does not depend on whether there was anything to send.
      afterAnswering(send, 'reset password email failed');
      return { message: RESET_REQUESTED };
    },

    async checkResetToken(token: string): Promise<boolean> {
      return (await liveResetToken(token)) !== null;
    },

    async resetPassword(token: string | null, password: string, ip: string): Promise<void> {
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      const found = token ? await liveResetToken(token) : null;
      if (!found) throw unauthorized('This reset link is invalid or has expired');
      const spent = await store.spendResetToken(found.tokenHash, clock.now());
      if (spent === null) throw unauthorized('This reset link is invalid or has expired');
      await deps.users.setPassword(found.userId, await hashPassword(password), clock.now());
      await sessions.revokeAllOf(found.userId, 'password-reset');
      await audit({
        action: 'auth.password_reset',
        actor: `user:${found.userId}`,
        subject: `user:${found.userId}`,
        ip,
      });
    },

    /** A correct email and password lead to the second step, never straight to tokens. */
    async staffLogin(
      request: { email: string; password: string },
      ip: string,
    ): Promise<StaffLoginStep> {
      const email = normalizeEmail(request.email);
      await loginPerAccount.hit(`${ip}|staff|${email}`);
      await signInLock.assertOpen(`staff|${email}`);
      const staff = await store.activeStaffByEmail(email);
      const ok = staff
        ? await verifyPassword(staff.passwordHash, request.password)
        : await verifyAgainstDummy(request.password);
      if (!staff || !ok) {
        await audit({ action: 'staff.login_failed', actor: null, subject: null, ip });
        await signInFailed(
          `staff|${email}`,
          staff
            ? {
                to: staff.email,
                firstName: staff.name,
                language: null,
                subject: `staff:${staff.id}`,
              }
            : null,
          ip,
          'staff.account_locked',
        );
        throw unauthorized('Invalid credentials');
      }
      await loginPerAccount.reset(`${ip}|staff|${email}`);
      await signInLock.succeeded(`staff|${email}`);
      const challengeToken = tokens.signStaffChallenge(staff.id);
      const step = await deps.secondFactor.begin(staff);
      return { ...step, challengeToken };
    },

    /** The second step: a code from the authenticator app (or a recovery code) opens the
     *  session. */
    async staffSecondFactor(
      request: { challengeToken: string; code?: string; recoveryCode?: string },
      ip: string,
    ): Promise<StaffSignedIn> {
      const challenge = await tokens.verifyStaffChallenge(request.challengeToken);
      if (!challenge) throw challengeExpired();
      const staffId = challenge.staffId;
      const proof: SecondFactorProof | null =
        request.code !== undefined
          ? { code: request.code }
          : request.recoveryCode !== undefined
            ? { recoveryCode: request.recoveryCode }
            : null;
      if (!proof) throw badRequest('Please enter the code from your authenticator app');
      // A spent challenge tries no code: whoever replays it learns nothing about the codes.
      if (await store.isStaffChallengeSpent(challenge.id))
        throw await challengeReused(challenge, ip);
      await codePerAccount.hit(staffId);
      const staff = await store.activeStaffById(staffId);
      if (!staff) throw challengeExpired();
      const { recoveryCodes } = await deps.secondFactor.prove(staff, proof, ip);
      await codePerAccount.reset(staffId);
      // Spent only by a right code, so a mistyped one can be typed again; of two right codes
      // racing on one challenge, one opens a session.
      const spent = await store.spendStaffChallenge({ ...challenge, now: clock.now() });
      if (!spent) throw await challengeReused(challenge, ip);
      const { sessionId, refreshToken } = await sessions.start('staff', staff.id, {
        action: 'staff.login',
        ip,
      });
      return {
        accessToken: tokens.signAccess({
          aud: 'staff',
          sub: staff.id,
          sid: sessionId,
          email: staff.email,
          name: staff.name,
          roles: staff.roles as StaffRole[],
        }),
        refreshToken,
        recoveryCodes,
      };
    },

    async staffRefresh(refreshToken: string, ip: string): Promise<TokenPair> {
      const result = await sessions.rotate(refreshToken, 'staff');
      if (!result.ok) {
        if (result.reason === 'reused') {
          await audit({
            action: 'staff.refresh_reuse',
            actor: null,
            subject: `staff:${result.subjectId}`,
            ip,
            detail: { session: result.sessionId },
          });
        }
        throw unauthorized('Session expired, please login again');
      }
      const staff = await store.activeStaffById(result.subjectId);
      if (!staff) {
        await sessions.revoke(result.sessionId, 'account-disabled');
        throw unauthorized('Session expired, please login again');
      }
      return {
        accessToken: tokens.signAccess({
          aud: 'staff',
          sub: staff.id,
          sid: result.sessionId,
          email: staff.email,
          name: staff.name,
          roles: staff.roles as StaffRole[],
        }),
        refreshToken: result.refreshToken,
      };
    },

    async staffLogout(refreshToken: string, ip: string): Promise<void> {
      const found = await sessions.sessionOf(refreshToken);
      if (!found) return;
      await sessions.revoke(found.sessionId, 'logout');
      await audit({
        action: 'staff.logout',
        actor: `staff:${found.subjectId}`,
        subject: `staff:${found.subjectId}`,
        ip,
      });
    },

    /** Waits for emails still being written (tests, and a clean shutdown). */
    async settle(): Promise<void> {
      await Promise.all([...pendingWork]);
    },
  };

  async function liveResetToken(token: string) {
    return store.liveResetToken(tokenHash(token), clock.now());
  }
}

const pendingWork = new Set<Promise<unknown>>();

export type AuthService = ReturnType<typeof createAuthService>;
