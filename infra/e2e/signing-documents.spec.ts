import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';

import { approvedCompanyThroughStaffApi } from './journey-support';
import { approvedThroughStaffApi } from './offer-support';
import { readyToSignThroughApi, repaymentWords } from './repayment-support';
import { readEveryDocument, signAsGuarantorOnPhone, signingCodeFor } from './signing-support';
import { personOn, signInApplicant } from './underwriting-support';

// Several remotes load on a shared machine: each step may take longer than on a quiet one.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Nothing of the page reaches past the screen's right edge. */
async function fitsTheScreen(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A page drawn at 100% sits inside its reader: nothing of it is cut off on either side. */
async function fitsTheReader(document: Locator) {
  const sides = await document
    .locator('canvas')
    .first()
    .evaluate((canvas) => {
      const frame = canvas.closest('[tabindex="0"]')!.getBoundingClientRect();
      const drawn = canvas.getBoundingClientRect();
      return { left: drawn.left - frame.left, right: frame.right - drawn.right };
    });
  expect(sides.left).toBeGreaterThanOrEqual(0);
  expect(sides.right).toBeGreaterThanOrEqual(0);
}

async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

test.describe('reading what is signed, before the code', () => {
  test.describe.configure({ timeout: 420_000 });

  test('a borrower and their director read every document on a phone in Malay, then sign', async ({
    browser,
    request,
  }, testInfo) => {
    const applicant = await approvedCompanyThroughStaffApi(request, 'MS');
    const { context, page } = await personOn(browser, { width: 375, height: 812 });
    await signInApplicant(page, repaymentWords('MS'), applicant);
    const { agreementId } = await readyToSignThroughApi(page, request, applicant);

    // Asking for the code first: refused on the screen, with the way to the documents.
    await page.goto(`/loan-status/request-tac?agreementId=${agreementId}&language=MS`);
    await expect(page.getByRole('alert')).toContainText(
      'Buka dan baca setiap dokumen sebelum meminta kod tandatangan.',
    );
    await expect(page.getByRole('button', { name: 'Hantar kod' })).toBeDisabled();
    await page.getByRole('button', { name: 'Kembali ke dokumen' }).click();
    await expect(page).toHaveURL(/\/loan-status\/loan-agreement\?agreementId=/);

    const sections = page.locator('[data-testid^="signing-document-"]');
    await expect(sections).toHaveCount(3);
    await expect(page.getByRole('checkbox')).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath('borrower-documents-375-ms.png') });
    await readEveryDocument(page);
    await fitsTheScreen(page);
    // The agreement drawn in the page, page by page across the phone's width.
    const agreement = page.getByTestId('signing-document-AGREEMENT');
    const width = await agreement
      .locator('canvas')
      .first()
      .evaluate((canvas) => canvas.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(300);
    expect(width).toBeLessThanOrEqual(375);
    await fitsTheReader(agreement);
    await agreement.locator('canvas').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('borrower-reader-375-ms.png') });
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('checkbox').check({ force: true });
    await page.getByRole('button', { name: 'Teruskan untuk menandatangani' }).click();
    await expect(page).toHaveURL(/\/loan-status\/request-tac/);
    await expect(page.getByRole('button', { name: 'Hantar kod' })).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath('borrower-request-code-375-ms.png') });
    await page.getByRole('button', { name: 'Hantar kod' }).click();
    const code = await signingCodeFor(request, applicant.person.phone.e164);
    await page.getByRole('button', { name: 'Masukkan kod' }).click();
    await page.getByLabel('Kod tandatangan').fill(code);
    await page.getByRole('button', { name: 'Tandatangani perjanjian' }).click();
    await expect(page).toHaveURL(/\/loan-status\/application-complete/);
    await fitsTheScreen(page);
    await page.screenshot({
      path: testInfo.outputPath('borrower-complete-375-ms.png'),
      fullPage: true,
    });
    await context.close();

    // The director, from their own link on a phone: the deed and the privacy notice first.
    await signAsGuarantorOnPhone(browser, request, {
      to: applicant.director.email,
      phoneNo: applicant.director.phoneNo,
      identityCardNo: applicant.director.identityCardNo,
      shoot: async (guarantor, screen) => {
        await fitsTheScreen(guarantor);
        await guarantor.screenshot({
          path: testInfo.outputPath(`guarantor-${screen}-375-ms.png`),
          fullPage: true,
        });
      },
    });
  });

  test('a borrower reads every document at 1280 px in English', async ({
    browser,
    request,
  }, testInfo) => {
    const applicant = await approvedThroughStaffApi(request, 'EN');
    const { context, page } = await personOn(browser, { width: 1280, height: 800 });
    await signInApplicant(page, repaymentWords('EN'), applicant);
    const { agreementId } = await readyToSignThroughApi(page, request, applicant);
    await page.goto(`/loan-status/loan-agreement?agreementId=${agreementId}&language=EN`);
    await expect(page.getByTestId('signing-documents-progress')).toHaveText(
      '0 of 3 documents opened. Open each one to go on.',
    );
    await page.screenshot({ path: testInfo.outputPath('borrower-documents-1280-en.png') });
    await readEveryDocument(page);
    await expect(page.getByTestId('signing-documents-progress')).toHaveText(
      'You have opened every document.',
    );
    // Enlarged for small print: the page scrolls sideways inside the reader, not the screen.
    const terms = page.getByTestId('signing-document-LOAN_TERMS');
    await terms.getByRole('button', { name: 'Zoom in' }).click();
    await expect(terms.getByText('150%')).toBeVisible();
    await fitsTheScreen(page);
    await fitsTheReader(page.getByTestId('signing-document-AGREEMENT'));
    await page.getByTestId('signing-document-AGREEMENT').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('borrower-reader-1280-en.png') });
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  });
});
