import { expect, test } from '@playwright/test';

import { holdScripts } from './support';

test.describe('contact us', () => {
  test('refuses empty comments and a bad email, then stores a valid message', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('email-error')).toHaveText('Please enter your email');
    await expect(page.getByTestId('comments-error')).toHaveText('Comments cannot be empty');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Comments').fill('   ');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('email-error')).toHaveText('Please enter a valid email');
    await expect(page.getByTestId('comments-error')).toHaveText('Comments cannot be empty');

    await page.getByLabel('Email').fill('  Aisyah@Example.com ');
    await page.getByLabel('Comments').fill('When will my loan be disbursed?');
    const posted = page.waitForResponse((r) => r.url().endsWith('/arkcash/api/v1.0/contact-us'));
    await page.getByRole('button', { name: 'Send message' }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      email: 'aisyah@example.com',
      comments: 'When will my loan be disbursed?',
    });
    await expect(page.getByTestId('contact-success')).toBeVisible();
    await expect(page.getByTestId('messaging-link')).toHaveAttribute('href', /wa\.me/);
  });

  test('the server refuses empty comments even when the browser is bypassed', async ({
    request,
  }) => {
    const response = await request.post('/arkcash/api/v1.0/contact-us', {
      data: { email: 'a@example.com', comments: '   ', language: 'EN' },
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBeTruthy();
  });

  test('the form speaks Bahasa Melayu', async ({ page }) => {
    await page.goto('/contact-us?language=MS');
    await page.getByRole('button', { name: 'Hantar mesej' }).click();
    await expect(page.getByTestId('comments-error')).toHaveText('Komen tidak boleh kosong');
  });

  test('a tap on send before the app has taken the page over is answered once it has', async ({
    page,
  }) => {
    const releaseScripts = await holdScripts(page);
    await page.goto('/contact-us?language=MS', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Hantar mesej' }).click();
    releaseScripts();
    await expect(page.getByTestId('comments-error')).toHaveText('Komen tidak boleh kosong');
    await expect(page.getByTestId('email-error')).toHaveText('Sila masukkan e-mel anda');
    // Not sent by the browser as a page load to the same address.
    expect(new URL(page.url()).search).toBe('?language=MS');
  });

  test('what is typed before the app has taken the page over is what it sends', async ({
    page,
  }) => {
    // The app takes the page over as drawn: a part it drew anew would lose what was typed.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const releaseScripts = await holdScripts(page);
    await page.goto('/contact-us?language=EN', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('  Hafiz@Example.com ');
    await page.getByLabel('Comments').fill('Can I repay early?');
    await page.getByRole('button', { name: 'Send message' }).click();
    const posted = page.waitForResponse((r) => r.url().endsWith('/arkcash/api/v1.0/contact-us'));
    releaseScripts();
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      email: 'hafiz@example.com',
      comments: 'Can I repay early?',
    });
    await expect(page.getByTestId('contact-success')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('the forms the app draws after the contact page are never held', async ({ page }) => {
    await page.goto('/contact-us?language=EN');
    await page.getByTestId('header-login').click();
    const dialog = page.getByRole('dialog');
    // The login form was never in the page's markup: it signs in as anywhere else.
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    // Nor was the registration form, reached without a page load.
    await dialog.getByRole('link', { name: 'Apply now' }).click();
    await expect(page).toHaveURL(/\/registration$/);
    // The contact page stays drawn until the registration screen has arrived.
    const registration = page.getByTestId('screen-registration');
    await registration.locator('form button[type="submit"]').click();
    await expect(registration.locator('form [aria-invalid="true"]').first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as { heldSubmit?: unknown }).heldSubmit),
    ).toBeUndefined();
  });
});

test.describe('phones (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu moves into a drawer with the logged-out items, and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByTestId('menu-button').click();
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer).toBeVisible();
    for (const item of ['Legal Terms', 'Contact Us', 'FAQs']) {
      await expect(drawer.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(drawer.getByRole('link', { name: 'Loan History' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Login' })).toBeVisible();
    await drawer.getByRole('link', { name: 'FAQs' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(drawer).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the menu button opens the menu as plain links that work', async ({ page }) => {
      await page.goto('/?language=MS');
      const menu = page.getByRole('navigation', { name: 'Menu' });
      await expect(menu).toBeHidden();
      await page.getByTestId('menu-button').click();
      await expect(menu).toBeVisible();
      for (const item of ['Terma Undang-undang', 'Hubungi Kami', 'Soalan Lazim']) {
        await expect(menu.getByRole('link', { name: item })).toBeVisible();
      }
      await expect(menu.getByRole('link', { name: 'Log Masuk' })).toHaveAttribute(
        'href',
        /showLogin=true/,
      );
      await menu.getByRole('link', { name: 'Soalan Lazim' }).click();
      await expect(page).toHaveURL(/\/faq$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});
