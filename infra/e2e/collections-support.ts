// Collections in whole-journey specs: a borrower whose direct debit cannot be collected, paid out
// through the APIs the other journeys drive through the screens, the back office's words, and the
// business date moved and closed on its page the way an admin of a sandbox does it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  type APIRequestContext,
  type Browser,
  expect as baseExpect,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';

import { approvedThroughStaffApi } from './offer-support';
import { disbursedThroughApi, repaymentWords } from './repayment-support';
import {
  createStaff,
  signInStaffInPage,
  type StaffMemberCredentials,
  type StaffRole,
  staffSignInThroughApi,
} from './staff-support';
import { personOn, signInApplicant, type SubmittedApplicant } from './underwriting-support';

// Close of business brings every loan of the server up a day at a time: a few seconds a month.
export const expect = baseExpect.configure({ timeout: 30_000 });

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The sandbox bank's payer account that never has the money (SANDBOX_FAILING_ACCOUNTS). */
const ACCOUNT_WITHOUT_FUNDS = '512345670051';

type Tree = { [key: string]: string | Tree };

/** The words of one back-office screen (`mf-admin/src/locales/<language>/<file>.json`). */
export function adminWords(file: string, language: 'EN' | 'MS' = 'EN') {
  const folder = language === 'MS' ? 'ms' : 'en';
  const tree = JSON.parse(
    fs.readFileSync(path.join(repoRoot, `mf-admin/src/locales/${folder}/${file}.json`), 'utf8'),
  ) as Tree;
  return (key: string, values: Record<string, string | number> = {}): string => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no text for ${file}:${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, value: string) => String(values[value] ?? ''));
  };
}

/** An API client of this worker's server, for set-up outside a test (`request` is per test). */
export function serverApi(playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo) {
  return playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/**
 * The contact rules a sandbox session needs: the permitted hours are Malaysia's wall clock, and
 * a journey runs at any hour; a loan walked through months in one sitting writes several letters
 * on one real day. Saved by an admin as a new settings version, once per server.
 */
export async function contactAtAnyHour(request: APIRequestContext, admin: StaffMemberCredentials) {
  const headers = {
    authorization: `Bearer ${(await staffSignInThroughApi(request, admin)).accessToken}`,
  };
  const { settings } = await ok<{
    settings: { version: number; collections?: Record<string, unknown> };
  }>(await request.get('/api/admin/settings', { headers }));
  const contact = { from: '00:00', until: '23:59', perChannelPerDay: 3 };
  if (JSON.stringify(settings.collections?.contact) === JSON.stringify(contact)) return;
  await ok(
    await request.put('/api/admin/settings', {
      headers,
      data: {
        ...settings,
        collections: { reminderDaysBefore: 3, ...settings.collections, contact },
      },
    }),
  );
}

/** A staff member holding `roles`, signed in on a browser of their own. */
export async function staffOn(browser: Browser, request: APIRequestContext, roles: StaffRole[]) {
  const member = await createStaff(request, roles);
  const { context, page } = await personOn(browser);
  await signInStaffInPage(page, member);
  return { member, context, page };
}

/** An approved borrower (EN) signed in on a browser of their own. */
export async function signedInBorrower(browser: Browser, request: APIRequestContext) {
  const applicant = await approvedThroughStaffApi(request, 'EN');
  const { context, page } = await personOn(browser);
  await signInApplicant(page, repaymentWords('EN'), applicant);
  return { applicant, context, page };
}

export interface Instalment {
  instalmentNo: number;
  dueDate: string;
  instalmentSen: number;
  unpaidSen: number;
  status: string;
  lateChargesSen: number;
  lateChargesPaidSen: number;
}

export interface Schedule {
  accountStatus: string;
  asOf: string;
  outstandingSen: number;
  amountDue: { overdueSen: number; lateChargesSen: number };
  instalments: Instalment[];
}

/** The borrower's loan paid out, its direct debit on an account that never has the money. */
export async function disbursedWithoutFunds(
  page: Page,
  request: APIRequestContext,
  applicant: SubmittedApplicant,
) {
  const agreement = await disbursedThroughApi(
    page,
    request,
    applicant,
    undefined,
    ACCOUNT_WITHOUT_FUNDS,
  );
  return agreement;
}

/** The schedule as the borrower's screens read it. */
export async function scheduleOf(page: Page, agreementId: string): Promise<Schedule> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  return ok<Schedule>(
    await page.request.get(`/arkcash/api/v1.0/repayment/${agreementId}/schedule`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
}

/** `days` after an ISO date, as an ISO date. */
export function daysAfter(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** A screenshot of the page as it stands, kept with the test's results. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/**
 * On the business date page (an admin's page): moves the date forward to `to`, and unless told
 * otherwise runs close of business and waits until every day up to it is closed.
 */
export async function moveBusinessDate(
  page: Page,
  to: string,
  testInfo: TestInfo,
  { close = true }: { close?: boolean } = {},
) {
  const w = adminWords('admin-business-date');
  await page.goto('/admin/business-date');
  const shown = page.getByTestId('business-date');
  await expect(shown).toBeVisible();
  await page.getByLabel(w('move.label')).fill(to);
  await page.getByRole('button', { name: w('move.submit') }).click();
  // The page reads dates as people do: "1 Mar 2027".
  const toText = new Intl.DateTimeFormat('en-MY', { timeZone: 'UTC', dateStyle: 'medium' }).format(
    new Date(`${to}T00:00:00Z`),
  );
  await expect(page.getByText(w('move.moved', { date: toText }))).toBeVisible();
  await expect(shown).toContainText(toText);
  if (!close) return;
  await page.getByRole('button', { name: w('cob.run') }).click();
  // "n of n days closed (from to <to>)": the run reached the new business date.
  const done = new RegExp(`(\\d+) of \\1 days closed \\(.+ to ${toText}\\)`);
  await expect(page.getByTestId('cob-progress')).toContainText(done);
  await expect(page.getByTestId('cob-progress')).toContainText(w('cob.failures', { count: 0 }));
  await expect(page.getByTestId('business-day').first()).toContainText(w('days.CLOSED'));
  await snap(page, testInfo, `business-date-${to}`);
}
