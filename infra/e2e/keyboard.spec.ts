import { expect, type Page, test } from '@playwright/test';

// Registration with the keyboard only: every control is reached with Tab, the focus is visible,
// and a refused submit puts the focus on the first field in error, whose message is tied to it.

/** Presses Tab until the focused element matches `selector`; fails when the page runs out. */
async function tabUntil(page: Page, selector: string, limit = 200) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(
      (wanted) => document.activeElement?.matches(wanted) ?? false,
      selector,
    );
    if (found) return;
  }
  throw new Error(`${selector} was never reached with Tab`);
}

/** The focused element shows it: an outline or a ring (box shadow). */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return false;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outlined || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
}

test('registration refuses an empty form and moves the focus to the first error (keyboard only)', async ({
  page,
}) => {
  await page.goto('/registration?language=EN');
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();

  // The terms box is ticked with the space bar, its links reachable on the way.
  await tabUntil(page, '[data-testid="consent-link-terms"]');
  expect(await focusIsVisible(page)).toBe(true);
  await tabUntil(page, 'input[name="termsAccepted"]');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /I have read and accept/ })).toBeChecked();

  await tabUntil(page, 'form button[type="submit"]');
  expect(await focusIsVisible(page)).toBe(true);
  await page.keyboard.press('Enter');

  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await focused.getAttribute('aria-describedby')) ?? '';
  const messages = await page.evaluate(
    (ids) => ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? ''),
    describedBy,
  );
  expect(messages.join(' ')).toMatch(/\S/);
  // The first field in error is the first field of the form.
  const firstField = page.locator('form [aria-invalid="true"]').first();
  expect(await firstField.evaluate((element) => element === document.activeElement)).toBe(true);
});
