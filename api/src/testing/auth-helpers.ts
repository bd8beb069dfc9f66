import {
  AUTH_PATHS,
  type LoginResponse,
  STAFF_PATHS,
  type StaffLoginStep,
  type StaffSignedIn,
  type TokenPair,
} from '@lending/contracts';
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';

import type { App } from '../app';
import type { Orm } from '../db/database';
import { staffUsers } from '../db/schema';
import { hashPassword } from '../kernel/passwords';

let address = 0;
/** A fresh client address per call, so per-address limits only bite where a test wants them. */
export function nextIp(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

/** A client on the API's own machine: the sandbox outbox answers only these by default. */
export const LOCAL_CLIENT = { ip: '127.0.0.1' } as const;

/** Answers are read as loosely as a browser reads them; the assertions say what must be there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface Caller {
  (
    method: InjectOptions['method'],
    url: string,
    options?: {
      body?: unknown;
      token?: string | null;
      ip?: string;
      tenant?: string;
    },
  ): Promise<{ status: number; body: Json; headers: Record<string, unknown> }>;
}

export function caller(app: App): Caller {
  return async (method, url, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.tenant) headers['x-tenant'] = options.tenant;
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress: options.ip ?? nextIp(),
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });
    const text = response.body;
    return {
      status: response.statusCode,
      body:
        text && response.headers['content-type']?.toString().includes('json')
          ? response.json()
          : text,
      headers: response.headers,
    };
  };
}

export async function solveCaptcha(call: Caller): Promise<string> {
  const { status, body } = await call('POST', AUTH_PATHS.sandboxCaptchaSolve);
  if (status !== 200) throw new Error(`captcha solve answered ${status}`);
  return body.token as string;
}

let people = 0;
export function newPerson(overrides: Partial<Record<string, unknown>> = {}) {
  people += 1;
  const n = String(people).padStart(4, '0');
  return {
    email: `applicant${n}.${process.pid}@example.com`,
    password: `correct horse ${n}`,
    firstName: `Aisyah ${n}`,
    phoneNo: `+6012${String(people * 7919 + process.pid)
      .padStart(7, '0')
      .slice(-7)}`,
    language: 'EN',
    acceptMarketingConsent: false,
    ...overrides,
  };
}

export async function register(
  call: Caller,
  person = newPerson(),
  tenant?: string,
): Promise<{ person: ReturnType<typeof newPerson>; session: LoginResponse }> {
  const captchaToken = await solveCaptcha(call);
  const { status, body } = await call('POST', AUTH_PATHS.register, {
    body: { ...person, captchaToken },
    tenant,
  });
  if (status !== 201) throw new Error(`register answered ${status}: ${JSON.stringify(body)}`);
  return { person, session: body as LoginResponse };
}

export async function login(
  call: Caller,
  email: string,
  password: string,
  options: { ip?: string; tenant?: string } = {},
) {
  const captchaToken = await solveCaptcha(call);
  return call('POST', AUTH_PATHS.login, { body: { email, password, captchaToken }, ...options });
}

export async function addStaff(
  db: Orm,
  email: string,
  password: string,
  roles: string[],
): Promise<void> {
  await db.insert(staffUsers).values({
    email,
    passwordHash: await hashPassword(password),
    name: email,
    roles,
    passwordSetAt: new Date(),
  });
}

const TOTP_PERIOD_S = 30;

/** The 6-digit code an authenticator app shows for `secret` at `epochSeconds`. */
export function totpCode(secret: string, epochSeconds: number): Promise<string> {
  return generate({ secret, epoch: epochSeconds });
}

/** What the staff sign-in helper learnt at each member's enrolment, by email. */
const enrolled = new Map<string, { secret: string; recoveryCodes: string[]; lastStep: number }>();

/** The authenticator secret and the unused recovery codes a member got at enrolment through
 *  `staffLogin` (undefined before it). */
export function enrolmentOf(email: string) {
  return enrolled.get(email);
}

/**
 * Staff sign-in with both steps: the password, then a code from the authenticator app, enrolling
 * one on the first sign-in. Codes are computed for the server's time (the challenge's `iat`, so
 * a moved test clock works) and each step is used once, as the server demands; past the steps
 * the server accepts at one moment, the recovery codes stand in.
 */
export async function staffLogin(
  call: Caller,
  email: string,
  password: string,
): Promise<TokenPair> {
  const first = await call('POST', AUTH_PATHS.staffLogin, { body: { email, password } });
  if (first.status !== 200) throw new Error(`staff login answered ${first.status}`);
  const step = first.body as StaffLoginStep;
  const issuedAt = claimsOf(step.challengeToken).iat as number;
  const current = Math.floor(issuedAt / TOTP_PERIOD_S);
  // On the real clock the server may be a step further by the time the code arrives, so the step
  // before is never offered; a test's own clock stands still unless the test moves it.
  const testClock = Math.abs(issuedAt - Date.now() / 1000) > 5;
  const candidates = testClock ? [current - 1, current, current + 1] : [current, current + 1];
  let proof: { code: string } | { recoveryCode: string };
  let usedStep: number | null = null;
  if (step.step === 'ENROL') {
    usedStep = candidates[0]!;
    proof = { code: await totpCode(step.secret, usedStep * TOTP_PERIOD_S) };
  } else {
    const known = enrolled.get(email);
    if (!known) throw new Error(`${email} enrolled an authenticator outside staffLogin`);
    const free = candidates.find((s) => s > known.lastStep);
    if (free !== undefined) {
      usedStep = free;
      proof = { code: await totpCode(known.secret, free * TOTP_PERIOD_S) };
    } else {
      const recoveryCode = known.recoveryCodes.shift();
      if (!recoveryCode) throw new Error(`${email} signed in too often at one moment`);
      proof = { recoveryCode };
    }
  }
  const second = await call('POST', STAFF_PATHS.secondFactor, {
    body: { challengeToken: step.challengeToken, ...proof },
  });
  if (second.status !== 200)
    throw new Error(
      `staff second factor answered ${second.status}: ${JSON.stringify(second.body)}`,
    );
  const signedIn = second.body as StaffSignedIn;
  if (step.step === 'ENROL') {
    enrolled.set(email, {
      secret: step.secret,
      recoveryCodes: signedIn.recoveryCodes ?? [],
      lastStep: usedStep!,
    });
  } else if (usedStep !== null) enrolled.get(email)!.lastStep = usedStep;
  return { accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken };
}

/** The payload of a JWT, unchecked: what a browser could read. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}
