import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';

import { createStaff, signInStaffInPage } from './staff-support';

interface OutboxMail {
  subject: string | null;
  body: string;
}

/** What the sandbox outbox holds for `email`, newest first, once `subject` has arrived. */
async function mailsTo(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
): Promise<OutboxMail[]> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await request.get(
      `/arkcash/api/v1.0/sandbox/outbox?to=${encodeURIComponent(email)}`,
    );
    const mails = (await response.json()) as OutboxMail[];
    if (mails.some((mail) => subject.test(mail.subject ?? ''))) return mails;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email "${subject}" for ${email}`);
}

async function freshPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

/** Serious and critical axe findings against WCAG 2.1 A and AA, once the screen has drawn. */
async function axeFindings(page: Page, label: string): Promise<string[]> {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.chakra-spinner, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 30_000,
  });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${label}: ${violation.id} ${violation.help}`);
}

test.describe('the contact inbox', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a visitor writes; customer service reads, takes, answers and closes it; both emails arrive', async ({
    browser,
    request,
  }, testInfo) => {
    // The visitor, on a phone, in Bahasa Melayu.
    const visitorEmail = `visitor.${Date.now().toString(36)}@example.com`;
    const visitor = await freshPage(browser, 375);
    await visitor.goto('/contact-us?language=MS');
    await visitor.locator('input[name="name"]').fill('Siti Aminah');
    await visitor.locator('input[name="email"]').fill(visitorEmail);
    await visitor
      .locator('textarea[name="comments"]')
      .fill('Bilakah pinjaman saya akan dikeluarkan?');
    await visitor.getByRole('button', { name: 'Hantar mesej' }).click();
    const success = visitor.getByTestId('contact-success');
    await expect(success).toContainText('nombor rujukan CU-');
    const reference = /CU-\d{6}/.exec((await success.textContent()) ?? '')![0];
    await visitor.screenshot({ path: testInfo.outputPath('visitor-sent-375-ms.png') });

    const [acknowledgement] = await mailsTo(request, visitorEmail, /^Kami telah menerima/);
    expect(acknowledgement!.subject).toBe(`Kami telah menerima mesej anda (${reference})`);
    expect(acknowledgement!.body).toContain('> Bilakah pinjaman saya akan dikeluarkan?');

    // Customer service, on a phone: the inbox is in their menu.
    const member = await createStaff(request, ['CUSTOMER_SERVICE']);
    const staff = await freshPage(browser, 375);
    await signInStaffInPage(staff, member);
    await staff.getByTestId('staff-menu-button').click();
    await staff
      .getByRole('navigation', { name: 'Back office sections' })
      .getByRole('link', { name: 'Contact inbox' })
      .click();
    await expect(staff).toHaveURL(/\/admin\/contact-messages$/);
    const filters = staff.getByRole('search');
    await filters.getByLabel('Name, email or reference').fill(reference);
    await filters.getByRole('button', { name: 'Show' }).click();
    await expect(staff.getByTestId('inbox-summary')).toHaveText('Showing 1 to 1 of 1 messages');
    await staff.screenshot({ path: testInfo.outputPath('inbox-375-en.png'), fullPage: true });
    await staff.getByRole('link', { name: `Open message ${reference} from Siti Aminah` }).click();
    await expect(staff.getByTestId('message-reference')).toHaveText(reference);
    await expect(staff.getByTestId('message-text')).toHaveText(
      'Bilakah pinjaman saya akan dikeluarkan?',
    );

    await staff.getByRole('button', { name: 'Take it myself' }).click();
    await expect(staff.getByText(/now holds this message\./)).toBeVisible();

    const answerForm = staff.getByRole('form', { name: 'Answer by email' });
    await expect(answerForm).toContainText(`${visitorEmail}, in Bahasa Melayu`);
    const answer =
      'Pinjaman anda akan dikeluarkan dalam masa dua hari bekerja selepas perjanjian ditandatangani.';
    await answerForm.getByLabel(/Your answer/).fill(answer);
    await answerForm.getByRole('button', { name: 'Send answer' }).click();
    await expect(staff.getByText('Your answer was emailed to the sender.')).toBeVisible();
    await expect(staff.getByTestId('contact-thread')).toContainText(answer);
    await staff.screenshot({ path: testInfo.outputPath('message-375-en.png'), fullPage: true });

    const closing = staff.getByRole('form', { name: 'Close the message' });
    await closing.getByLabel(/Why/).fill('Answered');
    await closing.getByRole('button', { name: 'Close message' }).click();
    await expect(staff.getByText('The message is closed.')).toBeVisible();
    await expect(staff.getByRole('form', { name: 'Answer by email' })).toHaveCount(0);

    const [reply] = await mailsTo(request, visitorEmail, /^Balasan kepada/);
    expect(reply!.subject).toBe(`Balasan kepada mesej anda (${reference})`);
    expect(reply!.body).toContain(answer);
    expect(reply!.body).toContain('> Bilakah pinjaman saya akan dikeluarkan?');

    // The inbox and a message are clean for axe in both languages, on a phone and a desktop.
    const second = await request.post('/arkcash/api/v1.0/contact-us', {
      data: { email: `second.${visitorEmail}`, comments: 'Can I repay early?', language: 'EN' },
    });
    const { id: openId } = (await second.json()) as { id: string };
    const found: string[] = [];
    for (const route of ['/admin/contact-messages', `/admin/contact-messages/${openId}`]) {
      for (const language of ['EN', 'MS']) {
        for (const width of [375, 1280]) {
          await staff.setViewportSize({ width, height: 800 });
          await staff.goto(`${route}?language=${language}`);
          found.push(...(await axeFindings(staff, `${route} ${language} ${width}px`)));
          await staff.screenshot({
            path: testInfo.outputPath(
              `${route.includes(openId) ? 'message' : 'inbox'}-${width}-${language}.png`,
            ),
            fullPage: true,
          });
        }
      }
    }
    expect(found).toEqual([]);
  });

  test('other staff are told the inbox is not theirs', async ({ browser, request }) => {
    const officer = await createStaff(request, ['CREDIT_OFFICER']);
    const staff = await freshPage(browser, 1280);
    await signInStaffInPage(staff, officer);
    await expect(
      staff
        .getByRole('navigation', { name: 'Back office sections' })
        .getByRole('link', { name: 'Contact inbox' }),
    ).toHaveCount(0);
    await staff.goto('/admin/contact-messages?language=EN');
    await expect(staff.getByTestId('inbox-not-allowed')).toContainText(
      'Only customer service and admins work the contact inbox.',
    );
  });
});
