import type {
  LoginResponse,
  RedOneFirstLoginResponse,
  RedOneValidateNricResponse,
  TokenPair,
} from '@lending/contracts';
import {
  DEFAULT_ELIGIBILITY_SETTINGS,
  type TelecomAccountStanding,
  telecomPostpaidRuleFailure,
} from '@lending/domain';

import type { Counters } from '../../adapters/counters/port';
import {
  type TelecomIdentity,
  TelecomIdentityUnavailable,
  type TelecomSubscriber,
} from '../../adapters/telecom-identity/port';
import type { Audit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { createLimiter } from '../auth/limiter';
import type { UserRow } from '../users/service';
import { TELECOM_MESSAGES } from './messages';

/** The only tenant the telecom's customers sign in to (DESIGN.md, Brands). */
export const TELECOM_TENANT = 'redcash';

export interface TelecomServiceDeps {
  telecom: TelecomIdentity;
  /** The line proof handed to the browser after the telecom's sign-in. */
  lineProof: {
    signRedOne(callerId: string): string;
    verifyRedOne(token: string): Promise<string | null>;
  };
  /** The redcash account using this phone number, if any. */
  accountByPhone(phoneNo: string): Promise<UserRow | undefined>;
  /** The NRIC the account registered with (digits), null when it has none yet. */
  identityCardNoOf(userId: string): Promise<string | null>;
  /** Opens the account's session once the telecom vouched for the person. */
  auth: {
    signInVerified(user: UserRow, ip: string, redOneJwt: string): Promise<LoginResponse>;
    tokensForVerified(user: UserRow, ip: string): Promise<TokenPair>;
  };
  audit: Audit;
  clock: Clock;
  counters: Counters;
  limits: { loginPerAccount: number; resetPerAccount: number };
}

const unavailable = () => new HttpError(503, TELECOM_MESSAGES.unavailable, 'UNAVAILABLE');
const nricDigits = (nric: string) => nric.replace(/[\s-]/g, '');

/**
 * The telecom tenant's sign-in. The telecom vouches for the line (its number and password) and
 * says whose it is (the NRIC it was registered with). A line opens an account of ours only when
 * the account has the same phone number *and* registered the same NRIC: a phone number typed
 * into someone else's registration never hands that account the line's owner (or the reverse).
 */
export function createTelecomService(deps: TelecomServiceDeps) {
  const { telecom, clock, counters, audit } = deps;
  const fifteenMinutes = 15 * 60 * 1000;
  const signInPerLine = createLimiter({
    name: 'telecom-login',
    max: deps.limits.loginPerAccount,
    windowMs: fifteenMinutes,
    counters,
    clock,
  });
  // Keyed by the line alone: whoever holds the line's proof already knew its password, and an
  // NRIC has few enough unknown digits that guesses must stay few wherever they come from.
  const nricPerLine = createLimiter({
    name: 'telecom-nric',
    max: deps.limits.loginPerAccount,
    windowMs: fifteenMinutes,
    counters,
    clock,
  });
  const resetPerLine = createLimiter({
    name: 'telecom-reset',
    max: deps.limits.resetPerAccount,
    windowMs: 60 * 60 * 1000,
    counters,
    clock,
  });

  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof TelecomIdentityUnavailable) throw unavailable();
      throw error;
    }
  }

  /** The account of ours the line belongs to, if any, and whether its number is taken. */
  async function accountOf(line: TelecomSubscriber) {
    const user = await deps.accountByPhone(line.callerId);
    if (!user) return { user: null, phoneNoTaken: false };
    const registered = await deps.identityCardNoOf(user.id);
    const same = registered !== null && nricDigits(registered) === line.nric;
    return { user: same ? user : null, phoneNoTaken: !same };
  }

  async function loginFailed(ip: string, via: 'line' | 'portal') {
    await audit({
      action: 'auth.login_failed',
      actor: null,
      subject: null,
      ip,
      detail: { tenant: TELECOM_TENANT, via: `telecom-${via}` },
    });
  }

  return {
    async firstLogin(
      request: { callerId: string; password: string },
      ip: string,
    ): Promise<RedOneFirstLoginResponse> {
      const key = `${ip}|${request.callerId}`;
      await signInPerLine.hit(key);
      const line = await ask(() => telecom.authenticate(request.callerId, request.password));
      if (!line) {
        await loginFailed(ip, 'line');
        throw new HttpError(401, TELECOM_MESSAGES.invalidCredentials, 'UNAUTHENTICATED');
      }
      await signInPerLine.reset(key);
      const redOneJwt = deps.lineProof.signRedOne(line.callerId);
      const { user, phoneNoTaken } = await accountOf(line);
      if (user) {
        const signedIn = await deps.auth.signInVerified(user, ip, redOneJwt);
        return {
          ...signedIn,
          redOneJwt,
          phoneNo: line.callerId,
          phoneNoTaken: false,
        };
      }
      return {
        redOneJwt,
        accessToken: null,
        refreshToken: null,
        userDetails: null,
        applicationDetails: [],
        agreementDetails: null,
        phoneNo: line.callerId,
        phoneNoTaken,
      };
    },

    async validateNric(
      redOneJwt: string | null,
      nric: string,
      ip: string,
    ): Promise<RedOneValidateNricResponse> {
      const callerId = redOneJwt ? await deps.lineProof.verifyRedOne(redOneJwt) : null;
      if (!callerId) throw new HttpError(401, TELECOM_MESSAGES.lineProofExpired, 'UNAUTHENTICATED');
      await nricPerLine.hit(callerId);
      const line = await ask(() => telecom.subscriberOf(callerId));
      const matches = line !== null && nricDigits(nric) === line.nric;
      await audit({
        action: 'telecom.nric_checked',
        actor: null,
        subject: null,
        ip,
        detail: { matched: matches },
      });
      if (!line || !matches) {
        throw new HttpError(400, TELECOM_MESSAGES.invalidNric, 'TELECOM_NRIC_INVALID');
      }
      await nricPerLine.reset(callerId);
      const reason = telecomPostpaidRuleFailure(line, DEFAULT_ELIGIBILITY_SETTINGS);
      return {
        valid: true,
        accountType: line.accountType,
        postpaidTenureMonths: line.postpaidTenureMonths,
        telecomPostpaid: reason ? { pass: false, reason } : { pass: true },
      };
    },

    /** The telecom's report of the line a redOne token proves, for the eligibility rules; null
     *  when the line is no longer active. */
    async lineStanding(redOneJwt: string): Promise<TelecomAccountStanding | null> {
      const callerId = await deps.lineProof.verifyRedOne(redOneJwt);
      if (!callerId) throw new HttpError(401, TELECOM_MESSAGES.lineProofExpired, 'UNAUTHENTICATED');
      const line = await ask(() => telecom.subscriberOf(callerId));
      return line
        ? { accountType: line.accountType, postpaidTenureMonths: line.postpaidTenureMonths }
        : null;
    },

    /** The same answer whether or not the number is the telecom's. */
    async resetPassword(callerId: string, ip: string): Promise<{ message: string }> {
      await resetPerLine.hit(`${ip}|${callerId}`);
      const sent = await ask(() => telecom.resetPassword(callerId));
      await audit({
        action: 'telecom.password_reset_requested',
        actor: null,
        subject: null,
        ip,
        detail: { sent },
      });
      return { message: TELECOM_MESSAGES.resetRequested };
    },

    async cepLogin(request: { email: string; password: string }, ip: string): Promise<TokenPair> {
      const email = request.email.trim().toLowerCase();
      const key = `${ip}|cep|${email}`;
      await signInPerLine.hit(key);
      const line = await ask(() => telecom.authenticatePortal(email, request.password));
      if (!line) {
        await loginFailed(ip, 'portal');
        throw new HttpError(401, TELECOM_MESSAGES.invalidPortalCredentials, 'UNAUTHENTICATED');
      }
      await signInPerLine.reset(key);
      const { user } = await accountOf(line);
      if (!user) throw new HttpError(404, TELECOM_MESSAGES.noAccount, 'TELECOM_NO_ACCOUNT');
      return deps.auth.tokensForVerified(user, ip);
    },
  };
}

export type TelecomService = ReturnType<typeof createTelecomService>;
