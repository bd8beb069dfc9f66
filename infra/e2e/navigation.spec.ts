import { expect, type Page, test } from '@playwright/test';

import { applyFromLanding, fillRegistration, newPerson, wordsOf } from './onboarding-support';
import { appReady } from './support';
import { signInApplicant, submitThroughApi, underwritingWords } from './underwriting-support';

// Moving within the app, whoever draws the page (the shell or a remote): a new page starts at its
// top with focus on its heading; back and forward return to where the reader was.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The element focus is on: its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName ?? '',
    text: document.activeElement?.textContent?.trim() ?? '',
  }));

async function toBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
  return scrollY(page);
}

test('a new page starts at its top with focus on its heading; back and forward return', async ({
  page,
}) => {
  const w = wordsOf('EN');
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/faq?language=EN');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await appReady(page);
  const left = await toBottom(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // The footer's link, at the bottom of a long page, to a page drawn by the shell.
  await page
    .getByTestId('footer')
    .getByRole('link', { name: w('shell.nav.aboutUs') })
    .click();
  await expect(page).toHaveURL(/\/about-us$/);
  expect(
    await page.evaluate(() => 'sameDocument' in window),
    'the move stayed within the app (a page loaded anew starts with focus on its document)',
  ).toBe(true);
  await expect.poll(() => scrollY(page)).toBe(0);
  await expect.poll(async () => (await focused(page)).tag).toBe('H1');

  // From its bottom again to the next page: the same.
  await toBottom(page);
  await page
    .getByTestId('footer')
    .getByRole('link', { name: w('shell.nav.contactUs') })
    .click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect.poll(() => scrollY(page)).toBe(0);

  // Back twice: the FAQ where it was left.
  await page.goBack();
  await expect(page).toHaveURL(/\/about-us$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/faq/);
  await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(left - 2);
  // Forward: the about page was left at its bottom.
  await page.goForward();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
});

test('registering opens the verification page at its top, its heading focused', async ({
  page,
}) => {
  const w = wordsOf('EN');
  await page.setViewportSize({ width: 375, height: 700 });
  const person = newPerson('SOLE_PROP');
  await applyFromLanding(page, w, 'EN');
  // Filled to its end, the form is scrolled far down when Register is pressed.
  await fillRegistration(page, w, 'EN', person);
  await expect.poll(() => scrollY(page)).toBe(0);
  await expect
    .poll(() => focused(page))
    .toEqual({ tag: 'H1', text: w('screens.screens.registrationVerification.title') });
});

test('the account menu is opaque and its first item is above the header', async ({
  page,
  request,
}) => {
  const applicant = await submitThroughApi(request, { language: 'EN', amountSen: 2_000_000 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInApplicant(page, underwritingWords('EN'), applicant);
  await page.getByTestId('account-menu-button').click();
  const menu = page.getByTestId('account-menu');
  await expect(menu).toBeVisible();
  const background = await menu.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);
  // What is drawn at the first item's centre is the item itself, not the header over it.
  const first = menu.getByRole('menuitem').first();
  const onTop = await first.evaluate((item) => {
    const box = item.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && item.contains(hit);
  });
  expect(onTop).toBe(true);
  await first.click();
  await expect(page).toHaveURL(/\/loan-history$/);
});
