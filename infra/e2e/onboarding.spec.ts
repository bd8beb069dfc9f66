import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import {
  applicationsOf,
  applyFromLanding,
  documentBlock,
  documentPicker,
  field,
  fillApplicant,
  fillApplicationForm,
  fillCompany,
  fillDisbursement,
  fillEmergencyContact,
  fillRegistration,
  type Language,
  newPerson,
  nric,
  openDraftThroughApi,
  openSection,
  type OrganizationType,
  oversizePdf,
  passEmailStep,
  pdfFile,
  type Person,
  pictures,
  signInFromDialog,
  startApplication,
  submitFromSummary,
  textRenamedPdf,
  uploadDocuments,
  verifyEmailAndMobile,
  verifyIdentity,
  type Words,
  wordsOf,
} from './onboarding-support';

async function registerAndStart(
  page: Page,
  request: APIRequestContext,
  language: Language,
  type: OrganizationType,
): Promise<{ w: Words; person: Person }> {
  const w = wordsOf(language);
  const person = newPerson(type);
  await applyFromLanding(page, w, language);
  await fillRegistration(page, w, language, person);
  await verifyEmailAndMobile(page, w, request, person);
  await startApplication(page, w, language);
  return { w, person };
}

async function expectPending(page: Page, request: APIRequestContext) {
  const applications = await applicationsOf(page, request);
  expect(applications).toHaveLength(1);
  expect(applications[0]!.status).toBe('PENDING');
}

const JOURNEYS: { type: OrganizationType; language: Language; width?: number }[] = [
  { type: 'SOLE_PROP', language: 'EN' },
  { type: 'PARTNERSHIP', language: 'EN', width: 375 },
  { type: 'COMPANY', language: 'MS' },
];

test.describe('onboarding from the landing page to a submitted application', () => {
  for (const { type, language, width } of JOURNEYS) {
    const where = width ? `${width} px wide` : 'desktop';
    test(`${type} in ${language}, ${where}`, async ({ page, request }) => {
      test.setTimeout(120_000);
      if (width) await page.setViewportSize({ width, height: 812 });
      const { w, person } = await registerAndStart(page, request, language, type);
      await fillApplicationForm(page, w, language, person);
      await passEmailStep(page, w);
      await uploadDocuments(page, w, language, type);
      await submitFromSummary(page, w, language, person);
      await expectPending(page, request);

      // Submitted means read-only: the summary says so and offers no second submit.
      await page.goto('/application/summary');
      await expect(page.getByText(w('application.summary.submitted'))).toBeVisible();
      await expect(page.getByRole('button', { name: w('application.summary.submit') })).toHaveCount(
        0,
      );
      if (width) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }

      if (type === 'SOLE_PROP') {
        // On to identity verification: a card number that is not the one on the application is
        // refused; a second attempt with the right one passes and the journey completes.
        await page.goto('/application/identity-verification');
        await verifyIdentity(page, w, { typedCardNo: nric('MALE'), outcome: 'FAILED' });
        await verifyIdentity(page, w, { typedCardNo: person.nric, outcome: 'PASSED' });
        await page.getByTestId('ekyc-confirm').click();
        await expect(page).toHaveURL(/\/application\/verification-complete$/);
        await expect(page.getByText(w('identity.complete.done'))).toBeVisible();
        await page.goto('/application/identity-verification');
        await expect(page.getByText(w('identity.alreadyComplete'))).toBeVisible();
      }
    });
  }
});

