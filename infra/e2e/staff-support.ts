import fs from 'node:fs';
import path from 'node:path';

import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

import { latestLinkFor, staffAdmin } from './auth-support';

export type StaffRole = 'ADMIN' | 'CREDIT_OFFICER' | 'APPROVER' | 'CUSTOMER_SERVICE' | 'FINANCE';

export interface StaffMemberCredentials {
  email: string;
  password: string;
  /** The authenticator app's key, as an app would keep it after scanning the QR code. */
  totpSecret: string;
}

const PERIOD_S = 30;
const STAFF_PATHS = {
  login: '/arkcash/admin/api/v1.0/auth/login',
  secondFactor: '/arkcash/admin/api/v1.0/auth/second-factor',
  refresh: '/arkcash/admin/api/v1.0/auth/refreshToken',
  staff: '/arkcash/admin/api/v1.0/staff',
  setPassword: '/arkcash/admin/api/v1.0/auth/password-link/password',
};

/**
 * Each member's authenticator key and the last time step a code was used for, kept in the server's
 * folder so every spec (and a restarted worker) shares them: the server takes each step once.
 */
function ledgerFile(): string {
  const serverDir = process.env.E2E_SERVER_DIR;
  if (!serverDir) throw new Error('E2E_SERVER_DIR is not set');
  return path.join(serverDir, 'staff-totp.json');
}

type Ledger = Record<string, { secret: string; lastStep: number }>;

function readLedger(): Ledger {
  const file = ledgerFile();
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Ledger) : {};
}

function remember(email: string, entry: { secret: string; lastStep: number }): void {
  fs.writeFileSync(ledgerFile(), JSON.stringify({ ...readLedger(), [email]: entry }));
}

/** The authenticator key kept for a member (the first admin's after their enrolment). */
export function totpSecretOf(email: string): string | undefined {
  return readLedger()[email]?.secret;
}

/**
 * A code for `email` the server has not seen yet. The server accepts one step either side of its
 * own, each once; the step before now is never offered, as the server may already be a step
 * further when the code arrives. A burst of sign-ins walks forward and waits only when it must.
 */
export async function nextTotpCode(email: string, secret = totpSecretOf(email)): Promise<string> {
  if (!secret) throw new Error(`no authenticator key kept for ${email}`);
  const lastStep = readLedger()[email]?.lastStep ?? -1;
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / PERIOD_S);
    const step = [now, now + 1].find((candidate) => candidate > lastStep);
    if (step !== undefined) {
      remember(email, { secret, lastStep: step });
      return generate({ secret, epoch: step * PERIOD_S });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

type LoginStep =
  | { step: 'ENROL'; challengeToken: string; secret: string }
  | { step: 'CODE'; challengeToken: string };

/** Both steps of staff sign-in through the API, enrolling an app the first time. */
export async function staffSignInThroughApi(
  request: APIRequestContext,
  member: { email: string; password: string },
): Promise<{ accessToken: string; refreshToken: string; totpSecret: string }> {
  const step = await json<LoginStep>(
    await request.post(STAFF_PATHS.login, {
      data: { email: member.email, password: member.password },
    }),
  );
  const secret = step.step === 'ENROL' ? step.secret : totpSecretOf(member.email);
  if (!secret) throw new Error(`${member.email} enrolled an app this run does not know`);
  const tokens = await json<{ accessToken: string; refreshToken: string }>(
    await request.post(STAFF_PATHS.secondFactor, {
      data: { challengeToken: step.challengeToken, code: await nextTotpCode(member.email, secret) },
    }),
  );
  return { ...tokens, totpSecret: secret };
}

let adminSession: { accessToken: string; refreshToken: string; at: number } | null = null;

/** The first admin's API session, opened once and refreshed before its token runs out. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const tenMinutes = 10 * 60 * 1000;
  if (adminSession && Date.now() - adminSession.at < tenMinutes) return adminSession.accessToken;
  if (adminSession) {
    const refreshed = await request.post(STAFF_PATHS.refresh, {
      data: { refreshToken: adminSession.refreshToken },
    });
    if (refreshed.ok()) {
      adminSession = {
        ...((await refreshed.json()) as typeof adminSession & object),
        at: Date.now(),
      };
      return adminSession.accessToken;
    }
  }
  const signedIn = await staffSignInThroughApi(request, staffAdmin());
  adminSession = { ...signedIn, at: Date.now() };
  return adminSession.accessToken;
}

let members = 0;

/**
 * A staff member holding `roles`, made the way an admin makes one: the admin adds them, the
 * member follows the emailed link to choose a password, then enrols an authenticator app.
 */
export async function createStaff(
  request: APIRequestContext,
  roles: StaffRole[],
): Promise<StaffMemberCredentials> {
  members += 1;
  const stamp = `${Date.now().toString(36)}${members}`;
  const email = `staff.${stamp}@lender.test`;
  const password = `staff password ${stamp}`;
  const add = async () =>
    request.post(STAFF_PATHS.staff, {
      headers: { authorization: `Bearer ${await adminToken(request)}` },
      data: { name: `Staff ${stamp}`, email, roles },
    });
  let added = await add();
  if (added.status() === 401) {
    // Another journey on this server may have ended the first admin's sessions (a password
    // set, an authenticator enrolled in the page): this worker's session is then opened again.
    adminSession = null;
    added = await add();
  }
  await json(added);
  const link = new URL(await latestLinkFor(request, email));
  const set = await request.post(STAFF_PATHS.setPassword, {
    data: { token: link.searchParams.get('token'), password },
  });
  if (set.status() !== 204) throw new Error(`set password answered ${set.status()}`);
  const { totpSecret } = await staffSignInThroughApi(request, { email, password });
  return { email, password, totpSecret };
}

/**
 * Signs a member in through the real /admin/login form: password, then the code their app shows
 * (enrolling it, and keeping the recovery codes, when this is their first sign-in).
 */
export async function signInStaffInPage(
  page: Page,
  member: { email: string; password: string },
  language: 'EN' | 'MS' = 'EN',
): Promise<void> {
  await page.goto(`/admin/login?language=${language}`);
  const login = page.locator('form[data-form="staff-login"]');
  await login.locator('input[name="email"]').fill(member.email);
  await login.locator('input[name="password"]').fill(member.password);
  await login.locator('button[type="submit"]').click();
  const second = page.locator('form[data-form="second-factor"]');
  await expect(second).toBeVisible();
  const key = page.getByTestId('totp-secret');
  const enrolling = await key.isVisible();
  const secret = enrolling
    ? ((await key.textContent()) ?? '').replace(/\s/g, '')
    : totpSecretOf(member.email);
  if (!secret) throw new Error(`no authenticator key kept for ${member.email}`);
  await second.locator('input').fill(await nextTotpCode(member.email, secret));
  await second.locator('button[type="submit"]').click();
  if (enrolling) await page.getByTestId('recovery-codes-done').click();
  await expect(page).toHaveURL(/\/admin\/applications/);
}
