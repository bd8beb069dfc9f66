import { expect, type Page, test } from '@playwright/test';

import {
  type Applicant,
  latestLinkFor,
  newApplicant,
  registerThroughApi,
  staffAdmin,
} from './auth-support';
import { createStaff, nextTotpCode, signInStaffInPage, totpSecretOf } from './staff-support';
import { remoteScreen } from './support';

const WORDS = {
  EN: {
    email: 'Email',
    password: 'Password',
    robot: "I'm not a robot",
    submit: 'Login',
    wrong: 'Invalid email or password',
    botCheck: 'Please tick the box to show you are not a robot',
    logout: 'Logout',
  },
  MS: {
    email: 'E-mel',
    password: 'Kata laluan',
    robot: 'Saya bukan robot',
    submit: 'Log masuk',
    wrong: 'E-mel atau kata laluan tidak sah',
    botCheck: 'Sila tandakan kotak untuk menunjukkan anda bukan robot',
    logout: 'Log keluar',
  },
} as const;

async function signIn(
  page: Page,
  person: Pick<Applicant, 'email' | 'password'>,
  language: 'EN' | 'MS' = 'EN',
  options: { tick?: boolean } = {},
) {
  const words = WORDS[language];
  await page.goto(`/?showLogin=true&language=${language}`);
  const dialog = page.getByRole('dialog');
  // Typed with capitals and spaces: the field keeps it trimmed and lower-cased.
  await dialog.getByLabel(words.email).fill(`  ${person.email.toUpperCase()}`);
  await expect(dialog.getByLabel(words.email)).toHaveValue(person.email);
  await dialog.getByLabel(words.password).fill(person.password);
  if (options.tick !== false) {
    await dialog.getByText(words.robot).click();
    await expect(dialog.getByRole('checkbox', { name: words.robot })).toBeChecked();
  }
  await dialog.getByRole('button', { name: words.submit, exact: true }).click();
  return dialog;
}

test.describe('signing in', () => {
  for (const language of ['EN', 'MS'] as const) {
    test(`registers, then signs in with the bot check (${language})`, async ({ page, request }) => {
      const person = await registerThroughApi(request, newApplicant(language));
      await signIn(page, person, language);
      await expect(page).toHaveURL(/\/home/);
      // On a desktop the way out sits in the account menu, with the person's own pages.
      await page.getByTestId('account-menu-button').click();
      await expect(page.getByRole('menuitem', { name: WORDS[language].logout })).toBeVisible();
      await page.keyboard.press('Escape');
      const stored = await page.evaluate(() => ({
        access: localStorage.getItem('accessToken'),
        refresh: localStorage.getItem('refreshToken'),
      }));
      expect(stored.access).toMatch(/^ey/);
      expect(stored.refresh).toBeTruthy();
    });

    test(`says so when the password is wrong (${language})`, async ({ page, request }) => {
      const person = await registerThroughApi(request, newApplicant(language));
      const dialog = await signIn(page, { ...person, password: 'not the password' }, language);
      await expect(dialog.getByTestId('login-error')).toHaveText(WORDS[language].wrong);
      await expect(page).not.toHaveURL(/\/home/);
      // The bot check was spent: the box is clear again, without blaming the person for it.
      await expect(dialog.getByRole('checkbox', { name: WORDS[language].robot })).not.toBeChecked();
      await expect(dialog.getByText(WORDS[language].botCheck)).toHaveCount(0);
      // One message in one place: no toast repeats it.
      await expect(page.getByText(WORDS[language].wrong)).toHaveCount(1);
    });
  }

  for (const language of ['EN', 'MS'] as const) {
    test(`asks for the bot check before sending anything (${language})`, async ({
      page,
      request,
    }) => {
      const person = await registerThroughApi(request);
      const logins: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/auth/login')) logins.push(r.url());
      });
      const dialog = await signIn(page, person, language, { tick: false });
      await expect(dialog.getByText(WORDS[language].botCheck)).toBeVisible();
      expect(logins).toEqual([]);
    });
  }
});

