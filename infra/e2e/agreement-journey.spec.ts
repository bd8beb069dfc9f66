import { expect as baseExpect, type Page, test } from '@playwright/test';

import { DEFAULT_LATE_CHARGE_ANNUAL_RATE_BP } from '../../shared/domain/src/loan/late-charge';
import { approveMandate } from './direct-debit-support';
import {
  approvedCompanyThroughStaffApi,
  type KeptFigures,
  passExplainBack,
  registerDirectDebit,
  watchAttestationVideo,
} from './journey-support';
import { sellLoanProtection } from './offer-support';
import { signAsBorrower, signAsGuarantorOnPhone } from './signing-support';
import { createStaff, signInStaffInPage } from './staff-support';
import { homeCard, personOn, signInApplicant, underwritingWords } from './underwriting-support';

// Several remotes load on a shared machine: each step may take longer than on a quiet one.
const expect = baseExpect.configure({ timeout: 30_000 });

/** An account the sandbox bank knows and approves. */
const BANK = { bankCode: 'MB2U0227', accountNo: '512345678901' };

interface KeptAgreement {
  id: string;
  agreementNo: string;
  status: string;
  figures: KeptFigures & { loanProtection: { deducted: boolean } | null };
}

async function keptAgreement(page: Page, agreementId?: string): Promise<KeptAgreement> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const request = page.request;
  const id =
    agreementId ??
    (
      (await (await request.get('/api/agreement/me', { headers })).json()) as {
        data: { id: string }[];
      }
    ).data[0]!.id;
  const answer = await request.get(`/api/agreement/${id}`, { headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as KeptAgreement;
}

test.describe('from approval to a signed agreement', () => {
  test('a company borrower takes the offer with loan protection, attests by video, sets up direct debit and signs; the director guarantees on a phone (EN)', async ({
    browser,
    request,
  }) => {
    // The attestation video plays at its real length (about a minute) and the server times it.
    test.setTimeout(6 * 60_000);
    const w = underwritingWords('EN');
    await sellLoanProtection(request);
    const applicant = await approvedCompanyThroughStaffApi(request, 'EN');
    const { context, page } = await personOn(browser);
    await signInApplicant(page, w, applicant);

    // The offer: the whole approved amount, with loan protection deducted from the payout.
    const approvedCard = await homeCard(page);
    await expect(approvedCard).toHaveAttribute('data-state', 'APPROVED');
    await approvedCard
      .getByRole('link', { name: w('loanStatus.home.states.APPROVED.action') })
      .click();
    await expect(page).toHaveURL(/\/loan-status\/approved-loan-amount$/);
    await expect(page.getByTestId('offer-approved')).toHaveText('RM 10,000.00');
    await page.getByTestId('offer-amount').fill('10,000');
    await page.getByText(w('loanStatus.offer.protectionOptIn')).click();
    await page.getByLabel(w('loanStatus.offer.protectionDeducted')).check();
    await page.getByRole('button', { name: w('loanStatus.offer.continue') }).click();
    await expect(page).toHaveURL(/\/loan-status\/approved-loan-summary$/);
    await expect(page.getByTestId('loan-figures-amount')).toHaveText('RM 10,000.00');
    await page.getByRole('button', { name: w('loanStatus.offer.accept') }).click();
    await expect(page).toHaveURL(/\/loan-status\/attestation-option$/);
    const accepted = await keptAgreement(page);
    expect(accepted.status).toBe('PENDING_ATTESTATION');
    expect(accepted.figures.loanProtection).toMatchObject({ deducted: true });

    // Attestation by the recorded video, watched to the end, then the explain-back check.
    await page
      .getByTestId('option-VIDEO')
      .getByRole('button', { name: w('loanStatus.attestation.option.VIDEO.action') })
      .click();
    await expect(page).toHaveURL(/\/loan-status\/attestation-option\/video$/);
    await expect(page.getByTestId('watch-first')).toBeVisible();
    await watchAttestationVideo(page);
    await passExplainBack(page, accepted.figures, {
      // The agreement keeps the late charge rate of the settings it was made under: the shipped one.
      lateCharge: w('loanStatus.attestation.check.outcomes.LATE_CHARGE', {
        rate: `${(DEFAULT_LATE_CHARGE_ANNUAL_RATE_BP / 100).toFixed(2)}%`,
      }),
      submit: w('loanStatus.attestation.check.submit'),
    });
    await expect(page.getByText(w('loanStatus.attestation.done.title'))).toBeVisible();
    expect((await keptAgreement(page, accepted.id)).status).toBe('ATTESTATIONCOMPLETED');

    // A credit officer reviews the evidence in the back office and approves it (the system
    // completed a video attestation, so the officer is the second party).
    const reviewer = await createStaff(request, ['CREDIT_OFFICER']);
    const staff = await personOn(browser);
    await signInStaffInPage(staff.page, reviewer);
    await staff.page.goto('/admin/attestation');
    await staff.page
      .getByRole('button', {
        name: w('attestation.review', { agreementNo: accepted.agreementNo }),
      })
      .click();
    const evidence = staff.page.getByTestId('evidence');
    await expect(evidence).toContainText(w('attestation.passed'));
    await evidence.getByRole('button', { name: w('attestation.actions.approve') }).click();
    await expect(staff.page.getByText(w('attestation.approvedNotice'))).toBeVisible();
    await staff.context.close();
    expect((await keptAgreement(page, accepted.id)).status).toBe('RnRApproved');

    // Direct debit: from home to the form, approved on the sandbox bank's page.
    const reviewed = await homeCard(page);
    await expect(reviewed).toHaveAttribute('data-state', 'ATTESTATION_COMPLETED');
    await reviewed
      .getByRole('link', {
        name: w('loanStatus.home.states.ATTESTATION_COMPLETED.directDebitAction'),
      })
      .click();
    await expect(page).toHaveURL(/\/loan-status\/direct-debit\?agreementId=/);
    await registerDirectDebit(
      page,
      { name: applicant.person.name, identityCardNo: applicant.person.nric, ...BANK },
      (key) => w(`loanStatus.${key}`),
    );
    await approveMandate(page);
    await expect(page.getByTestId('mandate-status')).toHaveText(
      w('loanStatus.directDebit.status.ACTIVE'),
    );
    expect((await keptAgreement(page, accepted.id)).status).toBe('PENDING_SIGNING');
    await page.getByRole('link', { name: w('loanStatus.directDebit.continue') }).click();
    await expect(page).toHaveURL(/\/loan-status\/loan-agreement\?agreementId=/);

    // The borrower reads the agreement and signs with the code sent by SMS; the director is
    // invited and the agreement waits for them.
    await signAsBorrower(page, request, {
      agreementId: accepted.id,
      phoneNo: applicant.person.phone.e164,
    });
    await expect(page.getByText(w('loanStatus.signing.complete.waitingGuarantors'))).toBeVisible();
    expect((await keptAgreement(page, accepted.id)).status).toBe('AGREEMENTSIGNING');

    // The director signs from their own link, on a phone.
    await signAsGuarantorOnPhone(browser, request, {
      to: applicant.director.email,
      phoneNo: applicant.director.phoneNo,
      identityCardNo: applicant.director.identityCardNo,
    });

    // Every signature is in: the agreement waits for disbursement, and home says so.
    expect((await keptAgreement(page, accepted.id)).status).toBe('PENDING_DISBURSEMENT');
    const signed = await homeCard(page);
    await expect(signed).toHaveAttribute('data-state', 'PENDING_DISBURSEMENT');
    await expect(signed).toContainText(w('loanStatus.home.states.PENDING_DISBURSEMENT.title'));
    await context.close();
  });
});
