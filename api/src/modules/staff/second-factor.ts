import { randomBytes } from 'node:crypto';

import { generateSecret, generateURI, verify } from 'otplib';

import type { Sealer } from '../../crypto/sealed';
import type { Audit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { tokenHash } from '../../kernel/secrets';
import type { StaffRow, StaffStore } from './store';

export const RECOVERY_CODE_COUNT = 10;
/** What authenticator apps show under the account. */
const ISSUER = 'Lending back office';
const PERIOD_S = 30;
/** One step either side of the server's: a phone's clock a little off still signs in. */
const TOLERANCE_S = PERIOD_S;

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 12 characters from an alphabet without look-alikes (60 bits), shown as XXXX-XXXX-XXXX. */
function newRecoveryCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => BASE32[byte % BASE32.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** How a recovery code is kept and found: typed in any case, with or without its dashes. */
export function recoveryCodeHash(code: string): string {
  return tokenHash(code.toUpperCase().replace(/[^A-Z0-9]/g, ''));
}

export type SecondFactorStep =
  { step: 'ENROL'; otpauthUrl: string; secret: string } | { step: 'CODE' };

export type SecondFactorProof = { code: string } | { recoveryCode: string };

const refused = (message: string, code: 'TOTP_CODE_INVALID' | 'RECOVERY_CODE_INVALID') =>
  new HttpError(401, message, code);

/**
 * The authenticator-app factor of staff sign-in (RFC 6238, 6 digits every 30 seconds). The
 * secret is sealed at rest; each accepted code's time step is remembered, so a code works once.
 */
export function createSecondFactor(deps: {
  store: StaffStore;
  sealer: Sealer;
  clock: Clock;
  audit: Audit;
}) {
  const { store, sealer, clock } = deps;
  const epoch = () => Math.floor(clock.now().getTime() / 1000);

  async function check(secret: string, code: string) {
    if (!/^\d{6}$/.test(code)) return null;
    const result = await verify({
      secret,
      token: code,
      epoch: epoch(),
      epochTolerance: TOLERANCE_S,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  return {
    /** What the member does after their password: enrol an app (the secret offered stays the
     *  same until they confirm it), or give a code. */
    async begin(staff: StaffRow): Promise<SecondFactorStep> {
      if (staff.totpEnrolledAt && staff.totpSecret) return { step: 'CODE' };
      let secret = staff.totpSecret ? sealer.openText(staff.totpSecret) : null;
      if (!secret) {
        secret = generateSecret();
        await store.offerSecret(staff.id, sealer.seal(secret));
      }
      return {
        step: 'ENROL',
        secret,
        otpauthUrl: generateURI({ issuer: ISSUER, label: staff.email, secret }),
      };
    },

    /** Checks the proof; the recovery codes to show when this confirmed an enrolment. */
    async prove(
      staff: StaffRow,
      proof: SecondFactorProof,
      ip: string,
    ): Promise<{ recoveryCodes: string[] | null }> {
      const subject = `staff:${staff.id}`;
      const fail = async (reason: string, error: HttpError) => {
        await deps.audit({
          action: 'staff.second_factor_failed',
          actor: null,
          subject,
          ip,
          detail: { reason },
        });
        return error;
      };
      if (!staff.totpSecret)
        throw await fail('not-enrolled', refused('Please sign in again', 'TOTP_CODE_INVALID'));
      const secret = sealer.openText(staff.totpSecret);

      if (!staff.totpEnrolledAt) {
        const code = 'code' in proof ? proof.code.trim() : '';
        const step = await check(secret, code);
        if (step === null)
          throw await fail('wrong-code', refused('The code is not correct', 'TOTP_CODE_INVALID'));
        const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        const enrolled = await store.enrol(
          staff.id,
          step,
          codes.map(recoveryCodeHash),
          clock.now(),
          {
            action: 'staff.second_factor_enrolled',
            actor: subject,
            subject,
            ip,
          },
        );
        if (!enrolled)
          throw await fail(
            'enrolled-meanwhile',
            refused('Please sign in again', 'TOTP_CODE_INVALID'),
          );
        return { recoveryCodes: codes };
      }

      if ('recoveryCode' in proof) {
        const left = await store.spendRecoveryCode(
          staff.id,
          recoveryCodeHash(proof.recoveryCode),
          clock.now(),
        );
        if (left === null)
          throw await fail(
            'wrong-recovery-code',
            refused(
              'The recovery code is not correct or was used already',
              'RECOVERY_CODE_INVALID',
            ),
          );
        await deps.audit({
          action: 'staff.recovery_code_used',
          actor: subject,
          subject,
          ip,
          detail: { left },
        });
        return { recoveryCodes: null };
      }

      const step = await check(secret, proof.code.trim());
      if (step === null)
        throw await fail('wrong-code', refused('The code is not correct', 'TOTP_CODE_INVALID'));
      if (!(await store.takeStep(staff.id, step)))
        throw await fail(
          'replayed-code',
          new HttpError(
            401,
            'This code was used already, please wait for the next one',
            'TOTP_CODE_REPLAYED',
          ),
        );
      return { recoveryCodes: null };
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
