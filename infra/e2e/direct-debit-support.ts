// The sandbox bank's mandate page, as the borrower answers it. The page is the bank's, so it is
// in the language the mandate was set up in; both are understood here.
import type { Page } from '@playwright/test';

const BUTTONS = {
  approve: /^(Approve|Luluskan)$/,
  reject: /^(Reject|Tolak)$/,
} as const;
const OUTCOMES = {
  approve: /Direct debit approved|Debit terus diluluskan/,
  reject: /Direct debit rejected|Debit terus ditolak/,
} as const;
const BACK = /^(Return to the lender|Kembali kepada pemberi pinjam)$/;

/** The path the platform's pages use for the sandbox bank (`MANDATE_PATHS.sandboxBank`). */
export const SANDBOX_BANK_PAGE = /\/api\/sandbox\/emandate\/[\w-]{20,}$/;

async function answer(
  page: Page,
  decision: 'approve' | 'reject',
  options: { returnToLender?: boolean },
): Promise<void> {
  await page.waitForURL(SANDBOX_BANK_PAGE);
  await page.getByRole('button', { name: BUTTONS[decision] }).click();
  await page.getByRole('status').filter({ hasText: OUTCOMES[decision] }).waitFor();
  if (options.returnToLender ?? true) {
    await page.getByRole('link', { name: BACK }).click();
    await page.waitForURL(/\/loan-status\/direct-debit\?agreementId=/);
  }
}

/**
 * On the sandbox bank's page (where "Continue to my bank" leads): approves the mandate, waits for
 * the bank's confirmation and, unless told not to, returns to the lender's direct-debit page.
 */
export function approveMandate(
  page: Page,
  options: { returnToLender?: boolean } = {},
): Promise<void> {
  return answer(page, 'approve', options);
}

/** The same, rejecting the mandate. */
export function rejectMandate(
  page: Page,
  options: { returnToLender?: boolean } = {},
): Promise<void> {
  return answer(page, 'reject', options);
}
