// The sandbox telecom: a small subscriber directory that answers as the telecom's identity service
// does, so a person on a laptop can sign in as any of its lines (README, "Telecom sign-in"). A
// password reset sets a new password for the line and texts it to the line through the SMS
// adapter, as the telecom does, so the new password shows up in the sandbox outbox.
import { randomInt } from 'node:crypto';

import type { SmsSender } from '../sms/port';
import type { TelecomIdentity, TelecomSubscriber } from './port';

export interface SandboxSubscriber extends TelecomSubscriber {
  portalEmail: string;
  /** The line's starting password (a reset changes it). */
  password: string;
  active: boolean;
}

const SANDBOX_PASSWORD = 'Sandbox#2026';

/** The sandbox lines. NRICs are well formed (a real birth date and place code), numbers are
 *  Malaysian mobile numbers in the telecom's 011 range. */
export const SANDBOX_SUBSCRIBERS: readonly SandboxSubscriber[] = [
  {
    callerId: '+60111000001',
    name: 'Aiman Hakim',
    nric: '900101145677',
    accountType: 'POSTPAID',
    postpaidTenureMonths: 24,
    portalEmail: 'aiman@telecom.sandbox.test',
    password: SANDBOX_PASSWORD,
    active: true,
  },
  {
    callerId: '+60111000002',
    name: 'Siti Nurhaliza',
    nric: '920315105432',
    accountType: 'POSTPAID',
    postpaidTenureMonths: 3,
    portalEmail: 'siti@telecom.sandbox.test',
    password: SANDBOX_PASSWORD,
    active: true,
  },
  {
    callerId: '+60111000003',
    name: 'Tan Wei Ming',
    nric: '881212081235',
    accountType: 'PREPAID',
    postpaidTenureMonths: null,
    portalEmail: 'weiming@telecom.sandbox.test',
    password: SANDBOX_PASSWORD,
    active: true,
  },
  {
    callerId: '+60111000004',
    name: 'Kavitha Raman',
    nric: '950620015566',
    accountType: 'POSTPAID',
    postpaidTenureMonths: 6,
    portalEmail: 'kavitha@telecom.sandbox.test',
    password: SANDBOX_PASSWORD,
    active: true,
  },
  {
    callerId: '+60111000005',
    name: 'Lim Mei Ling',
    nric: '850808145688',
    accountType: 'POSTPAID',
    postpaidTenureMonths: 60,
    portalEmail: 'meiling@telecom.sandbox.test',
    password: SANDBOX_PASSWORD,
    active: false,
  },
];

export interface SandboxTelecomIdentity extends TelecomIdentity {
  readonly name: 'sandbox';
  /** The directory as it stands (passwords after any reset), for the sandbox's own page. */
  directory(): SandboxSubscriber[];
}

function publicPart({
  callerId,
  name,
  nric,
  accountType,
  postpaidTenureMonths,
}: SandboxSubscriber) {
  return { callerId, name, nric, accountType, postpaidTenureMonths };
}

export function sandboxTelecomIdentity(deps: {
  sms: SmsSender;
  subscribers?: readonly SandboxSubscriber[];
}): SandboxTelecomIdentity {
  const lines = (deps.subscribers ?? SANDBOX_SUBSCRIBERS).map((line) => ({ ...line }));
  const activeLine = (callerId: string) =>
    lines.find((line) => line.active && line.callerId === callerId);
  return {
    name: 'sandbox',
    async authenticate(callerId, password) {
      const line = activeLine(callerId);
      return line && line.password === password ? publicPart(line) : null;
    },
    async authenticatePortal(email, password) {
      const wanted = email.trim().toLowerCase();
      const line = lines.find((l) => l.active && l.portalEmail === wanted);
      return line && line.password === password ? publicPart(line) : null;
    },
    async subscriberOf(callerId) {
      const line = activeLine(callerId);
      return line ? publicPart(line) : null;
    },
    async resetPassword(callerId) {
      const line = activeLine(callerId);
      if (!line) return false;
      line.password = `Red${randomInt(100_000, 1_000_000)}`;
      await deps.sms.send({
        to: line.callerId,
        body:
          `Your new telecom account password is ${line.password}. ` +
          `Kata laluan baharu akaun telekomunikasi anda ialah ${line.password}.`,
      });
      return true;
    },
    directory: () => lines.map((line) => ({ ...line })),
  };
}
