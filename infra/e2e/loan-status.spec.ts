import { expect, type Page, test } from '@playwright/test';

import { type Applicant, newApplicant, registerThroughApi } from './auth-support';
import { remoteScreen } from './support';

const WORDS = {
  EN: {
    email: 'Email',
    password: 'Password',
    robot: "I'm not a robot",
    submit: 'Login',
    card: 'Apply for a business loan',
    apply: 'Apply now',
    history: 'Loan history',
    empty: 'You have no loan applications yet.',
    check: 'Check a status by reference number',
    reference: 'Reference number',
    checkButton: 'Check status',
    notFound: 'We found no application of yours with this reference number.',
  },
  MS: {
    email: 'E-mel',
    password: 'Kata laluan',
    robot: 'Saya bukan robot',
    submit: 'Log masuk',
    card: 'Mohon pinjaman perniagaan',
    apply: 'Mohon sekarang',
    history: 'Sejarah pinjaman',
    empty: 'Anda belum mempunyai permohonan pinjaman.',
    check: 'Semak status melalui nombor rujukan',
    reference: 'Nombor rujukan',
    checkButton: 'Semak status',
    notFound: 'Kami tidak menemui permohonan anda dengan nombor rujukan ini.',
  },
} as const;

async function signIn(page: Page, person: Applicant, language: 'EN' | 'MS') {
  const words = WORDS[language];
  await page.goto(`/?showLogin=true&language=${language}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(words.email).fill(person.email);
  await dialog.getByLabel(words.password).fill(person.password);
  await dialog.getByText(words.robot).click();
  // The check is answered by the captcha service before the form may be sent.
  await expect(dialog.getByRole('checkbox', { name: words.robot })).toBeChecked();
  await dialog.getByRole('button', { name: words.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/home/);
}

test.describe('the applicant’s loan status', () => {
  for (const [language, viewport] of [
    ['EN', { width: 1280, height: 800 }],
    ['MS', { width: 375, height: 740 }],
  ] as const) {
    test(`home offers a first application; history and the status check are empty (${language}, ${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      const words = WORDS[language];
      await page.setViewportSize(viewport);
      const person = await registerThroughApi(request, newApplicant(language));
      await signIn(page, person, language);

      await expect(remoteScreen(page, 'mf-loan-status', 'home')).toBeVisible();
      const card = page.getByRole('region', { name: words.card });
      await expect(card).toHaveAttribute('data-state', 'READY_TO_CREATE');
      await expect(card.getByRole('link', { name: words.apply })).toHaveAttribute(
        'href',
        '/testing-eligibility',
      );
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await page.getByRole('link', { name: words.history, exact: true }).click();
      await expect(page).toHaveURL(/\/loan-history$/);
      await expect(page.getByTestId('loan-history-empty')).toHaveText(words.empty);

      await page.goto(`/home?language=${language}`);
      await page.getByRole('link', { name: words.check }).click();
      await expect(page).toHaveURL(/\/loan-status-check$/);
      await page.getByLabel(words.reference).fill('AC-2026-999999');
      await page.getByLabel(words.reference).press('Enter');
      await expect(page.getByTestId('status-check-result')).toHaveText(words.notFound);
    });
  }
});