test.describe('staying signed in', () => {
  test('refreshes an expired access token once for several requests in flight', async ({
    page,
    request,
  }) => {
    const person = await registerThroughApi(request);
    await signIn(page, person);
    await expect(page).toHaveURL(/\/home/);
    // The access token no longer works (as after 15 minutes); the refresh token still does.
    await page.evaluate(() => localStorage.setItem('accessToken', 'expired.access.token'));
    const refreshes: string[] = [];
    const meCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/refreshToken')) refreshes.push(r.url());
      if (r.url().includes('/user/me')) meCalls.push(r.url());
    });
    await page.goto('/update-profile');
    await expect(page.getByTestId('profile-details')).toContainText(person.firstName);
    expect(meCalls.length).toBeGreaterThanOrEqual(3); // two refused, then retried
    expect(refreshes).toHaveLength(1);
  });

  test('a refresh that fails says the session expired and signs out', async ({ page, request }) => {
    const person = await registerThroughApi(request);
    await signIn(page, person);
    await expect(page).toHaveURL(/\/home/);
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expired.access.token');
      localStorage.setItem('refreshToken', 'revoked-refresh-token');
    });
    await page.goto('/update-profile');
    await expect(page.getByText('Session expired, please login again').first()).toBeVisible();
    await expect(page).toHaveURL(/\/$|\/\?/, { timeout: 10_000 });
    await expect(page.getByTestId('header-login')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('signs out after 15 minutes without activity (browser clock)', async ({ page, request }) => {
    const person = await registerThroughApi(request);
    await page.clock.install();
    await signIn(page, person);
    await expect(page).toHaveURL(/\/home/);
    await expect(remoteScreen(page, 'mf-loan-status', 'home')).toBeVisible();
    await page.clock.fastForward('14:00');
    await expect(page.getByTestId('account-menu-button')).toBeVisible();
    await page.clock.fastForward('01:05');
    await expect(page.getByTestId('header-login')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('signing out in one tab signs out the other at once', async ({ page, context, request }) => {
    const person = await registerThroughApi(request);
    await signIn(page, person);
    await expect(page).toHaveURL(/\/home/);
    const other = await context.newPage();
    await other.goto('/update-profile');
    await expect(other.getByTestId('profile-details')).toBeVisible();
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: WORDS.EN.logout }).click();
    await expect(page.getByTestId('header-login')).toBeVisible();
    // The other tab was not touched: it follows the storage change by itself.
    await expect(other.getByTestId('header-login')).toBeVisible();
    await expect(other).not.toHaveURL(/update-profile/);
  });
});

test.describe('forgotten password', () => {
  const RESET = {
    EN: {
      email: 'Email',
      robot: "I'm not a robot",
      send: 'Send reset link',
      sent: 'If an account exists for this email',
      fresh: 'New password',
      confirm: 'Confirm new password',
      save: 'Save password',
      mismatch: 'The passwords do not match',
    },
    MS: {
      email: 'E-mel',
      robot: 'Saya bukan robot',
      send: 'Hantar pautan',
      sent: 'Jika akaun wujud untuk e-mel ini',
      fresh: 'Kata laluan baharu',
      confirm: 'Sahkan kata laluan baharu',
      save: 'Simpan kata laluan',
      mismatch: 'Kata laluan tidak sepadan',
    },
  } as const;
  for (const language of ['EN', 'MS'] as const) {
    test(`resets through the emailed link in the sandbox outbox (${language})`, async ({
      page,
      request,
    }) => {
      const words = RESET[language];
      const person = await registerThroughApi(request, newApplicant(language));
      await page.goto(`/reset-password-request?language=${language}`);
      const main = page.getByRole('main');
      await main.getByLabel(words.email).fill(person.email);
      await main.getByText(words.robot).click();
      await expect(main.getByRole('checkbox', { name: words.robot })).toBeChecked();
      await main.getByRole('button', { name: words.send }).click();
      await expect(page.getByTestId('reset-requested')).toContainText(words.sent);

      const link = new URL(await latestLinkFor(request, person.email));
      await page.goto(`${link.pathname}${link.search}`);
      await main.getByLabel(words.fresh, { exact: true }).fill('a fresh password 123');
      await main.getByLabel(words.confirm, { exact: true }).fill('a fresh password 124');
      await main.getByRole('button', { name: words.save }).click();
      await expect(main.getByText(words.mismatch)).toBeVisible();
      await main.getByLabel(words.confirm, { exact: true }).fill('a fresh password 123');
      await main.getByRole('button', { name: words.save }).click();
      await expect(page.getByTestId('reset-done')).toBeVisible();

      // The link worked once.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByTestId('reset-link-invalid')).toBeVisible();

      await signIn(page, { email: person.email, password: 'a fresh password 123' }, language);
      await expect(page).toHaveURL(/\/home/);
    });
  }
});

