import { expect, test } from '@playwright/test';

test.describe('showLogin on every route', () => {
  for (const value of ['true', '1']) {
    test(`?showLogin=${value} opens the login dialog over the page it is on`, async ({ page }) => {
      await page.goto(`/faq?showLogin=${value}&language=MS`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Log masuk' })).toBeVisible();
      await expect(page.getByTestId('faq-item').first()).toBeAttached();
      await dialog.getByRole('button', { name: 'Tutup' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/faq\?language=MS$/);
    });
  }

  test('?showLogin=false leaves the page alone', async ({ page }) => {
    await page.goto('/about-us?showLogin=false');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the header Login button opens the dialog and Escape closes it', async ({ page }) => {
    await page.goto('/legal-terms');
    await page.getByTestId('header-login').click();
    await expect(page).toHaveURL(/showLogin=true/);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/legal-terms$/);
  });
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a press on "Apply now" lands the first time, the email left empty', async ({ page }) => {
    await page.goto('/?showLogin=true&language=EN');
    const dialog = page.getByRole('dialog');
    const email = dialog.getByLabel('Email');
    await email.focus();
    await expect(email).toBeFocused();
    const link = dialog.getByRole('link', { name: 'Apply now' });
    const box = (await link.boundingBox())!;
    // As a thumb presses: the email field is left as the press goes down, the finger lifts a
    // moment later at the same spot.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(150);
    await page.mouse.up();
    await expect(page).toHaveURL(/\/registration$/);
  });
});
