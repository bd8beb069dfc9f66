import { expect, test } from '@playwright/test';

import { clientNavigate, expectShellIntact, fallback, remoteScreen } from './support';

test.describe('a failing remote is fenced', () => {
  test('a remote that cannot be fetched shows the fallback; the rest works; retry recovers', async ({
    page,
  }) => {
    await page.route('**/remotes/mf-loan-status/**', (route) => route.abort('connectionrefused'));
    await page.goto('/loan-status/account-creation');

    await expect(fallback(page, 'mf-loan-status')).toBeVisible();
    await expect(fallback(page, 'mf-loan-status')).toHaveAttribute('data-reason', 'fetch');
    await expect(fallback(page, 'mf-loan-status')).toContainText('could not be loaded');
    await expectShellIntact(page);

    // Other routes, the shell's and another remote's, keep working.
    await clientNavigate(page, '/registration');
    await expect(remoteScreen(page, 'mf-onboarding', 'registration')).toBeVisible();
    await clientNavigate(page, '/faq');
    await expect(page.getByTestId('faq-item').first()).toBeVisible();

    // Back on the broken route, in Malay, then the remote comes back.
    await clientNavigate(page, '/loan-status/account-creation?language=MS');
    await expect(fallback(page, 'mf-loan-status')).toContainText('tidak dapat dimuatkan');
    await page.unroute('**/remotes/mf-loan-status/**');
    await fallback(page, 'mf-loan-status').getByRole('button', { name: 'Cuba lagi' }).click();
    await expect(remoteScreen(page, 'mf-loan-status', 'accountCreation')).toBeVisible();
    await expect(fallback(page, 'mf-loan-status')).toHaveCount(0);
  });

  test('a remote that throws while rendering shows the fallback; retry recovers once it is fixed', async ({
    page,
  }) => {
    // A bad deploy: the remote's own code throws during render.
    const broken = '**/remotes/mf-guarantor/**/*.js';
    await page.route(broken, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        'namespace:"mf-guarantor"',
        'namespace:(()=>{throw new Error("injected render fault")})()',
      );
      await route.fulfill({
        response,
        body,
        headers: { ...response.headers(), 'cache-control': 'no-store' },
      });
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto('/guarantor-signing/identity-verification');
    await expect(fallback(page, 'mf-guarantor')).toBeVisible();
    await expect(fallback(page, 'mf-guarantor')).toHaveAttribute('data-reason', 'render');
    await expect(fallback(page, 'mf-guarantor')).toContainText('Something went wrong');
    expect(errors.join('\n')).toContain('injected render fault');
    await expectShellIntact(page);

    await clientNavigate(page, '/admin');
    await expect(remoteScreen(page, 'mf-admin', 'adminLogin')).toBeVisible();

    await clientNavigate(page, '/guarantor-signing/identity-verification');
    await expect(fallback(page, 'mf-guarantor')).toBeVisible();
    await page.unroute(broken);
    await fallback(page, 'mf-guarantor').getByRole('button', { name: 'Try again' }).click();
    await expect(remoteScreen(page, 'mf-guarantor', 'identityVerification')).toBeVisible();
  });

  test('a remote built for another version of the platform is fenced; the rest works', async ({
    page,
  }) => {
    // A release of the remote built against platform 0.2: it asks the page for a platform the
    // shell does not serve (every @lending range it states moves to the next minor).
    const newer = '**/remotes/mf-guarantor/**/*.js';
    await page.route(newer, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(
        'requiredVersion:"^0.1.0"',
        'requiredVersion:"^0.2.0"',
      );
      await route.fulfill({
        response,
        body,
        headers: { ...response.headers(), 'cache-control': 'no-store' },
      });
    });

    await page.goto('/guarantor-signing/identity-verification');
    await expect(fallback(page, 'mf-guarantor')).toBeVisible();
    await expect(remoteScreen(page, 'mf-guarantor', 'identityVerification')).toHaveCount(0);
    await expectShellIntact(page);

    // The shell's pages and another remote keep working.
    await clientNavigate(page, '/registration');
    await expect(remoteScreen(page, 'mf-onboarding', 'registration')).toBeVisible();
    await clientNavigate(page, '/faq');
    await expect(page.getByTestId('faq-item').first()).toBeVisible();

    // The release the shell can serve comes back.
    await page.unroute(newer);
    await page.goto('/guarantor-signing/identity-verification');
    await expect(remoteScreen(page, 'mf-guarantor', 'identityVerification')).toBeVisible();
  });

  test('a remote that takes too long shows the fallback; retry recovers once it answers', async ({
    page,
  }) => {
    await page.route('**/remotes.json', async (route) => {
      const response = await route.fetch();
      const manifest = await response.json();
      await route.fulfill({ response, json: { ...manifest, loadTimeoutMs: 1500 } });
    });
    const slow = '**/remotes/mf-admin/mf-manifest.json';
    await page.route(slow, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      await route.continue().catch(() => undefined);
    });

    await page.goto('/admin');
    await expect(fallback(page, 'mf-admin')).toBeVisible();
    await expect(fallback(page, 'mf-admin')).toHaveAttribute('data-reason', 'timeout');
    await expect(fallback(page, 'mf-admin')).toContainText('taking too long');

    // The back office has no customer header: the shell is checked on a customer page.
    await clientNavigate(page, '/registration');
    await expect(remoteScreen(page, 'mf-onboarding', 'registration')).toBeVisible();
    await expectShellIntact(page);

    await clientNavigate(page, '/admin');
    await page.unroute(slow);
    await fallback(page, 'mf-admin').getByRole('button', { name: 'Try again' }).click();
    await expect(remoteScreen(page, 'mf-admin', 'adminLogin')).toBeVisible();
  });
});
