import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

import type { SendCodeResponse, VerificationChannel, VerificationStatus } from '@lending/contracts';

import type { EmailSender } from '../../adapters/email/port';
import type { SmsSender } from '../../adapters/sms/port';
import type { Sealer } from '../../crypto/sealed';
import type { Clock } from '../../kernel/clock';
import { badRequest, HttpError, sentence } from '../../kernel/errors';
import type { ApplicationAccess } from '../applications/service';
import type { UserAccounts } from '../users/service';
import { codeEmail, codeSms, maskEmail, maskPhone } from './messages';
import type { VerificationStore } from './store';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_AFTER_MS = 60 * 1000;
export const INVALID_OTP = 'Invalid OTP';
export const CODE_EXPIRED = 'This code has expired, please request a new one';
export const TOO_MANY_ATTEMPTS = 'Too many wrong attempts, please request a new code';

export interface VerificationServiceDeps {
  applications: Pick<ApplicationAccess, 'recordDraftProgress'>;
  store: VerificationStore;
  users: UserAccounts;
  email: EmailSender;
  sms: SmsSender;
  sealer: Sealer;
  clock: Clock;
}

/** Six digits, leading zeros kept. */
function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** How long a spent or expired code is kept (support looks at yesterday's, no further). */
const SPENT_KEPT_MS = 24 * 60 * 60 * 1000;

export function createVerificationService(deps: VerificationServiceDeps) {
  const { store, clock } = deps;
  /** Keyed with the data key and bound to the code's row, so a leaked table reveals nothing. */
  const hashOf = (codeId: string, code: string) => deps.sealer.fingerprint(`otp:${codeId}:${code}`);

  async function userOf(userId: string) {
    const user = await deps.users.byId(userId);
    if (!user) throw new HttpError(401, 'Unauthorized');
    return user;
  }

  function destinationOf(
    user: Awaited<ReturnType<typeof userOf>>,
    channel: VerificationChannel,
  ): string {
    if (channel === 'email') return user.email;
    if (!user.phoneNo) throw badRequest('Please add your phone number to your profile first');
    return user.phoneNo;
  }

  return {
    /** Removes one-time codes spent or expired more than a day ago (the daily purge). */
    async purgeExpired(): Promise<{ verificationCodes: number }> {
      const cutoff = new Date(clock.now().getTime() - SPENT_KEPT_MS);
      return { verificationCodes: await store.purgeSpentCodes(cutoff) };
    },

    async send(userId: string, channel: VerificationChannel): Promise<SendCodeResponse> {
      const user = await userOf(userId);
      const destination = destinationOf(user, channel);
      const now = clock.now();
      const latest = await store.latestCode(userId, channel);
      if (latest && now.getTime() - latest.createdAt.getTime() < RESEND_AFTER_MS) {
        const wait = Math.ceil(
          (latest.createdAt.getTime() + RESEND_AFTER_MS - now.getTime()) / 1000,
        );
        throw new HttpError(
          429,
          sentence('Please wait {seconds} seconds before asking for a new code', { seconds: wait }),
        );
      }
      const code = newCode();
      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS);
      await store.insertCode({
        id,
        userId,
        channel,
        destination,
        codeHash: hashOf(id, code),
        createdAt: now,
        expiresAt,
      });
      const minutes = CODE_LIFETIME_MS / 60_000;
      if (channel === 'email') {
        await deps.email.send(
          codeEmail({
            to: destination,
            firstName: user.firstName,
            language: user.language,
            code,
            minutes,
          }),
        );
      } else {
        await deps.sms.send(codeSms({ to: destination, language: user.language, code, minutes }));
      }
      return {
        sentTo: channel === 'email' ? maskEmail(destination) : maskPhone(destination),
        expiresAt: expiresAt.toISOString(),
        resendAvailableAt: new Date(now.getTime() + RESEND_AFTER_MS).toISOString(),
      };
    },

    async verify(
      userId: string,
      channel: VerificationChannel,
      code: string,
    ): Promise<VerificationStatus> {
      const user = await userOf(userId);
      const destination = destinationOf(user, channel);
      const now = clock.now();
      const latest = await store.latestCode(userId, channel);
      // Only the newest code counts, and only for the address it was sent to.
      if (!latest || latest.usedAt || latest.destination !== destination) {
        throw badRequest(INVALID_OTP);
      }
      if (latest.expiresAt.getTime() <= now.getTime()) throw badRequest(CODE_EXPIRED);
      if (!(await store.countAttempt(latest.id, CODE_MAX_ATTEMPTS))) {
        throw badRequest(TOO_MANY_ATTEMPTS);
      }
      const expected = Buffer.from(latest.codeHash, 'utf8');
      const given = Buffer.from(hashOf(latest.id, code), 'utf8');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw badRequest(INVALID_OTP);
      }
      if (
        !(await store.markVerified(latest.id, { userId, channel, destination, verifiedAt: now }))
      ) {
        throw badRequest(INVALID_OTP);
      }
      if (channel === 'email') {
        await deps.applications.recordDraftProgress(userId, 'EMAILVERIFICATIONCOMPLETED');
      }
      return status(userId);
    },

    status,
  };

  /** The newest code of the channel while it can still be entered: not used, not expired, not
   *  out of attempts, and sent to the address the account has now. */
  async function pendingCode(
    userId: string,
    channel: VerificationChannel,
    current: string | null,
  ): Promise<SendCodeResponse | null> {
    const latest = await store.latestCode(userId, channel);
    const now = clock.now().getTime();
    if (
      !latest ||
      latest.usedAt ||
      latest.destination !== current ||
      latest.expiresAt.getTime() <= now ||
      latest.attempts >= CODE_MAX_ATTEMPTS
    ) {
      return null;
    }
    return {
      sentTo: channel === 'email' ? maskEmail(latest.destination) : maskPhone(latest.destination),
      expiresAt: latest.expiresAt.toISOString(),
      resendAvailableAt: new Date(latest.createdAt.getTime() + RESEND_AFTER_MS).toISOString(),
    };
  }

  /** Verified means verified for the address the account has now. */
  async function status(userId: string): Promise<VerificationStatus> {
    const user = await userOf(userId);
    const rows = await store.verifications(userId);
    const of = async (channel: VerificationChannel) => {
      const row = rows.find((r) => r.channel === channel);
      const current = channel === 'email' ? user.email : user.phoneNo;
      return row && row.destination === current
        ? { verified: true, verifiedAt: row.verifiedAt.toISOString(), pending: null }
        : {
            verified: false,
            verifiedAt: null,
            pending: await pendingCode(userId, channel, current ?? null),
          };
    };
    return { email: await of('email'), sms: await of('sms') };
  }
}

export type VerificationService = ReturnType<typeof createVerificationService>;
