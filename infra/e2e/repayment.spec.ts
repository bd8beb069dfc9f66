import { expect as baseExpect, test } from '@playwright/test';

import { formatRinggit } from '../../shared/domain/src/money/money';
import { adminWords, staffOn } from './collections-support';
import { approvedThroughStaffApi } from './offer-support';
import type { Language } from './onboarding-support';
import { pdfFile } from './onboarding-support';
import {
  answerOnGateway,
  disbursedThroughApi,
  downloaded,
  expectMessage,
  pdfText,
  repaymentWords,
} from './repayment-support';
import { personOn, signInApplicant } from './underwriting-support';

// Several remotes load on a shared machine: each step may take longer than on a quiet one.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A borrower signed in on their own browser whose loan was paid out (RM10,000, 24 months). */
async function borrowerWithLoan(
  browser: Parameters<typeof personOn>[0],
  request: Parameters<typeof approvedThroughStaffApi>[0],
  language: Language,
  viewport?: { width: number; height: number },
) {
  const w = repaymentWords(language);
  const applicant = await approvedThroughStaffApi(request, language);
  const { context, page } = await personOn(browser, viewport);
  await signInApplicant(page, w, applicant);
  const agreement = await disbursedThroughApi(page, request, applicant);
  return { w, applicant, context, page, agreement };
}

