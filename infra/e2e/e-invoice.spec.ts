import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import { signInApplicant, submitThroughApi, underwritingWords } from './underwriting-support';

// The e-invoice TIN page on the real API and the sandbox tax authority: reached from home, the
// user's TIN checked (invalid, then valid), the field locked once kept, and still locked when the
// page is opened again.

const here = path.dirname(fileURLToPath(import.meta.url));

function repaymentWords(language: 'EN' | 'MS') {
  const file = path.join(
    here,
    `../../mf-repayment/src/locales/${language === 'MS' ? 'ms' : 'en'}/mf-repayment.json`,
  );
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { eInvoice: Record<string, string> })
    .eInvoice;
}

test.describe.configure({ timeout: 240_000 });

for (const [language, viewport] of [
  ['MS', { width: 375, height: 740 }],
  ['EN', { width: 1280, height: 800 }],
] as const) {
  test(`a borrower's TIN is checked with the tax authority and kept once valid (${language}, ${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    const w = underwritingWords(language);
    const e = repaymentWords(language);
    await page.setViewportSize(viewport);
    const applicant = await submitThroughApi(request, { language, amountSen: 1_000_000 });
    await signInApplicant(page, w, applicant);

    await page.getByRole('link', { name: w('loanStatus.home.requestEInvoice') }).click();
    await expect(page).toHaveURL(/\/request-e-invoice/);
    const tin = page.getByLabel(e.label!);
    await expect(tin).toBeEnabled();
    await expect(tin).toHaveValue('');

    // Keyboard only: type, Enter, read the answer.
    await tin.fill('IG12345678');
    await tin.press('Enter');
    await expect(page.getByRole('alert')).toContainText(
      language === 'MS' ? 'TIN tidak sah' : 'TIN is invalid',
    );
    await expect(tin).toBeEnabled();

    await tin.fill('ig 123456789');
    await expect(tin).toHaveValue('IG123456789');
    await page.getByRole('button', { name: e.validate! }).click();
    await expect(page.getByRole('status').filter({ hasText: e.valid! })).toBeVisible();
    await expect(tin).toBeDisabled();
    await expect(page.getByRole('button', { name: e.validate! })).toBeDisabled();

    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(
      axe.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
    // Nothing spills sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    // Opened again: the current user is loaded and the kept TIN stays locked.
    await page.reload();
    await expect(page.getByLabel(e.label!)).toHaveValue('IG123456789');
    await expect(page.getByLabel(e.label!)).toBeDisabled();
    await expect(page.getByText(e.locked!)).toBeVisible();
    await page.getByRole('link', { name: e.backHome! }).click();
    await expect(page).toHaveURL(/\/home/);
  });
}
