import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, request as http, test } from '@playwright/test';

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

// Up to nineteen routes, each checked by axe four times. The tests of this file share the workers
// with the other files' journeys rather than queueing on one.
test.describe.configure({ mode: 'parallel', timeout: 900_000 });

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

/** Visits each route in each language and width on one page and returns what axe found. Each
 *  route and language is loaded once, on a phone, and then widened to a desktop, as a window is:
 *  the layout answers the width, not the load. */
async function audit(page: Page, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    for (const language of LANGUAGES) {
      for (const [index, width] of WIDTHS.entries()) {
        await page.setViewportSize({ width, height: 800 });
        if (index === 0) {
          const separator = route.includes('?') ? '&' : '?';
          await page.goto(`${route}${separator}language=${language}`);
        }
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

async function freshPage(browser: Browser, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(baseURL ? { baseURL } : {}),
  });
  return context.newPage();
}

/** The shell is built per brand: the redcash build is served by a second gateway of this
 *  worker's server (playwright.config.ts), in front of the same API and remotes. */
const REDCASH_URL = `http://localhost:${process.env.E2E_SECOND_BRAND_PORT}`;

async function redcashServed(): Promise<void> {
  const answer = await fetch(`${REDCASH_URL}/`).catch(() => null);
  expect(
    answer?.ok,
    `the redcash shell answers at ${REDCASH_URL}: build it with ` +
      '`BRAND=redcash OUT_DIR=dist-redcash pnpm --filter @lending/shell run build` (npm test does)',
  ).toBe(true);
  // Its own build, not the default one: the brand's name is in the page.
  expect(await answer!.text()).toContain('RedCash');
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

test('redcash: public pages, registration and the login dialog', async ({ browser }) => {
  await redcashServed();
  const page = await freshPage(browser, REDCASH_URL);
  const found = await audit(page, [
    '/',
    '/faq',
    '/contact-us',
    '/registration',
    '/?showLogin=true',
    '/?showLogin=true&loginType=redone',
  ]);
  expect(found).toEqual([]);
});

test('redcash: signed-in home, account and onboarding pages', async ({ browser }) => {
  await redcashServed();
  // A customer of the redcash tenant, registered through its own site.
  const redcash = await http.newContext({
    baseURL: REDCASH_URL,
    extraHTTPHeaders: { 'x-tenant': 'redcash' },
  });
  const applicant = await submitThroughApi(redcash, { language: 'EN', amountSen: 2_000_000 });
  await redcash.dispose();
  const page = await freshPage(browser, REDCASH_URL);
  await signInApplicant(page, underwritingWords('EN'), applicant);
  const found = await audit(page, [
    '/home',
    '/loan-history',
    '/application/summary',
    '/application/document-upload',
    '/testing-eligibility',
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

/** The back office's sections, audited as the admin, who may open every one. */
async function auditBackOffice(page: Page, routes: string[]): Promise<void> {
  const routeWarnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('no trailing'))
      routeWarnings.push(message.text());
  });
  await signInStaffInPage(page, staffAdmin());
  const found = await audit(page, routes);
  expect(found).toEqual([]);
  expect(routeWarnings).toEqual([]);
  // The back office is framed on its own: no customer header, login button or marketing footer.
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await expect(page.getByTestId('header-login')).toHaveCount(0);
  await expect(page.getByTestId('footer')).toHaveCount(0);
}

test('the back office: applications, people and settings', async ({ browser, request }) => {
  const applicant = await submitThroughApi(request, { language: 'EN', amountSen: 2_000_000 });
  await auditBackOffice(await freshPage(browser), [
    '/admin',
    '/admin/applications',
    `/admin/applications/${applicant.applicationId}`,
    '/admin/users',
    '/admin/contact-messages',
    '/admin/staff',
    '/admin/settings',
    '/admin/attestation',
    '/admin/attestation/calendar',
    '/admin/videos',
  ]);
});

test('the back office: money, collections and oversight', async ({ browser }) => {
  await auditBackOffice(await freshPage(browser), [
    '/admin/master-setup',
    '/admin/disbursements',
    '/admin/accounts',
    '/admin/statements',
    '/admin/regulator',
    '/admin/collections',
    '/admin/jompay',
    '/admin/audit',
    '/admin/providers',
  ]);
});

test('the back office: the books and the portfolio', async ({ browser }) => {
  await auditBackOffice(await freshPage(browser), [
    '/admin/business-date',
    '/admin/finance',
    '/admin/finance/periods',
    '/admin/finance/dashboard',
    '/admin/finance/reconciliation',
    '/admin/bank-in-slips',
  ]);
});