test.describe('back office', () => {
  const STAFF = {
    EN: {
      email: 'Email',
      password: 'Password',
      submit: 'Sign in',
      wrong: 'Invalid credentials',
      enrol: 'Set up your authenticator app',
      code: '6-digit code',
      wrongCode: 'The code is not correct. Check the time on your phone and try the newest code.',
      codes: 'Save your recovery codes',
      signedIn: 'Signed in as',
      role: 'Admin',
      out: 'Sign out',
    },
    MS: {
      email: 'E-mel',
      password: 'Kata laluan',
      submit: 'Log masuk',
      wrong: 'Butiran log masuk tidak sah',
      enrol: 'Sediakan aplikasi pengesah anda',
      code: 'Kod 6 digit',
      wrongCode: 'Kod tidak betul. Semak masa pada telefon anda dan cuba kod terbaharu.',
      codes: 'Simpan kod pemulihan anda',
      signedIn: 'Log masuk sebagai',
      role: 'Pentadbir',
      out: 'Log keluar',
    },
  } as const;
  for (const language of ['EN', 'MS'] as const) {
    test(`staff sign in with their own form and an authenticator app (${language})`, async ({
      page,
    }) => {
      const words = STAFF[language];
      const admin = staffAdmin();
      await page.goto(`/admin/login?language=${language}`);
      const form = page.getByRole('main');
      await form.getByLabel(words.email).fill(admin.email);
      await form.getByLabel(words.password).fill('not the password');
      await form.getByRole('button', { name: words.submit, exact: true }).click();
      await expect(form.getByRole('alert')).toHaveText(words.wrong);
      await form.getByLabel(words.password).fill(admin.password);
      await form.getByRole('button', { name: words.submit, exact: true }).click();

      // The password alone opens nothing: the first sign-in enrols an app, later ones ask for
      // its code.
      const code = form.getByLabel(words.code);
      await expect(code).toBeVisible();
      const enrolling = await form.getByText(words.enrol).isVisible();
      const secret = enrolling
        ? ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
        : totpSecretOf(admin.email);
      expect(secret).toBeTruthy();
      if (enrolling) await expect(page.getByTestId('totp-qr')).toBeVisible();
      await code.fill('000000');
      await form.locator('form[data-form="second-factor"] button[type="submit"]').click();
      await expect(form.getByText(words.wrongCode)).toBeVisible();
      await code.fill(await nextTotpCode(admin.email, secret));
      await form.locator('form[data-form="second-factor"] button[type="submit"]').click();
      if (enrolling) {
        await expect(form.getByText(words.codes)).toBeVisible();
        await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
        await page.getByTestId('recovery-codes-done').click();
      }

      await expect(page).toHaveURL(/\/admin\/applications/);
      await expect(page.getByTestId('staff-bar')).toContainText(`${words.signedIn} ${admin.email}`);
      await expect(page.getByTestId('staff-bar')).toContainText(words.role);
      await page.getByRole('button', { name: words.out }).click();
      await expect(page).toHaveURL(/\/admin\/login/);
    });
  }

  test('an admin adds a member on the accounts page, who chooses a password (MS, 375 px)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInStaffInPage(page, staffAdmin(), 'MS');
    await page.goto('/admin/staff?language=MS');
    const email = `siti.${Date.now().toString(36)}@lender.test`;
    const form = page.getByRole('form', { name: 'Tambah kakitangan' });
    await form.getByLabel('Nama').fill('Siti Aminah');
    await form.getByLabel('E-mel').fill(email);
    await form.getByText('Pelulus', { exact: true }).click();
    await form.getByRole('button', { name: 'Tambah dan hantar pautan kata laluan' }).click();
    await expect(page.getByTestId('staff-notice')).toContainText(email);
    const card = page.getByTestId(`staff-${email}`);
    await expect(card).toContainText('Jemputan dihantar');

    const link = new URL(await latestLinkFor(request, email));
    expect(link.pathname).toBe('/admin/set-password');
    await page.goto(`${link.pathname}${link.search}&language=MS`);
    await page.getByLabel(/^Kata laluan baharu/).fill('siti chose this');
    await page.getByLabel('Sahkan kata laluan baharu').fill('siti chose this');
    await page.getByRole('button', { name: 'Simpan kata laluan' }).click();
    await expect(page.getByTestId('password-set')).toBeVisible();
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByTestId('link-invalid')).toBeVisible();

    await page.goto('/admin/staff?language=MS');
    await expect(card).toContainText('Aktif');
    await card.getByRole('button', { name: 'Nyahaktifkan' }).click();
    await card.getByRole('button', { name: 'Ya, nyahaktifkan' }).click();
    await expect(card).toContainText('Dinyahaktifkan');
  });

  test('an admin adds a member who signs in with their own password and app', async ({
    page,
    request,
  }) => {
    const member = await createStaff(request, ['CREDIT_OFFICER']);
    await signInStaffInPage(page, member);
    await expect(page.getByTestId('staff-bar')).toContainText('Credit officer');
    // Not an admin: the accounts page says so.
    await page.goto('/admin/staff');
    await expect(page.getByTestId('staff-not-allowed')).toBeVisible();
  });
});