test('a draft is resumed after signing out and in, and then submitted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const language = 'EN';
  const { w, person } = await registerAndStart(page, request, language, 'SOLE_PROP');
  await openSection(page, w, 'company', person.organizationType);
  await fillCompany(page, w, language, person);
  await fillApplicant(page, w, language, person);

  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: w('shell.nav.logout') }).click();
  await expect(page.getByTestId('header-login')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await signInFromDialog(page, person.email, person.password);
  await page.goto('/draft-application');
  await expect(page.getByTestId('draft-stepApplicationForm')).toContainText(
    w('application.common.incomplete'),
  );
  await expect(page.getByTestId('draft-stepDocumentUpload')).toContainText(
    w('application.common.incomplete'),
  );
  await page.getByRole('button', { name: w('application.draft.continue') }).click();
  await expect(page).toHaveURL(/\/application$/);

  // What was saved before signing out is still there.
  await expect(page.getByTestId('section-company')).toContainText(
    w('application.common.completed'),
  );
  await expect(page.getByTestId('section-applicant')).toContainText(
    w('application.common.completed'),
  );
  await expect(page.getByTestId('section-disbursement')).toContainText(
    w('application.common.incomplete'),
  );
  await expect(field(page, w('application.labels.loanAmount'))).toHaveValue(/^20000(\.00)?$/);
  await openSection(page, w, 'company', person.organizationType);
  await expect(field(page, w('application.labels.companyName'))).toHaveValue(person.companyName);
  await page.getByRole('link', { name: w('application.common.back') }).click();

  await openSection(page, w, 'disbursement', person.organizationType);
  await fillDisbursement(page, w, language, person);
  await fillEmergencyContact(page, w, language, person);
  await passEmailStep(page, w);
  await uploadDocuments(page, w, language, person.organizationType);
  await submitFromSummary(page, w, language, person);
  await expectPending(page, request);
});

test('refuses an oversize file, a wrong type, a duplicate and a renamed non-PDF, each saying why', async ({
  page,
  request,
}) => {
  const language = 'EN';
  const w = wordsOf(language);
  const person = newPerson('SOLE_PROP');
  await openDraftThroughApi(request, person);
  await signInFromDialog(page, person.email, person.password);
  await page.goto('/application/document-upload');
  const bank = documentBlock(page, 'BANK_STATEMENT', language);
  const bankPicker = documentPicker(page, w, 'BANK_STATEMENT', language);

  // Statements: PDF only, at most 10 MB.
  const big = oversizePdf('statement-scan-large.pdf');
  expect(big.buffer.length).toBeGreaterThan(10 * 1024 * 1024);
  await bankPicker.setInputFiles(big);
  await expect(bank.getByRole('alert')).toHaveText(
    'statement-scan-large.pdf: File must be smaller than 10MB',
  );

  const [photo] = await pictures(page, 1, 'png', 'statement-photo');
  await bankPicker.setInputFiles(photo!);
  await expect(bank.getByRole('alert')).toHaveText(`${photo!.name}: Only PDF files are accepted`);

  // Text with a .pdf name passes the browser's guess; the server reads the bytes.
  const fake = textRenamedPdf('statement-renamed.pdf');
  await bankPicker.setInputFiles(fake);
  await expect(bank.getByRole('alert')).toHaveText('Only PDF files are accepted');
  await expect(
    bank.getByText(w('documents.state.count', { uploaded: 0, required: 1 })),
  ).toBeVisible();

  // The same statement counted under another type is refused as a duplicate.
  const statement = pdfFile('statement-jan-jun.pdf');
  await bank.getByRole('button', { name: w('documents.list.dismiss') }).click();
  await bankPicker.setInputFiles(statement);
  await expect(bank.getByText(w('documents.state.satisfied'), { exact: true })).toBeVisible();
  const ssm = documentBlock(page, 'SSM_DOCUMENT', language);
  await documentPicker(page, w, 'SSM_DOCUMENT', language).setInputFiles({
    ...statement,
    name: 'ssm-copy.pdf',
  });
  await expect(ssm.getByRole('alert')).toHaveText(
    'ssm-copy.pdf: This file has already been uploaded',
  );
  await expect(
    ssm.getByText(w('documents.state.count', { uploaded: 0, required: 1 })),
  ).toBeVisible();

  // None of the refused files reached the server.
  await page.reload();
  await expect(
    bank.getByRole('button', { name: 'statement-jan-jun.pdf', exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: /statement-scan-large|statement-photo|statement-renamed|ssm-copy/,
    }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: w('documents.continue'), exact: true }),
  ).toBeDisabled();
});
