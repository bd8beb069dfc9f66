// Repayment in a whole-journey spec: an approved borrower's loan brought to DISBURSED through the
// same APIs the screens and the back office call (offer accepted, a live-call attestation held and
// approved by two officers, direct debit approved at the sandbox bank, the agreement signed with
// the code from the sandbox outbox, the payout recorded by one person and sent by another), the
// words of the repayment screens, and what a downloaded PDF says.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { callDay, freeSlotAt, officeHours } from './live-call-support';
import type { Language } from './onboarding-support';
import { openDocumentsThroughApi, signingCodeFor } from './signing-support';
import { createStaff, staffSignInThroughApi } from './staff-support';
import { type SubmittedApplicant, underwritingWords } from './underwriting-support';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Tree = { [key: string]: string | Tree };

/**
 * The words of the screens: `repayment.` keys from the repayment remote's translation files, any
 * other from the underwriting words (login, home). A missing key fails the test.
 */
export function repaymentWords(language: Language) {
  const others = underwritingWords(language);
  const file = `mf-repayment/src/locales/${language === 'MS' ? 'ms' : 'en'}/mf-repayment.json`;
  const tree = JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as Tree;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const [name, ...parts] = key.split('.');
    if (name !== 'repayment') return others(key, values);
    let node: string | Tree | undefined = tree;
    for (const part of parts) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no ${language} text for ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, value: string) => String(values[value] ?? ''));
  };
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

async function borrowerHeaders(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  return { authorization: `Bearer ${token}` };
}

