import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from '@playwright/test';

import { type IsmsFake, startIsmsFake } from '../../api/src/testing/fakes/isms';
import { type MyInvoisFake, startMyInvoisFake } from '../../api/src/testing/fakes/myinvois';
import { type RazerFake, startRazerFake } from '../../api/src/testing/fakes/razer';
import { findPersonalData } from '../src/log-scan';
import { staffAdmin } from './auth-support';
import { approvedThroughStaffApi } from './offer-support';
import { disbursedThroughApi, repaymentWords } from './repayment-support';
import { createStaff, signInStaffInPage, staffSignInThroughApi } from './staff-support';
import { personOn, signInApplicant } from './underwriting-support';

// One journey on a platform of its own whose payment gateway, TIN check and SMS run on their real
// providers (Razer Merchant Services, LHDN MyInvois, iSMS), each against its contract fake started
// here: the signing code arrives by the SMS gateway, the TIN is validated by MyInvois, an
// instalment is paid on the gateway's page with its callbacks (repeated) booked once. The other
// services stay on their sandboxes. The platform and its fakes exist only while this file runs.

const expect = baseExpect.configure({ timeout: 30_000 });
const here = path.dirname(fileURLToPath(import.meta.url));

// The worker servers take E2E_PORT and the ports after it (two each, then one each for the
// second brand's gateway); this platform the next two.
const port = Number(process.env.E2E_PORT ?? 4173) + 3 * Number(process.env.E2E_SERVER_COUNT ?? 1);
const baseURL = `http://localhost:${port}`;
test.use({ baseURL });

const SECRETS = {
  verifyKey: 'e2e-razer-verify-9f3b2a71',
  secretKey: 'e2e-razer-secret-4c8d1e06',
  myinvois: 'e2e-myinvois-secret-62ad',
  isms: 'e2e-isms-password-0b7c',
  receipts: 'e2e-sms-receipts-5e19',
};
const MERCHANT = 'lender_e2e';

let razer: RazerFake;
let myinvois: MyInvoisFake;
let isms: IsmsFake;
let platform: ChildProcess;
let serverDir: string;
let workerServerDir: string | undefined;

async function healthy(): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (platform.exitCode !== null)
      throw new Error('the providers platform stopped while starting');
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the providers platform did not start in time');
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  razer = await startRazerFake({ merchantId: MERCHANT, ...SECRETS });
  myinvois = await startMyInvoisFake({ clientId: 'e2e-erp', clientSecret: SECRETS.myinvois });
  isms = await startIsmsFake({
    username: 'lender',
    password: SECRETS.isms,
    receiptUrl: `${baseURL}/api/providers/sms/receipts`,
    receiptSecret: SECRETS.receipts,
  });
  serverDir = path.join(process.env.E2E_RUN_DIR ?? fs.mkdtempSync('/tmp/e2e-'), 'providers');
  fs.mkdirSync(serverDir, { recursive: true });
  fs.copyFileSync(
    path.join(here, '../remotes/production.json'),
    path.join(serverDir, 'remotes.json'),
  );
  platform = spawn(process.execPath, ['bin/serve.mjs'], {
    cwd: path.join(here, '..'),
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(port + 1),
      DATABASE_URL: '',
      DATA_DIR: path.join(serverDir, 'data'),
      REMOTES_FILE: path.join(serverDir, 'remotes.json'),
      RELEASES_DIR: path.join(serverDir, 'releases'),
      API_LOG_FILE: path.join(serverDir, 'api.log'),
      EDGE_LOG_FILE: path.join(serverDir, 'edge.log'),
      EDGE: 'gateway',
      SIGN_IN_RATE_LIMIT: '1000',
      PASSWORD_LINK_RATE_LIMIT: '1000',
      PAYMENT_GATEWAY_PROVIDER: 'razer',
      PAYMENT_GATEWAY_MERCHANT_ID: MERCHANT,
      PAYMENT_GATEWAY_VERIFY_KEY: SECRETS.verifyKey,
      PAYMENT_GATEWAY_SECRET_KEY: SECRETS.secretKey,
      RAZER_PAYMENT_URL: razer.url,
      RAZER_API_URL: razer.url,
      TAX_AUTHORITY_PROVIDER: 'myinvois',
      MYINVOIS_URL: myinvois.url,
      MYINVOIS_CLIENT_ID: 'e2e-erp',
      MYINVOIS_CLIENT_SECRET: SECRETS.myinvois,
      SMS_PROVIDER: 'isms',
      ISMS_URL: isms.url,
      ISMS_USERNAME: 'lender',
      ISMS_PASSWORD: SECRETS.isms,
      ISMS_SENDER_ID: 'ARKCASH',
      SMS_RECEIPT_SECRET: SECRETS.receipts,
    },
  });
  await healthy();
  // The staff helpers read the first admin and the authenticator keys of "their" server.
  workerServerDir = process.env.E2E_SERVER_DIR;
  process.env.E2E_SERVER_DIR = serverDir;
});

test.afterAll(async () => {
  process.env.E2E_SERVER_DIR = workerServerDir;
  if (platform?.pid && platform.exitCode === null) {
    const stopped = new Promise((resolve) => platform.once('exit', resolve));
    process.kill(-platform.pid, 'SIGTERM');
    await stopped;
  }
  await Promise.all([razer?.close(), myinvois?.close(), isms?.close()]);
});

