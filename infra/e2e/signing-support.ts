// Signing in a whole-journey spec: the borrower signs on the loan-status screens with the code the
// sandbox outbox holds, and a guarantor completes their signing from the link they were sent,
// proving their identity on the eKYC capture page at phone width (375 px).
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

interface OutboxMessage {
  id: string;
  body: string;
}

async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(
    `/arkcash/api/v1.0/sandbox/outbox?to=${encodeURIComponent(to)}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/** The signing code of the newest SMS to `phoneNo` (the agreement number has digits too). */
export async function signingCodeFor(request: APIRequestContext, phoneNo: string) {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const [newest] = await outboxFor(request, phoneNo);
        code = newest ? /(?:is|ialah) (\d{6})\b/.exec(newest.body)?.[1] : undefined;
        return code;
      },
      { message: `a signing code sent to ${phoneNo}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** The link token of the newest guarantor invitation sent to the address or number. */
export async function guarantorLinkFor(request: APIRequestContext, to: string) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const [newest] = await outboxFor(request, to);
        link = newest
          ? /(\S+\/guarantor-signing\/identity-verification\?token=[\w-]+(?:&language=[A-Z]{2})?)/.exec(
              newest.body,
            )?.[1]
          : undefined;
        return link;
      },
      { message: `a guarantor link sent to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return { link: link!, token: new URL(link!).searchParams.get('token')! };
}

/**
 * The signer opens every document on the reading screen in turn, each drawn in the page (its
 * first page on a canvas) and then shown as opened.
 */
export async function readEveryDocument(page: Page) {
  const sections = page.locator('[data-testid^="signing-document-"]');
  await expect(sections.first()).toBeVisible();
  const count = await sections.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    const section = sections.nth(index);
    await section.getByRole('button', { name: /^(Read the|Baca) / }).click();
    await expect(section.locator('[data-testid="pdf-page"][data-drawn]').first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(section.getByText(/^(Opened|Telah dibuka)$/)).toBeVisible();
  }
}

/** What a signer opens through the API, as the reading screen does: each document's bytes. */
export async function openDocumentsThroughApi(
  request: APIRequestContext,
  paths: string[],
  headers: Record<string, string>,
) {
  for (const path of paths) {
    const opened = await request.get(path, { headers });
    expect(opened.headers()['content-type']).toBe('application/pdf');
  }
}

/**
 * The signed-in borrower on `page` reads the agreement and the notices, asks for the code, signs
 * with the code from the outbox and lands on the completion screen.
 */
export async function signAsBorrower(
  page: Page,
  request: APIRequestContext,
  options: { agreementId: string; phoneNo: string },
) {
  await page.goto(`/loan-status/loan-agreement?agreementId=${options.agreementId}`);
  await readEveryDocument(page);
  await page.getByRole('checkbox').check({ force: true });
  await page
    .getByRole('button', { name: /Continue to sign|Teruskan untuk menandatangani/ })
    .click();
  await expect(page).toHaveURL(/\/loan-status\/request-tac/);
  await page.getByRole('button', { name: /^(Send code|Hantar kod)$/ }).click();
  await expect(page.getByRole('status')).toBeVisible();
  const code = await signingCodeFor(request, options.phoneNo);
  await page.getByRole('button', { name: /Enter the code|Masukkan kod/ }).click();
  await expect(page).toHaveURL(/\/loan-status\/digital-signing/);
  await page.getByLabel(/Signing code|Kod tandatangan/).fill(code);
  await page.getByRole('button', { name: /Sign the agreement|Tandatangani perjanjian/ }).click();
  await expect(page).toHaveURL(/\/loan-status\/application-complete/);
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A guarantor completes their signing from their link: identity verified on the eKYC capture
 * page opened at 375 px, the agreement read, the code from the outbox, the signature.
 */
export async function completeGuarantorSigning(
  browser: Browser,
  request: APIRequestContext,
  options: { to: string; phoneNo: string; identityCardNo: string },
) {
  const { token } = await guarantorLinkFor(request, options.to);
  const auth = { Authorization: `Bearer ${token}` };
  const link = await request.get('/api/guarantor/token', { headers: auth });
  expect(link.ok()).toBe(true);
  const { guarantorId } = (await link.json()) as { guarantorId: string };
  const started = await request.post(`/api/agreement/guarantor/${guarantorId}/ekyc`, {
    headers: auth,
  });
  expect(started.ok()).toBe(true);
  const { captureUrl } = (await started.json()) as { captureUrl: string };

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(captureUrl);
  await page.locator('input[name="consent"]').check();
  await page.locator('input[name="identityCardNo"]').fill(options.identityCardNo);
  for (const name of ['idFront', 'idBack', 'selfie']) {
    await page
      .locator(`input[name="${name}"]`)
      .setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: PNG });
  }
  await page.locator('form [type="submit"]').click();
  await context.close();

  const verified = await request.get('/api/guarantor/token', { headers: auth });
  const state = (await verified.json()) as { status: string; documentSha256: string };
  expect(state.status).toBe('VERIFIED');
  const preview = await request.get(`/api/agreement/guarantor/${guarantorId}/preview/download`, {
    headers: auth,
  });
  expect(preview.headers()['content-type']).toBe('application/pdf');
  await openDocumentsThroughApi(
    request,
    ['GUARANTEE', 'PDP_NOTICE'].map(
      (kind) => `/api/agreement/guarantor/${guarantorId}/documents/${kind}`,
    ),
    auth,
  );
  const sent = await request.post(`/api/agreement/guarantor/${guarantorId}/request-tac`, {
    headers: auth,
  });
  expect(sent.ok()).toBe(true);
  const code = await signingCodeFor(request, options.phoneNo);
  const signed = await request.post(`/api/agreement/guarantor/${guarantorId}/sign`, {
    headers: auth,
    data: { code, documentSha256: state.documentSha256 },
  });
  expect(signed.ok()).toBe(true);
  return (await signed.json()) as { status: string };
}

const GUARANTOR = {
  start: /^(Verify my identity|Sahkan identiti saya)$/,
  open: /^(Open the verification page|Buka halaman pengesahan)$/,
  verified: /Your identity is verified|Identiti anda telah disahkan/,
  toAgreement: /^(Continue to the agreement|Teruskan ke perjanjian)$/,
  read: /I have read and understood my guarantee|Saya telah membaca dan memahami jaminan saya/,
  toSign: /^(Continue to sign|Teruskan untuk menandatangani)$/,
  send: /^(Send code|Hantar kod)$/,
  sent: /Code sent to|Kod dihantar ke/,
  haveCode: /^(I have the code|Saya sudah menerima kod)$/,
  code: /^(Signing code|Kod tandatangan)$/,
  sign: /^(Sign the agreement|Tandatangani perjanjian)$/,
  done: /You have signed agreement|Anda telah menandatangani perjanjian/,
};

/**
 * A guarantor signs entirely on the screens, in a browser of their own at phone width: they open
 * the link from their message, verify their identity on the eKYC page the screen opens, read the
 * agreement, ask for the code, and sign with the code from the outbox. Nothing spills sideways.
 */
export async function signAsGuarantorOnPhone(
  browser: Browser,
  request: APIRequestContext,
  options: {
    to: string;
    phoneNo: string;
    identityCardNo: string;
    /** Called at each screen the guarantor passes (a walk keeps a picture of each). */
    shoot?: (page: Page, screen: string) => Promise<void>;
  },
) {
  const shoot = options.shoot ?? (async () => undefined);
  const { link } = await guarantorLinkFor(request, options.to);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('button', { name: GUARANTOR.start })).toBeVisible();
  await shoot(page, 'identity');
  await page.getByRole('button', { name: GUARANTOR.start }).click();
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: GUARANTOR.open }).click();
  const capture = await opened;
  await capture.locator('input[name="consent"]').check();
  await capture.locator('input[name="identityCardNo"]').fill(options.identityCardNo);
  for (const name of ['idFront', 'idBack', 'selfie']) {
    await capture
      .locator(`input[name="${name}"]`)
      .setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: PNG });
  }
  await capture.locator('form [type="submit"]').click();
  await capture.waitForLoadState();
  await capture.close();

  // The link's screen follows the verification by itself.
  await expect(page.getByRole('status').filter({ hasText: GUARANTOR.verified })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: GUARANTOR.toAgreement }).click();
  await expect(page).toHaveURL(/\/guarantor-signing\/loan-agreement\?token=/);
  await expect(page.locator('[data-testid^="signing-document-"]').first()).toBeVisible();
  await shoot(page, 'documents');
  await readEveryDocument(page);
  await shoot(page, 'documents-read');
  await page.getByText(GUARANTOR.read).click();
  await page.getByRole('button', { name: GUARANTOR.toSign }).click();
  await expect(page).toHaveURL(/\/guarantor-signing\/request-tac\?token=/);
  await shoot(page, 'request-code');
  await page.getByRole('button', { name: GUARANTOR.send }).click();
  await expect(page.getByRole('status').filter({ hasText: GUARANTOR.sent })).toBeVisible();
  const code = await signingCodeFor(request, options.phoneNo);
  await page.getByRole('button', { name: GUARANTOR.haveCode }).click();
  await expect(page).toHaveURL(/\/guarantor-signing\/digital-signing\?token=/);
  await page.getByLabel(GUARANTOR.code).fill(code);
  await page.getByRole('button', { name: GUARANTOR.sign }).click();
  await expect(page).toHaveURL(/\/guarantor-signing\/signing-complete\?token=/);
  await expect(page.getByRole('status').filter({ hasText: GUARANTOR.done })).toBeVisible();
  await shoot(page, 'complete');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
}
