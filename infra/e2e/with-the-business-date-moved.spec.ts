// Collections over months of the business calendar: the business date is moved forward in the
// back office and close of business brings the books up to it. The business date of a server
// never moves back, so this file is named to run after every other journey of its worker (the
// runner takes files in alphabetical order): none of them then meets a date months ahead.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { test } from '@playwright/test';

import { formatRinggit } from '../../shared/domain/src/money/money';
import {
  adminWords,
  contactAtAnyHour,
  daysAfter,
  disbursedWithoutFunds,
  expect,
  moveBusinessDate,
  scheduleOf,
  serverApi,
  signedInBorrower,
  snap,
  staffOn,
} from './collections-support';
import {
  answerOnGateway,
  downloaded,
  expectMessage,
  pdfText,
  repaymentWords,
} from './repayment-support';
import { createStaff } from './staff-support';

const w = repaymentWords('EN');
const collections = adminWords('admin-collections');

interface Session {
  context: BrowserContext;
  page: Page;
}

/** The account's panel on the collections screen, opened from the accounts in arrears. */
async function openCase(page: Page, agreementNo: string) {
  await page.goto('/admin/collections');
  await page.getByRole('button', { name: collections('openAccount', { agreementNo }) }).click();
  const panel = page.getByTestId('collection-panel');
  await expect(panel).toContainText(agreementNo);
  return panel;
}

