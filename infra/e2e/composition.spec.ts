import { expect, test } from '@playwright/test';

import { wordsOf } from './onboarding-support';
import { clientNavigate, expectShellIntact, remoteScreen } from './support';

test.describe('composition of the shell and the remotes', () => {
  test('the landing page is served by the shell with header, footer and company facts', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('financing');
    await expectShellIntact(page);
    await expect(page.getByTestId('licence')).toContainText('licence');
    await expect(page.getByTestId('footer-phone')).toContainText('+60');
    await expect(page.getByTestId('copyright')).toHaveText(
      `© ${new Date().getFullYear()} ArkCash Credit Sdn. Bhd. All rights reserved.`,
    );
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }),
    ).toBeVisible();
  });

  test('each remote mounts on its own routes, discovered from remotes.json at run time', async ({
    page,
  }) => {
    const manifest = page.waitForResponse((response) => response.url().endsWith('/remotes.json'));
    await page.goto('/registration');
    expect((await manifest).status()).toBe(200);
    await expect(remoteScreen(page, 'mf-onboarding', 'registration')).toBeVisible();

    await clientNavigate(page, '/loan-status/account-creation');
    await expect(remoteScreen(page, 'mf-loan-status', 'accountCreation')).toBeVisible();
    await expect(page.locator('[data-remote="mf-onboarding"]')).toHaveCount(0);

    await clientNavigate(page, '/guarantor-signing/identity-verification');
    await expect(remoteScreen(page, 'mf-guarantor', 'identityVerification')).toBeVisible();

    // Signed out, a staff page is the staff sign-in in its place.
    await clientNavigate(page, '/admin');
    await expect(remoteScreen(page, 'mf-admin', 'adminLogin')).toBeVisible();

    await clientNavigate(page, '/about-us');
    await expect(page.locator('[data-remote]')).toHaveCount(0);
    await expectShellIntact(page);
  });

  test("a remote's files are fetched while the shell is still starting, remotes.json once", async ({
    page,
  }) => {
    // The shell draws nothing before its words have come: they are held until the remote's entry
    // has been asked for. Were the remote fetched only once the shell is drawn, it never would be.
    let release!: () => void;
    const remoteAsked = new Promise<void>((resolve) => (release = resolve));
    let words = 'not yet' as 'not yet' | 'held' | 'sent';
    await page.route('**/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('Skip to main content')) {
        words = 'held';
        await Promise.race([remoteAsked, new Promise((resolve) => setTimeout(resolve, 8_000))]);
        words = 'sent';
      }
      await route.fulfill({ response, body });
    });
    let wordsWhenEntryAsked: string | null = null;
    let manifestReads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/remotes.json')) manifestReads += 1;
      if (request.url().endsWith('/remotes/mf-onboarding/remoteEntry.js')) {
        wordsWhenEntryAsked ??= words;
        release();
      }
    });
    await page.goto('/registration');
    await expect(remoteScreen(page, 'mf-onboarding', 'registration')).toBeVisible();
    await expectShellIntact(page);
    expect(wordsWhenEntryAsked).toBe('held');
    expect(manifestReads).toBe(1);
  });

  test('one instance of every shared library and of the platform in the page', async ({ page }) => {
    await page.goto('/registration');
    await expect(remoteScreen(page, 'mf-onboarding', 'registration')).toBeVisible();
    await clientNavigate(page, '/guarantor-signing/loan-agreement');
    await expect(remoteScreen(page, 'mf-guarantor', 'loanAgreement')).toBeVisible();
    // Signed out, a staff page is the staff sign-in in its place.
    await clientNavigate(page, '/admin');
    await expect(remoteScreen(page, 'mf-admin', 'adminLogin')).toBeVisible();

    const report = await page.evaluate(() => {
      type Shared = Record<
        string,
        Record<string, { loaded?: boolean; useIn?: string[]; from: string }>
      >;
      const federation = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Shared>> };
        }
      ).__FEDERATION__;
      const loaded: Record<string, string[]> = {};
      for (const scopes of Object.values(federation.__SHARE__)) {
        for (const packages of Object.values(scopes)) {
          for (const [pkg, versions] of Object.entries(packages)) {
            for (const [version, entry] of Object.entries(versions)) {
              if (entry.loaded)
                loaded[pkg] = [
                  ...new Set([...(loaded[pkg] ?? []), `${version} from ${entry.from}`]),
                ];
            }
          }
        }
      }
      return {
        loaded,
        platformEvaluations: (window as unknown as { __lendingPlatformEvaluations: number })
          .__lendingPlatformEvaluations,
      };
    });

    expect(report.platformEvaluations).toBe(1);
    for (const pkg of [
      'react',
      'react-dom',
      'react-router-dom',
      'rxjs',
      'i18next',
      '@emotion/react',
      '@lending/platform',
      '@lending/ui',
    ]) {
      expect(report.loaded[pkg], `${pkg} loaded once`).toHaveLength(1);
      expect(report.loaded[pkg]![0]).toContain('from shell');
    }
  });

  test('login-only routes send a logged-out visitor to the landing page', async ({ page }) => {
    await page.goto('/repayment-schedule');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-remote="mf-repayment"]')).toHaveCount(0);
  });

  test('an unknown path goes to the landing page when logged out, saying so', async ({ page }) => {
    // English first, then Malay: the second visit's notice is in the language its address asks
    // for, not the one remembered from the first.
    for (const language of ['EN', 'MS'] as const) {
      await page.goto(`/no-such-page?language=${language}`);
      await expect(page).toHaveURL(/\/(\?.*)?$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(wordsOf(language)('shell.unknownAddress'))).toBeVisible();
    }
  });

  test('visiting the landing page clears stored state except the language', async ({ page }) => {
    await page.goto('/about-us');
    await page.evaluate(() => {
      localStorage.setItem('language', 'MS');
      localStorage.setItem('draftApplication', '{"step":2}');
    });
    await page.goto('/');
    // The landing is drawn before the app starts (after the page has loaded): the app clears.
    await expect.poll(() => page.evaluate(() => ({ ...localStorage }))).toEqual({ language: 'MS' });
  });
});
