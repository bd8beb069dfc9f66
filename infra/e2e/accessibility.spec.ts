import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';

import { staffAdmin } from './auth-support';
import { signInStaffInPage } from './staff-support';
import { signInApplicant, submitThroughApi, underwritingWords } from './underwriting-support';

// Every screen, in both languages, on a phone and on a desktop: no serious or critical finding of
// axe-core against WCAG 2.1 A and AA. One page load per route, language and width; each person
// signs in once.

type Language = 'EN' | 'MS';
const LANGUAGES: Language[] = ['EN', 'MS'];
const WIDTHS = [375, 1280];
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Twenty to thirty-six page loads, each checked by axe.
test.describe.configure({ timeout: 900_000 });

/** The page has drawn its screen: a heading, and nothing still loading. */
async function settled(page: Page) {
  // A busy machine can take a while to compose a remote's screen. A dialog asked for in the
  // address opens once the app has taken the drawn page over: its heading, not the page's.
  const heading = new URL(page.url()).searchParams.get('showLogin')
    ? '[role="dialog"] h2'
    : 'main h1, [role="dialog"] h2';
  await expect(page.locator(heading).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.chakra-spinner, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
  });
  // A dialog fades in: checked halfway, its words are half transparent and fail on contrast.
  // (Endless ones, a pulse or a spinner, never finish and are left out.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
}

async function findings(page: Page, label: string): Promise<string[]> {
  // Only violations are collected: gathering the passes too doubles the time of each check.
  const result = await new AxeBuilder({ page })
    .withTags(WCAG)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${label}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/** Visits each route in each language and width on one page and returns what axe found. */
async function audit(page: Page, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    for (const language of LANGUAGES) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const separator = route.includes('?') ? '&' : '?';
        await page.goto(`${route}${separator}language=${language}`);
        await settled(page);
        const label = `${route} ${language} ${width}px`;
        const here = await findings(page, label);
        // Reported as each page is checked, so a slow run still says what it found.
        expect.soft(here, label).toEqual([]);
        found.push(...here);
      }
    }
  }
  return found;
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test('public pages, registration and the login dialog', async ({ browser }) => {
  const page = await freshPage(browser);
  const found = await audit(page, [
    '/',
    '/about-us',
    '/faq',
    '/legal-terms',
    '/contact-us',
    '/reset-password-request',
    '/registration',
    '/?showLogin=true',
    '/admin/login',
  ]);
  expect(found).toEqual([]);
});

test('signed-in home, account and onboarding pages', async ({ browser, request }) => {
  const applicant = await submitThroughApi(request, { language: 'EN', amountSen: 2_000_000 });
  const page = await freshPage(browser);
  await signInApplicant(page, underwritingWords('EN'), applicant);
  const found = await audit(page, [
    '/home',
    '/loan-history',
    '/update-profile',
    '/change-password',
    '/application/summary',
    '/application/document-upload',
  ]);
  expect(found).toEqual([]);
});

test('the back office: every section', async ({ browser, request }) => {
  const applicant = await submitThroughApi(request, { language: 'EN', amountSen: 2_000_000 });
  const page = await freshPage(browser);
  const routeWarnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('no trailing'))
      routeWarnings.push(message.text());
  });
  await signInStaffInPage(page, staffAdmin());
  const found = await audit(page, [
    '/admin',
    '/admin/applications',
    `/admin/applications/${applicant.applicationId}`,
    '/admin/users',
    '/admin/staff',
    '/admin/settings',
    '/admin/attestation',
    '/admin/attestation/calendar',
    '/admin/videos',
    '/admin/master-setup',
    '/admin/disbursements',
    '/admin/accounts',
    '/admin/statements',
    '/admin/regulator',
    '/admin/collections',
    '/admin/jompay',
    '/admin/audit',
  ]);
  expect(found).toEqual([]);
  expect(routeWarnings).toEqual([]);
  // The back office is framed on its own: no customer header, login button or marketing footer.
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await expect(page.getByTestId('header-login')).toHaveCount(0);
  await expect(page.getByTestId('footer')).toHaveCount(0);
});