/** The newest six-digit code the SMS gateway took for the number. */
async function smsCodeFor(phoneE164: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const newest = isms.messages.filter((m) => `+${m.dstno}` === phoneE164).at(-1);
        code = newest ? /(?:is|ialah) (\d{6})\b/.exec(newest.msg)?.[1] : undefined;
        return code;
      },
      { message: `a code sent by the SMS gateway to ${phoneE164}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

test('a borrower signs with a code from the SMS gateway, has their TIN validated by MyInvois and pays on the gateway (MS)', async ({
  browser,
  request,
}) => {
  test.setTimeout(5 * 60_000);
  const w = repaymentWords('MS');
  const applicant = await approvedThroughStaffApi(request, 'MS');
  const { context, page } = await personOn(browser, { width: 375, height: 740 });
  await signInApplicant(page, w, applicant);
  const agreement = await disbursedThroughApi(page, request, applicant, smsCodeFor);

  // The SMS went to the gateway, in Malay, never to the sandbox outbox.
  const texts = isms.messages.filter((m) => `+${m.dstno}` === applicant.person.phone.e164);
  expect(texts.length).toBeGreaterThanOrEqual(2);
  expect(texts.every((m) => m.type === '1' && m.sendid === 'ARKCASH')).toBe(true);
  const outbox = await request.get(
    `/arkcash/api/v1.0/sandbox/outbox?to=${encodeURIComponent(applicant.person.phone.e164)}`,
  );
  expect(await outbox.json()).toEqual([]);
  // Its delivery receipt comes back from the gateway and is taken.
  const receipt = await isms.receipt(texts.at(-1)!.id, 'DELIVRD');
  expect(receipt).toEqual({ status: 200, body: 'OK' });

  // The TIN, checked with MyInvois against the borrower's own identity card.
  const tin = 'IG12345678901';
  myinvois.taxpayers.set(tin, {
    idType: 'NRIC',
    idValue: applicant.person.nric.replace(/\D/g, ''),
  });
  await page.goto('/request-e-invoice');
  const field = page.getByLabel(w('repayment.eInvoice.label'));
  await field.fill('IG99999999999');
  await page.getByRole('button', { name: w('repayment.eInvoice.validate') }).click();
  await expect(page.getByRole('alert')).toContainText('TIN tidak sah');
  await field.fill(tin);
  await page.getByRole('button', { name: w('repayment.eInvoice.validate') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: w('repayment.eInvoice.valid') }),
  ).toBeVisible();
  expect(myinvois.tokensIssued()).toBe(1);

  // An instalment paid on the gateway's page: its callbacks arrive twice before the browser.
  await page.goto('/repayment-schedule');
  await page.getByRole('link', { name: w('repayment.schedule.payNow') }).click();
  await page.getByRole('button', { name: w('repayment.payNow.pay'), exact: true }).click();
  await page.waitForURL((url) => url.href.startsWith(`${razer.url}/RMS/pay/${MERCHANT}/`));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/payment-result\?orderId=/);
  await expect(page.getByText(w('repayment.paymentResult.success'))).toBeVisible();
  const attempt = [...razer.transactions.values()].at(-1)!.at(-1)!;
  expect(razer.callbackAnswers.filter((a) => a.tranID === attempt.tranID)).toEqual([
    { tranID: attempt.tranID, status: 200, body: 'CBTOKEN:MPSTATOK' },
    { tranID: attempt.tranID, status: 200, body: 'CBTOKEN:MPSTATOK' },
  ]);
  // Late and again: still one payment.
  await razer.callback(attempt);
  expect(razer.callbackAnswers.at(-1)).toMatchObject({ status: 200, body: 'CBTOKEN:MPSTATOK' });
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const payments = await request.get(`/arkcash/api/v1.0/repayment/${agreement.id}/payments`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const history = (await payments.json()) as { items: { status: string; channel: string }[] };
  expect(
    history.items.filter((item) => item.status === 'PAID' && item.channel === 'FPX'),
  ).toHaveLength(1);
  await context.close();

  // The providers page tells an admin which provider ran, and how it answered.
  const admin = await staffSignInThroughApi(request, await createStaff(request, ['ADMIN']));
  const view = (await (
    await request.get('/api/admin/providers', {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    })
  ).json()) as { services: { service: string; provider: string; health: { calls: number } }[] };
  const named = Object.fromEntries(view.services.map((s) => [s.service, s]));
  expect(named.sms).toMatchObject({ provider: 'isms' });
  expect(named['payment-gateway']).toMatchObject({ provider: 'razer' });
  expect(named['tax-authority']).toMatchObject({ provider: 'myinvois' });
  expect(named.sms!.health.calls).toBeGreaterThanOrEqual(2);
  expect(JSON.stringify(view)).not.toMatch(new RegExp(Object.values(SECRETS).join('|')));

  // The same on the admin's phone, in Malay: readable at 375 px, and clean for axe.
  const staff = await personOn(browser, { width: 375, height: 740 });
  await signInStaffInPage(staff.page, staffAdmin(), 'MS');
  await staff.page.goto('/admin/providers?language=MS');
  const sms = staff.page.getByRole('region', { name: 'Mesej teks (SMS)' });
  await expect(sms).toContainText('isms');
  await expect(sms).toContainText('Ditetapkan (tersembunyi)');
  await expect(
    staff.page.getByRole('region', { name: 'Pembayaran keluar (DuitNow)' }),
  ).toContainText('Kotak pasir');
  const axe = await new AxeBuilder({ page: staff.page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(
    axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);
  expect(await staff.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    375,
  );
  await staff.context.close();

  // The platform's logs hold no secret of the providers, and nothing personal.
  for (const name of ['api.log', 'edge.log']) {
    const log = fs.readFileSync(path.join(serverDir, name), 'utf8');
    for (const secret of Object.values(SECRETS)) expect(log).not.toContain(secret);
    expect(findPersonalData(log)).toEqual([]);
  }
});