test.describe('a borrower who misses two instalments', () => {
  let api: APIRequestContext;
  let borrower: Session & Awaited<ReturnType<typeof signedInBorrower>>;
  let admin: Session;
  let agreement: { id: string; agreementNo: string };

  // Set-up the other journeys walk through screens, here through the APIs (two steps, each
  // within a hook's time).
  test.beforeAll(async ({ browser, playwright }, testInfo) => {
    api = await serverApi(playwright, testInfo);
    borrower = await signedInBorrower(browser, api);
    admin = await staffOn(browser, api, ['ADMIN']);
    await contactAtAnyHour(api, await createStaff(api, ['ADMIN']));
  });
  test.beforeAll(async () => {
    agreement = await disbursedWithoutFunds(borrower.page, api, borrower.applicant);
  });
  test.afterAll(async () => {
    await borrower?.context.close();
    await admin?.context.close();
    await api?.dispose();
  });

  test('is reminded and sent notices, pays the arrears, sees the late charges and the receipt', async () => {
    const testInfo = test.info();
    const { page, applicant } = borrower;
    const before = await scheduleOf(page, agreement.id);
    const [first, second] = before.instalments;
    // Three days after the second due date: the direct debit failed on both (no funds).
    await moveBusinessDate(admin.page, daysAfter(second!.dueDate, 3), testInfo);

    // The borrower's mailbox and phone, as the sandbox outbox shows them.
    await page.goto('/api/sandbox/outbox');
    await page.getByLabel('Recipient').fill(applicant.person.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const subjects = page.getByRole('heading', { level: 2 });
    for (const instalment of [1, 2]) {
      await expect(
        subjects.filter({ hasText: `Reminder: instalment ${instalment} is due on` }),
      ).toHaveCount(1);
    }
    await expect(
      subjects.filter({ hasText: `Notice of arrears: agreement ${agreement.agreementNo}` }),
    ).toHaveCount(2);
    await snap(page, testInfo, 'outbox-email');
    await page.getByLabel('Recipient').fill(applicant.person.phone.e164);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(
      page.getByText(`Reminder: instalment 1 of loan ${agreement.agreementNo}`),
    ).toBeVisible();
    await snap(page, testInfo, 'outbox-sms');

    // The letters on the payment history page.
    await page.goto('/payment-history');
    await expect(page.getByTestId('letters').getByRole('listitem')).toHaveCount(2);
    await snap(page, testInfo, 'payment-history-letters');

    // The schedule: both instalments overdue, each with its late charges.
    const overdue = await scheduleOf(page, agreement.id);
    const [one, two] = overdue.instalments;
    expect(one!.lateChargesSen).toBeGreaterThan(two!.lateChargesSen);
    expect(two!.lateChargesSen).toBeGreaterThan(0);
    await page.goto('/repayment-schedule');
    for (const instalment of [one!, two!]) {
      const row = page.getByTestId(`instalment-${instalment.instalmentNo}`);
      await expect(row).toContainText(w('repayment.schedule.status.OVERDUE'));
      await expect(row).toContainText(formatRinggit(instalment.lateChargesSen));
    }
    await snap(page, testInfo, 'schedule-overdue');

    // The owners' picture: the account, its first instalment a month overdue, is in the 31–60
    // days bucket and in PAR 30; read at 1280 px in English and at 375 px in Malay.
    for (const [language, width] of [
      ['EN', 1280],
      ['MS', 375],
    ] as const) {
      const finance = adminWords('admin-finance', language);
      await admin.page.setViewportSize({ width, height: 900 });
      await admin.page.goto(`/admin/finance/dashboard?language=${language}`);
      await expect(
        admin.page.getByRole('heading', { level: 2, name: finance('dashboard.par.title') }),
      ).toBeVisible();
      const ageing = admin.page.getByTestId('dashboard-ageing-31-60');
      await expect(ageing.locator('th')).toHaveText(finance('dashboard.ageing.bucket.31-60'));
      expect(Number(await ageing.locator('td').first().textContent())).toBeGreaterThanOrEqual(1);
      await expect(admin.page.getByTestId('dashboard-par-30').locator('td').first()).not.toHaveText(
        'RM 0.00',
      );
      await snap(admin.page, testInfo, `dashboard-${language}-${width}`);
    }

    // The arrears and their late charges, paid online.
    const arrearsSen = overdue.amountDue.overdueSen + overdue.amountDue.lateChargesSen;
    expect(overdue.amountDue.overdueSen).toBe(first!.instalmentSen + second!.instalmentSen);
    await page.getByRole('link', { name: w('repayment.schedule.payNow') }).click();
    await page.getByLabel(w('repayment.payNow.amount')).fill((arrearsSen / 100).toFixed(2));
    await page.getByRole('button', { name: w('repayment.payNow.pay'), exact: true }).click();
    await answerOnGateway(page, { outcome: 'paid' }, 'EN');
    await expect(page.getByText(w('repayment.paymentResult.success'))).toBeVisible();
    await expect(page.getByTestId('payment-details')).toContainText(formatRinggit(arrearsSen));
    await snap(page, testInfo, 'payment-result');

    // The receipt: the late charges of each instalment cleared first, then its instalment.
    const receipt = await downloaded(page, () =>
      page.getByRole('button', { name: w('repayment.paymentResult.downloadReceipt') }).click(),
    );
    // The PDF's columns come out as runs of spaces.
    const text = pdfText(receipt.bytes).replace(/ +/g, ' ');
    expect(text).toContain(`Amount received ${formatRinggit(arrearsSen)}`);
    for (const instalment of [one!, two!]) {
      expect(text).toContain(
        `${instalment.instalmentNo} Late charges ${formatRinggit(instalment.lateChargesSen)}`,
      );
    }

    // Both instalments paid, their late charges too.
    await page.goto('/repayment-schedule');
    for (const instalment of [one!, two!]) {
      const row = page.getByTestId(`instalment-${instalment.instalmentNo}`);
      await expect(row).toContainText(w('repayment.schedule.status.PAID'));
      await expect(row).toContainText(
        w('repayment.schedule.lateChargesPaid', {
          amount: formatRinggit(instalment.lateChargesSen),
        }),
      );
    }
    await snap(page, testInfo, 'schedule-paid');
  });
});

test.describe('a loan that ends in termination', () => {
  test.describe.configure({ mode: 'serial' });
  let api: APIRequestContext;
  let borrower: Session & Awaited<ReturnType<typeof signedInBorrower>>;
  let admin: Session;
  let officer: Session;
  let agreement: { id: string; agreementNo: string };
  let noticeDay: string;

  test.beforeAll(async ({ browser, playwright }, testInfo) => {
    api = await serverApi(playwright, testInfo);
    borrower = await signedInBorrower(browser, api);
    admin = await staffOn(browser, api, ['ADMIN']);
    officer = await staffOn(browser, api, ['CREDIT_OFFICER']);
    await contactAtAnyHour(api, await createStaff(api, ['ADMIN']));
  });
  test.beforeAll(async () => {
    agreement = await disbursedWithoutFunds(borrower.page, api, borrower.applicant);
  });
  test.afterAll(async () => {
    for (const session of [borrower, admin, officer]) await session?.context.close();
    await api?.dispose();
  });

  test('more than 28 days in default, a staff member issues the default notice', async () => {
    const testInfo = test.info();
    const [first] = (await scheduleOf(borrower.page, agreement.id)).instalments;
    noticeDay = daysAfter(first!.dueDate, 29);
    await moveBusinessDate(admin.page, noticeDay, testInfo);

    const panel = await openCase(officer.page, agreement.agreementNo);
    await expect(panel.getByTestId('ready-for-default')).toBeVisible();
    await panel.getByLabel(collections('notice.days')).fill('14');
    await panel.getByRole('button', { name: collections('notice.submit') }).click();
    await panel.getByRole('button', { name: collections('notice.issue') }).click();
    await expect(panel.getByRole('status')).toContainText(collections('notice.issuedTitle'));
    await expect(panel.getByTestId('letters')).toContainText(
      collections('letters.kinds.DEFAULT', { version: 1 }),
    );
    await expect(officer.page.getByTestId('collection-panel')).toHaveCount(1);
    await snap(officer.page, testInfo, 'default-notice-issued');
    await expectMessage(
      api,
      borrower.applicant.person.email,
      `Notice of default: agreement ${agreement.agreementNo}`,
    );
  });

  test('after the notice, one proposes termination, another approves; the whole balance falls due', async ({
    browser,
  }, testInfo) => {
    // The day after the 14 days the notice gave. Close of business is not run on the way: it
    // would send the second instalment's arrears notice, and the contact rules (counted by the
    // wall clock's day) then leave no letter for the termination notice today.
    await moveBusinessDate(admin.page, daysAfter(noticeDay, 15), testInfo, { close: false });

    // An admin proposes: a role that may also decide terminations, but never its own proposal.
    await openCase(admin.page, agreement.agreementNo);
    const work = admin.page.getByTestId('case-work');
    await work.getByLabel(collections('work.reason')).fill('Default notice not remedied.');
    await work.getByRole('button', { name: collections('work.propose') }).click();
    const proposed = work.getByTestId('termination');
    await expect(proposed).toContainText(collections('work.terminationStatus.PROPOSED'));
    // Its proposer may not decide it.
    await expect(proposed).toContainText(collections('work.refusals.sameStaff'));
    await expect(work.getByRole('button', { name: collections('work.approve') })).toHaveCount(0);
    await snap(admin.page, testInfo, 'termination-proposed');

    const approver = await staffOn(browser, api, ['APPROVER']);
    try {
      await openCase(approver.page, agreement.agreementNo);
      const decision = approver.page.getByTestId('termination');
      await decision.getByRole('button', { name: collections('work.approve') }).click();
      await expect(decision).toContainText(collections('work.terminationStatus.APPROVED'));
      const balance = decision.getByTestId('termination-balance');
      await expect(balance).toBeVisible();
      await snap(approver.page, testInfo, 'termination-approved');

      // The borrower: the loan terminated, its whole balance due, the letter sent.
      const terminated = await scheduleOf(borrower.page, agreement.id);
      expect(terminated.accountStatus).toBe('TERMINATED');
      await expect(balance).toContainText(`= ${formatRinggit(terminated.outstandingSen)}`);
    } finally {
      await approver.context.close();
    }
    const { page } = borrower;
    await page.goto('/repayment-schedule');
    await expect(page.getByTestId('schedule-summary')).toContainText(
      w('repayment.schedule.accountStatuses.TERMINATED'),
    );
    // All of it is due now: what "Pay now" asks for is the balance outstanding.
    const outstanding = await page.getByTestId('summary-outstanding').textContent();
    await expect(page.getByTestId('summary-due-now')).toHaveText(outstanding!);
    await snap(page, testInfo, 'schedule-terminated');
    await page.goto('/payment-history');
    await expect(page.getByTestId('letters')).toContainText(
      w('repayment.letters.kinds.TERMINATION'),
    );
    await snap(page, testInfo, 'payment-history-terminated');
    await expectMessage(
      api,
      borrower.applicant.person.email,
      `Notice of termination: agreement ${agreement.agreementNo}`,
    );
  });
});
