import { type Browser, expect, type Page, test } from '@playwright/test';

import { type Applicant, newApplicant, registerThroughApi } from './auth-support';
import { createStaff, signInStaffInPage } from './staff-support';

/** The applicant signs in through the login dialog, ticking the sandbox bot check. */
async function signInApplicant(page: Page, person: Pick<Applicant, 'email' | 'password'>) {
  await page.goto('/?showLogin=true&language=EN');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByText("I'm not a robot").click();
  await expect(dialog.getByRole('checkbox', { name: "I'm not a robot" })).toBeChecked();
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home/);
}

async function freshPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

test.describe('the back office applicants', () => {
  test('a customer-service officer finds an applicant and edits the profile; the applicant sees it (375 px)', async ({
    browser,
    request,
  }) => {
    const person = await registerThroughApi(request, newApplicant('EN'));
    const officer = await createStaff(request, ['CUSTOMER_SERVICE']);
    const staff = await freshPage(browser, 375);
    await signInStaffInPage(staff, officer);

    // Customer service have the applicants in their menu, and not the staff accounts.
    await staff.getByTestId('staff-menu-button').click();
    const menu = staff.getByRole('navigation', { name: 'Back office sections' });
    await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Applicants' }).click();
    await expect(staff).toHaveURL(/\/admin\/users$/);

    const search = staff.getByRole('search', { name: 'Search applicants' });
    await search.getByLabel('Find an applicant').fill(person.email.toUpperCase());
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(staff).toHaveURL(/\?q=/);
    await expect(staff.getByTestId('applicants-summary')).toHaveText(
      'Showing 1 to 1 of 1 applicants',
    );
    await staff.getByRole('link', { name: `Open ${person.firstName}` }).click();
    await expect(staff).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(staff.getByTestId('applicant-name')).toHaveText(person.firstName);

    const form = staff.getByRole('form', { name: 'Profile' });
    const newName = `${person.firstName} binti Ali`;
    // Checked before it is sent: an empty name is refused on the page.
    await form.getByLabel(/^First name/).fill('  ');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.getByText('Please enter the first name')).toBeVisible();
    await form.getByLabel(/^First name/).fill(newName);
    await form.getByLabel('Residential address line 1').fill('No 7, Jalan Melur, Shah Alam');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(staff.getByTestId('profile-notice')).toContainText('The profile was saved.');

    // What signs in stays an admin's to change.
    await staff.getByRole('tab', { name: 'Sign-in details' }).click();
    await expect(staff.getByTestId('sign-in-read-only')).toContainText(person.email);
    await expect(staff.getByRole('form', { name: 'Sign-in details' })).toHaveCount(0);

    // Nothing on the page is wider than the phone.
    const overflow = await staff.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    const applicant = await freshPage(browser, 1280);
    await signInApplicant(applicant, person);
    await applicant.goto('/update-profile');
    await expect(applicant.getByTestId('profile-details')).toContainText(newName);
  });
});
