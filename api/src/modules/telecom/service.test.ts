import { memoryCounters } from '../../adapters/counters/memory';
import {
  type TelecomIdentity,
  TelecomIdentityUnavailable,
} from '../../adapters/telecom-identity/port';
import { fixedClock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { createTelecomService } from './service';

/** A telecom whose every call times out, as a real one does when it is down. */
const downTelecom: TelecomIdentity = {
  name: 'down',
  authenticate: async () => {
    throw new TelecomIdentityUnavailable();
  },
  authenticatePortal: async () => {
    throw new TelecomIdentityUnavailable();
  },
  subscriberOf: async () => {
    throw new TelecomIdentityUnavailable();
  },
  resetPassword: async () => {
    throw new TelecomIdentityUnavailable();
  },
};

function serviceWith(telecom: TelecomIdentity) {
  const clock = fixedClock();
  return createTelecomService({
    telecom,
    lineProof: {
      signRedOne: (callerId) => `proof:${callerId}`,
      verifyRedOne: async () => '+60111000001',
    },
    accountByPhone: async () => undefined,
    identityCardNoOf: async () => null,
    auth: {
      signInVerified: async () => {
        throw new Error('no account should be signed in');
      },
      tokensForVerified: async () => {
        throw new Error('no account should be signed in');
      },
    },
    audit: async () => undefined,
    clock,
    counters: memoryCounters(clock),
    limits: { loginPerAccount: 5, resetPerAccount: 3 },
  });
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the telecom sign-in when the telecom is down', () => {
  it('answers 503 on every path, never a wrong password or a wrong NRIC', async () => {
    const service = serviceWith(downTelecom);
    for (const attempt of [
      service.firstLogin({ callerId: '+60111000001', password: 'Sandbox#2026' }, '10.0.0.1'),
      service.validateNric('proof', '900101145677', '10.0.0.1'),
      service.resetPassword('+60111000001', '10.0.0.1'),
      service.cepLogin({ email: 'aiman@telecom.sandbox.test', password: 'x' }, '10.0.0.1'),
      service.lineStanding('proof'),
    ]) {
      const error = await refusal(attempt);
      expect(error.statusCode).toBe(503);
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.message).toBe('The telecom sign-in is unavailable, please try again later');
    }
  });
});