async function staffToken(request: APIRequestContext, roles: Parameters<typeof createStaff>[1]) {
  const member = await createStaff(request, roles);
  return (await staffSignInThroughApi(request, member)).accessToken;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A PDF's text as a reader copies it (the fonts are embedded, so the bytes do not show it). */
export function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-'));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The signed-in borrower on `page` takes the offer, is attested on a live call and sets up direct
 * debit: the agreement waits for signatures (PENDING_SIGNING). Answers its id and a reader of it.
 */
export async function readyToSignThroughApi(
  page: Page,
  request: APIRequestContext,
  applicant: SubmittedApplicant,
  /** The account the direct debit draws on (the sandbox bank fails some on purpose). */
  payerAccountNo = '512345678901',
) {
  const borrower = await borrowerHeaders(page);
  const mine = await ok<{ data: { id: string }[] }>(
    await page.request.get('/api/agreement/me', { headers: borrower }),
  );
  const agreementId = mine.data[0]!.id;
  const agreement = async () =>
    ok<{ id: string; agreementNo: string; status: string; version: number }>(
      await page.request.get(`/api/agreement/${agreementId}`, { headers: borrower }),
    );

  // The offer as it stands.
  await ok(
    await page.request.post(`/api/agreement/${agreementId}/accept`, {
      headers: borrower,
      data: { version: (await agreement()).version },
    }),
  );

  // A live call: an officer opens a slot, the borrower books it, both join the room, the officer
  // records the outcome and completes the attestation, and someone else approves it.
  await ok(
    await page.request.post(`/api/attestation/${agreementId}/option`, {
      headers: borrower,
      data: { option: 'LIVE_CALL' },
    }),
  );
  const officerToken = await staffToken(request, ['CREDIT_OFFICER']);
  const officer = bearer(officerToken);
  const { starts } = callDay(await officeHours(request, officerToken));
  const start = starts[starts.length - 1]!;
  await ok(
    await request.post('/api/staff/attestation/slots', {
      headers: officer,
      data: { startsAt: [start.toISOString()] },
    }),
  );
  const slotId = await freeSlotAt(page, agreementId, start);
  await ok(
    await page.request.post(`/api/attestation/${agreementId}/booking`, {
      headers: borrower,
      data: { slotId },
    }),
  );
  const attestation = await ok<{ booking: { id: string; meetingUrl: string } | null }>(
    await page.request.get(`/api/attestation/${agreementId}`, { headers: borrower }),
  );
  // The sandbox meeting room: the link alone lets each side in, as a hosted meeting's would.
  const room = new URL(attestation.booking!.meetingUrl).pathname;
  for (const role of ['host', 'guest']) {
    await ok(await request.post(`${room}/presence?role=${role}`));
  }
  await ok(
    await request.post(`/api/staff/attestation/bookings/${attestation.booking!.id}/outcome`, {
      headers: officer,
      data: { outcome: 'ATTESTED', notes: 'Borrower understood the terms.' },
    }),
  );
  await ok(
    await request.post(`/api/staff/attestation/reviews/${agreementId}/complete`, {
      headers: officer,
      data: { version: (await agreement()).version },
    }),
  );
  const approver = bearer(await staffToken(request, ['APPROVER']));
  await ok(
    await request.post(`/api/staff/attestation/reviews/${agreementId}/approve`, {
      headers: approver,
      data: { version: (await agreement()).version },
    }),
  );

  // Direct debit, approved at the sandbox bank.
  const { authorisationUrl } = await ok<{ authorisationUrl: string }>(
    await page.request.post(`/api/agreement/${agreementId}/direct-debit`, {
      headers: borrower,
      data: {
        payerName: applicant.person.name,
        payerIdType: 'NRIC',
        payerIdNo: applicant.person.nric,
        bankCode: 'MB2U0227',
        accountNo: payerAccountNo,
        language: applicant.language,
      },
    }),
  );
  await ok(
    await request.post(new URL(authorisationUrl, 'http://localhost').pathname, {
      headers: { accept: 'application/json' },
      data: { decision: 'approve' },
    }),
  );
  await expect.poll(async () => (await agreement()).status).toBe('PENDING_SIGNING');
  return { agreementId, agreement, borrower };
}

/**
 * The signed-in borrower on `page` takes the offer, is attested on a live call, sets up direct
 * debit, signs, and is paid out: the loan account opens. Answers the agreement.
 */
export async function disbursedThroughApi(
  page: Page,
  request: APIRequestContext,
  applicant: SubmittedApplicant,
  /** Where the signing code is read: the sandbox outbox unless the SMS goes elsewhere. */
  signingCode: (phoneE164: string) => Promise<string> = (phone) => signingCodeFor(request, phone),
  payerAccountNo?: string,
): Promise<{ id: string; agreementNo: string }> {
  const { agreementId, agreement, borrower } = await readyToSignThroughApi(
    page,
    request,
    applicant,
    payerAccountNo,
  );

  // Signed with the code sent by SMS, on the document the borrower was shown.
  const signing = await ok<{ documentSha256: string }>(
    await page.request.get(`/api/agreement/${agreementId}/signing`, { headers: borrower }),
  );
  await openDocumentsThroughApi(
    page.request,
    ['AGREEMENT', 'PDP_NOTICE', 'LOAN_TERMS'].map(
      (kind) => `/api/agreement/${agreementId}/signing/documents/${kind}`,
    ),
    borrower,
  );
  await ok(
    await page.request.post(`/api/agreement/${agreementId}/request-tac`, { headers: borrower }),
  );
  const code = await signingCode(applicant.person.phone.e164);
  await ok(
    await page.request.post(`/api/agreement/${agreementId}/sign`, {
      headers: borrower,
      data: { code, documentSha256: signing.documentSha256 },
    }),
  );
  await expect.poll(async () => (await agreement()).status).toBe('PENDING_DISBURSEMENT');

  // The payout: recorded by operations, sent by a second person.
  const maker = bearer(await staffToken(request, ['CREDIT_OFFICER']));
  const detail = await ok<{
    version: number;
    nominated: { bankId: number; accountName: string; accountNumber: string } | null;
  }>(await request.get(`/api/admin/disbursements/${agreementId}`, { headers: maker }));
  const [firstBank] = await ok<{ id: number }[]>(await request.get('/api/bank'));
  const recorded = await ok<{ payouts: { id: string }[] }>(
    await request.post(`/api/admin/disbursements/${agreementId}/record`, {
      headers: maker,
      data: {
        version: detail.version,
        bankId: detail.nominated?.bankId ?? firstBank!.id,
        accountName: detail.nominated?.accountName ?? applicant.person.name,
        accountNumber: detail.nominated?.accountNumber ?? '5123456789012',
      },
    }),
  );
  const checker = bearer(await staffToken(request, ['APPROVER']));
  await ok(
    await request.post(`/api/admin/disbursements/${agreementId}/confirm`, {
      headers: checker,
      data: { payoutId: recorded.payouts[0]!.id },
    }),
  );
  await expect.poll(async () => (await agreement()).status).toBe('DISBURSED');
  const done = await agreement();
  return { id: done.id, agreementNo: done.agreementNo };
}

/** The sandbox gateway's page: the buyer's answer, then back to the lender. */
export async function answerOnGateway(
  page: Page,
  answer: { outcome: 'paid' } | { outcome: 'failed'; reason: string },
  language: Language,
) {
  await page.waitForURL(/\/api\/sandbox\/razer\//);
  const words =
    language === 'MS'
      ? {
          paid: 'Berjaya',
          failed: 'Gagal',
          reason: 'Sebab kegagalan',
          back: 'Kembali kepada peniaga',
        }
      : {
          paid: 'Paid',
          failed: 'Failed',
          reason: 'Reason for the failure',
          back: 'Return to the merchant',
        };
  if (answer.outcome === 'failed') {
    await page.getByLabel(words.reason).selectOption({ label: answer.reason });
  }
  await page.getByRole('button', { name: words[answer.outcome], exact: true }).click();
  await page.getByRole('link', { name: words.back }).click();
}

/** The file a button downloads, as bytes. */
export async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** The newest message to `to` in the sandbox outbox whose subject or body has `text`. */
export async function expectMessage(request: APIRequestContext, to: string, text: string) {
  await expect
    .poll(
      async () => {
        const messages = await ok<{ subject?: string | null; body: string }[]>(
          await request.get(`/arkcash/api/v1.0/sandbox/outbox?to=${encodeURIComponent(to)}`),
        );
        return messages.some(
          (message) => (message.subject ?? '').includes(text) || message.body.includes(text),
        );
      },
      { message: `a message to ${to} with "${text}"`, timeout: 10_000 },
    )
    .toBe(true);
}
