import { expect as baseExpect, type Page, test } from '@playwright/test';

import { approvedThroughStaffApi, sellLoanProtection } from './offer-support';
import { personOn, signInApplicant, underwritingWords } from './underwriting-support';

const PHONE = { width: 375, height: 740 };
// The journey loads several remotes on a shared machine: each step may take longer than usual.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The loan status card on /home, read again from the server. */
async function homeCard(page: Page) {
  await page.goto('/home');
  const card = page.getByTestId('loan-status-card');
  await expect(card).toBeVisible();
  return card;
}

test.describe('the offer', () => {
  test('an approved borrower lowers the amount, takes loan protection and accepts (EN, 375 px)', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const w = underwritingWords('EN');
    await sellLoanProtection(request);
    const applicant = await approvedThroughStaffApi(request, 'EN');
    const { context, page } = await personOn(browser, PHONE);

    await signInApplicant(page, w, applicant);
    const card = await homeCard(page);
    await expect(card).toHaveAttribute('data-state', 'APPROVED');
    await card.getByRole('link', { name: w('loanStatus.home.states.APPROVED.action') }).click();
    await expect(page).toHaveURL(/\/loan-status\/approved-loan-amount$/);

    // The approved RM10,000 over 24 months; the borrower takes RM8,000 with cover deducted.
    await expect(page.getByTestId('offer-approved')).toHaveText('RM 10,000.00');
    await expect(page.getByTestId('offer-protection-quote')).toContainText('RM 162.00');
    const amount = page.getByTestId('offer-amount');
    await amount.fill('12000');
    await page.getByRole('button', { name: w('loanStatus.offer.continue') }).click();
    await expect(
      page.getByText(w('loanStatus.offer.amountAbove', { max: 'RM 10,000.00' })),
    ).toBeVisible();
    await amount.fill('8,000');
    await page.getByText(w('loanStatus.offer.protectionOptIn')).click();
    await page.getByLabel(w('loanStatus.offer.protectionDeducted')).check();
    await page.getByRole('button', { name: w('loanStatus.offer.continue') }).click();
    await expect(page).toHaveURL(/\/loan-status\/approved-loan-summary$/);

    // RM8,000 at 12% flat over 24 months: RM1,920 interest, RM413.33 a month, RM413.41 last.
    // Deducted: RM40 stamp duty, RM560 attestation fee, RM129.60 premium (RM120 + RM9.60 tax).
    const figure = (key: string) => page.getByTestId(`loan-figures-${key}`);
    await expect(figure('amount')).toHaveText('RM 8,000.00');
    await expect(figure('monthly')).toHaveText('RM 413.33');
    await expect(figure('last')).toHaveText('RM 413.41');
    await expect(figure('repayable')).toHaveText('RM 9,920.00');
    await expect(figure('stampDuty')).toHaveText('RM 40.00');
    await expect(figure('attestationFee')).toHaveText('RM 560.00');
    await expect(figure('protectionGross')).toHaveText('RM 120.00');
    await expect(figure('protectionTax')).toHaveText('RM 9.60');
    await expect(figure('protectionTotal')).toHaveText('RM 129.60');
    await expect(figure('net')).toHaveText('RM 7,270.40');
    // (RM1,920 interest + RM560 fee) x 12 / (RM7,440 credit x 24 months) = 16.67% a year.
    await expect(figure('effectiveRate')).toHaveText('16.67% a year (legal limit 18.00%)');
    const table = page.getByTestId('instalment-table');
    await expect(table.getByRole('row')).toHaveCount(26);
    await expect(page.getByTestId('instalment-table-total')).toHaveText('RM 9,920.00');
    // Nothing spills sideways on a phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The figures on the screen are the ones the server keeps for the agreement.
    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const headers = { authorization: `Bearer ${token}` };
    const mine = await (await request.get('/api/agreement/me', { headers })).json();
    const agreementId = mine.data[0].id as string;
    const kept = await (await request.get(`/api/agreement/${agreementId}`, { headers })).json();
    expect(kept.figures).toMatchObject({
      approvedSen: 800_000,
      netReceivedSen: 727_040,
      monthlyInstalmentSen: 41_333,
      lastInstalmentSen: 41_341,
      effectiveAnnualRateBp: 1667,
      loanProtection: { totalPremiumSen: 12_960, deducted: true },
    });

    await page.getByRole('button', { name: w('loanStatus.offer.accept') }).click();
    await expect(page).toHaveURL(/\/loan-status\/attestation-option$/);
    const accepted = await (await request.get(`/api/agreement/${agreementId}`, { headers })).json();
    expect(accepted).toMatchObject({ status: 'PENDING_ATTESTATION', open: false });

    // Home leads on to attestation; the menu now has Payment History but no Repayment Schedule
    // until the agreement is signed.
    const after = await homeCard(page);
    await expect(
      after.getByRole('link', { name: w('loanStatus.home.states.APPROVED.attestAction') }),
    ).toBeVisible();
    await page.getByRole('link', { name: w('shell.nav.openMenu') }).click();
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer.getByRole('link', { name: w('shell.nav.paymentHistory') })).toBeVisible();
    await expect(drawer.getByRole('link', { name: w('shell.nav.repaymentSchedule') })).toHaveCount(
      0,
    );
    await context.close();
  });
});
