import { expect, test } from '@playwright/test';

import { remoteScreen } from './support';

test.describe('language', () => {
  test('the switch changes every part of the page and is remembered', async ({ page }) => {
    // Without a signing link the guarantor's screen says so: a remote screen anyone can open.
    await page.goto('/guarantor-signing/identity-verification');
    await expect(remoteScreen(page, 'mf-guarantor', 'identityVerification')).toContainText(
      'This signing link cannot be used',
    );

    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('link', { name: 'Bahasa Melayu' })
      .click();
    await expect(remoteScreen(page, 'mf-guarantor', 'identityVerification')).toContainText(
      'Pautan tandatangan ini tidak boleh digunakan',
    );
    await expect(
      page.getByRole('navigation', { name: 'Utama' }).getByRole('link', { name: 'Tentang Kami' }),
    ).toBeVisible();
    await expect(page.getByTestId('footer')).toContainText('Hak cipta terpelihara');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('MS');

    await page.reload();
    await expect(remoteScreen(page, 'mf-guarantor', 'identityVerification')).toContainText(
      'Pautan tandatangan ini tidak boleh digunakan',
    );
  });

  for (const [param, expected] of [
    ['MS', 'Tentang Kami'],
    ['bm', 'Tentang Kami'],
    ['BM', 'Tentang Kami'],
    ['ms', 'Tentang Kami'],
    ['EN', 'About Us'],
  ] as const) {
    test(`?language=${param} sets the language`, async ({ page }) => {
      await page.goto(`/faq?language=${param}`);
      await expect(
        page.getByRole('navigation').first().getByRole('link', { name: expected }),
      ).toBeVisible();
    });
  }

  test('a link followed before the app has taken the page over keeps its language', async ({
    browser,
  }) => {
    // Without JavaScript the app never takes the landing over: following "Apply now" is then a
    // plain page load, as it is for a quick tap on a slow phone.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const landing = await noScript.newPage();
    await landing.goto('/?language=MS');
    await landing.getByRole('link', { name: 'Mohon sekarang' }).first().click();
    await expect(landing).toHaveURL(/\/registration$/);
    const cookies = await noScript.cookies();
    const language = cookies.find((cookie) => cookie.name === 'language');
    expect(language?.value).toBe('MS');

    // The registration page, opened with that cookie, starts in Malay.
    const app = await browser.newContext();
    await app.addCookies(cookies);
    const page = await app.newPage();
    await page.goto('/registration');
    await expect(page.getByRole('heading', { name: 'Daftar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
    await noScript.close();
    await app.close();
  });

  test('help pages have real content in both languages', async ({ page }) => {
    for (const [path, language] of [
      ['/about-us', 'EN'],
      ['/faq', 'MS'],
      ['/legal-terms', 'EN'],
      ['/legal-terms', 'MS'],
    ] as const) {
      await page.goto(`${path}?language=${language}`);
      // textContent: FAQ answers sit in closed disclosures, which innerText leaves out.
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text.length, `${path} in ${language}`).toBeGreaterThan(1500);
    }
    await page.goto('/faq?language=EN');
    expect(await page.getByTestId('faq-item').count()).toBeGreaterThanOrEqual(20);
    await page.getByTestId('faq-item').first().locator('summary').click();
    await expect(page.getByTestId('faq-item').first()).toHaveAttribute('open', '');
  });
});