/** A name that starts with `text` (a radio's name runs on into its hint). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

test.describe('paying back a loan', () => {
  test('pays an instalment by online banking with its receipt; a declined card says why (EN)', async ({
    browser,
    request,
  }) => {
    test.setTimeout(4 * 60_000);
    const { w, page, context, agreement } = await borrowerWithLoan(browser, request, 'EN');

    // The schedule: every instalment still to pay; "Pay now" pays what is due.
    await page.goto('/repayment-schedule');
    const first = page.getByTestId('instalment-1');
    await expect(first).toContainText(w('repayment.schedule.status.UNPAID'));
    await page.getByRole('link', { name: w('repayment.schedule.payNow') }).click();
    await expect(page).toHaveURL(/\/pay-instalment-now\?agreementId=/);
    const dueNow = page.getByTestId('due-now');
    await expect(dueNow).toBeVisible();
    const amount = await page.getByLabel(w('repayment.payNow.amount')).inputValue();
    const amountText = formatRinggit(Math.round(Number(amount) * 100));

    // Online banking (the way offered first), paid at the gateway.
    await expect(
      page.getByRole('radio', { name: startsWith(w('repayment.payNow.channels.FPX')) }),
    ).toBeChecked();
    await page.getByRole('button', { name: w('repayment.payNow.pay'), exact: true }).click();
    await answerOnGateway(page, { outcome: 'paid' }, 'EN');
    await expect(page).toHaveURL(/\/payment-result\?orderId=/);
    await expect(page.getByText(w('repayment.paymentResult.success'))).toBeVisible();
    await expect(page.getByTestId('payment-details')).toContainText(amountText);

    // The receipt: a PDF naming the amount received.
    const receipt = await downloaded(page, () =>
      page.getByRole('button', { name: w('repayment.paymentResult.downloadReceipt') }).click(),
    );
    expect(receipt.name).toMatch(/^receipt-.+\.pdf$/);
    expect(receipt.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(receipt.bytes);
    expect(text).toContain('OFFICIAL RECEIPT');
    expect(text).toContain(amountText);
    expect(text).toContain(agreement.agreementNo);

    // The schedule shows the instalment paid.
    await page.goto('/repayment-schedule');
    await expect(page.getByTestId('instalment-1')).toContainText(
      w('repayment.schedule.status.PAID'),
    );

    // A card the issuer declines: the borrower is told why, and may try again.
    await page.goto(`/pay-instalment-now?agreementId=${agreement.id}`);
    await page.getByLabel(w('repayment.payNow.amount')).fill('100.00');
    await page
      .getByRole('radio', { name: startsWith(w('repayment.payNow.channels.CARD')) })
      .check();
    await page.getByRole('button', { name: w('repayment.payNow.pay'), exact: true }).click();
    await answerOnGateway(page, { outcome: 'failed', reason: 'Card declined by the issuer' }, 'EN');
    await expect(page).toHaveURL(/\/payment-result\?orderId=/);
    const failure = page.getByRole('alert');
    await expect(failure).toContainText(w('repayment.paymentResult.failed'));
    await expect(failure).toContainText(w('repayment.paymentResult.reasons.CC_05'));
    await expect(
      page.getByRole('link', { name: w('repayment.paymentResult.retry') }),
    ).toBeVisible();
    await context.close();
  });

  test('settles the loan early online and downloads the discharge letter, on a phone (MS)', async ({
    browser,
    request,
  }) => {
    test.setTimeout(4 * 60_000);
    const { w, applicant, page, context, agreement } = await borrowerWithLoan(
      browser,
      request,
      'MS',
      { width: 375, height: 812 },
    );

    // Today's quote, paid as shown.
    await page.goto('/repayment-schedule');
    const quote = page.getByTestId('settlement-quote');
    await expect(quote).toBeVisible();
    const settlement = (await page.getByTestId('quote-amount').textContent())!.trim();
    expect(settlement).toMatch(/^RM [\d,]+\.\d{2}$/);
    await page
      .getByRole('button', { name: w('repayment.settlement.settleNow', { amount: settlement }) })
      .click();
    await answerOnGateway(page, { outcome: 'paid' }, 'MS');
    await expect(page).toHaveURL(/\/payment-result\?orderId=/);
    await expect(page.getByText(w('repayment.paymentResult.settled'))).toBeVisible();
    await expect(page.getByTestId('payment-details')).toContainText(settlement);

    // The schedule: the loan is closed, nothing is left to settle, the letter is there.
    await page.getByRole('link', { name: w('repayment.paymentResult.dischargeLetter') }).click();
    await expect(page).toHaveURL(/\/repayment-schedule\?agreementId=/);
    await expect(page.getByTestId('schedule-summary')).toContainText(
      w('repayment.schedule.accountStatuses.CLOSED'),
    );
    await expect(page.getByTestId('settle-now')).toHaveCount(0);
    const letters = page.getByTestId('discharge-letters');
    await expect(letters).toContainText(w('repayment.discharge.closedBy.EARLY_SETTLEMENT'));
    const letter = await downloaded(page, () =>
      letters
        .getByRole('button', { name: w('repayment.discharge.downloadLabel', { version: 1 }) })
        .click(),
    );
    expect(letter.name).toBe('discharge-letter-v1.pdf');
    const text = pdfText(letter.bytes);
    expect(text).toContain('SURAT PELEPASAN');
    expect(text).toContain(agreement.agreementNo);
    expect(text).toContain('Penyelesaian awal');

    // Nothing on the page is wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The letter was also emailed, in Malay.
    await expectMessage(
      request,
      applicant.person.email,
      `Surat pelepasan pinjaman ${agreement.agreementNo}`,
    );
    await context.close();
  });

  test('sends a bank-in slip on a phone (MS); finance approves it and it becomes a receipt', async ({
    browser,
    request,
  }) => {
    test.setTimeout(4 * 60_000);
    const { w, applicant, page, context, agreement } = await borrowerWithLoan(
      browser,
      request,
      'MS',
      { width: 375, height: 812 },
    );
    // Paid into the lender's account today, Malaysia's day.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
      new Date(),
    );

    await page.goto(`/pay-instalment-now?agreementId=${agreement.id}`);
    const slips = page.getByTestId('bank-in-slips');
    await expect(slips).toBeVisible();
    await slips.getByLabel(w('repayment.bankInSlip.amount')).fill('100.00');
    await slips.getByLabel(w('repayment.bankInSlip.paidOn')).fill(today);
    await slips
      .getByLabel(w('repayment.bankInSlip.file'), { exact: true })
      .setInputFiles(pdfFile('slip-bank.pdf'));
    await slips.getByRole('button', { name: w('repayment.bankInSlip.submit') }).click();
    const sent = slips.locator('li').filter({ hasText: 'RM 100.00' });
    await expect(sent).toContainText(w('repayment.bankInSlip.status.SUBMITTED'));

    // Finance finds it in the queue and approves it: below the limit, one person suffices.
    const words = adminWords('admin-bank-in-slips');
    const finance = await staffOn(browser, request, ['FINANCE']);
    await finance.page.goto('/admin/bank-in-slips');
    const card = finance.page.locator('li').filter({
      hasText: words('slip.heading', { amount: 'RM 100.00', agreementNo: agreement.agreementNo }),
    });
    await card.getByRole('button', { name: words('slip.approve') }).click();
    // Decided, it leaves the waiting list, and the page says what became of it.
    const approved = words('outcome.approved', {
      amount: 'RM 100.00',
      agreementNo: agreement.agreementNo,
      receiptNo: '',
    }).split(' , ')[0]!;
    await expect(finance.page.getByText(approved)).toBeVisible();
    await expect(card).toHaveCount(0);
    await finance.context.close();

    // The borrower sees it accepted with its receipt, and is told by email, in Malay.
    await page.reload();
    await expect(sent).toContainText(w('repayment.bankInSlip.status.APPROVED'));
    await expect(sent).toContainText(w('repayment.bankInSlip.receipt', { receiptNo: '' }).trim());
    await expectMessage(
      request,
      applicant.person.email,
      `Slip bank-in anda diterima (${agreement.agreementNo})`,
    );
    await context.close();
  });
});
