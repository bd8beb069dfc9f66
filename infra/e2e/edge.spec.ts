// The edge in front of the built platform: the local gateway in the usual run, nginx on its
// production configuration in the run with EDGE=nginx. Documents of every allowed size reach the
// API and a larger one is refused with the limit, in the reader's language; slow, abandoned and
// `Expect: 100-continue` requests leave everyone else served. (An API that dies or stops is
// tried on both edges in infra/src/edge-abuse.test.ts, where the API is a stand-in.)
import { expect, test } from '@playwright/test';

import { type Answer, MIB, RawConnection, requestHead, send } from '../src/edge-testing';
import {
  documentBlock,
  documentPicker,
  newPerson,
  openDraftThroughApi,
  pdfOfSize,
  signInFromDialog,
  type UploadFile,
  wordsOf,
} from './onboarding-support';

const port = Number(process.env.E2E_SERVER_PORT);

/** A document upload as the browser sends it, on a connection of its own. */
function upload(
  accessToken: string,
  fields: { applicationId: string; fileType: string },
  file: UploadFile,
  language = 'en',
): Promise<Answer> {
  const boundary = `----edge-${Date.now()}`;
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(part('applicationId', fields.applicationId) + part('fileType', fields.fileType)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.mimeType}\r\n\r\n`,
    ),
    file.buffer,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return send(port, {
    method: 'POST',
    url: '/arkcash/api/v1.0/file',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
      'accept-language': language,
    },
    body,
  });
}

test('a borrower uploads a 2 MB bank statement, and sees it stored', async ({ page, request }) => {
  const w = wordsOf('EN');
  const person = newPerson('SOLE_PROP');
  await openDraftThroughApi(request, person);
  await signInFromDialog(page, person.email, person.password);
  await page.goto('/application/document-upload');
  const statement = pdfOfSize('bank-statement-2mb.pdf', 2 * MIB);
  await documentPicker(page, w, 'BANK_STATEMENT', 'EN').setInputFiles(statement);
  const bank = documentBlock(page, 'BANK_STATEMENT', 'EN');
  await expect(bank.getByText(w('documents.state.satisfied'), { exact: true })).toBeVisible();
  await page.reload();
  await expect(bank.getByRole('button', { name: statement.name, exact: true })).toBeVisible();
});

test('documents of 1 KB, 4.9 MB and 9.9 MB are stored; 10.1 MB is refused with the limit, in both languages', async ({
  request,
}) => {
  const { accessToken, applicationId } = await openDraftThroughApi(request, newPerson('SOLE_PROP'));
  for (const [fileType, size] of [
    ['SSM_DOCUMENT', 1024],
    ['FORM_EA_OR_BE', 4.9 * MIB],
    ['BANK_STATEMENT', 9.9 * MIB],
  ] as const) {
    const stored = await upload(
      accessToken,
      { applicationId, fileType },
      pdfOfSize(`${fileType.toLowerCase()}.pdf`, Math.round(size)),
    );
    expect([fileType, stored.status, stored.body.length > 0]).toEqual([fileType, 201, true]);
  }
  for (const [language, message] of [
    ['en', 'File must be smaller than 10 MB'],
    ['ms', 'Fail mestilah lebih kecil daripada 10 MB'],
  ]) {
    const refused = await upload(
      accessToken,
      { applicationId, fileType: 'OTHER' },
      pdfOfSize('too-large.pdf', Math.round(10.1 * MIB)),
      language,
    );
    expect([refused.status, JSON.parse(refused.body)]).toEqual([
      413,
      { statusCode: 413, error: 'Payload Too Large', code: 'PAYLOAD_TOO_LARGE', message },
    ]);
  }
});

test('slow, abandoned and Expect: 100-continue requests leave the platform serving', async ({
  request,
}) => {
  const attackers: RawConnection[] = [];
  for (let i = 0; i < 150; i++) {
    // From another address than the test's own: each address has its own ceiling.
    const attacker = new RawConnection(port, '127.0.0.2');
    attackers.push(attacker);
    attacker.send(
      i % 3 === 2
        ? 'GET /api/health HTTP/1.1\r\nHost: edge.test\r\nX-a: 1\r\n'
        : requestHead('POST', '/api/auth/login', {
            'Content-Type': 'application/json',
            'Content-Length': 100_000,
          }) + '{',
    );
  }
  // One more gives up half-way through its body.
  const abandoned = new RawConnection(port);
  abandoned.send(
    requestHead('POST', '/api/auth/login', {
      'Content-Type': 'application/json',
      'Content-Length': 500_000,
    }) + ' '.repeat(50_000),
  );
  abandoned.close();

  for (let i = 0; i < 10; i++) {
    const started = Date.now();
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
  }
  const page = await request.get('/faq', { headers: { accept: 'text/html' } });
  expect(page.status()).toBe(200);

  // The go-ahead comes from the edge; the API gets the body (and reads it: a sign-in without a
  // password is refused for that), never the expectation.
  const expecting = new RawConnection(port);
  const body = JSON.stringify({ email: 'someone@example.com' });
  expecting.send(
    requestHead('POST', '/api/auth/login', {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Expect: '100-continue',
    }),
  );
  expect((await expecting.next(5_000, true))?.status).toBe(100);
  expecting.send(body);
  const refused = await expecting.next();
  expect([refused?.status, JSON.parse(refused?.body ?? '{}').code]).toEqual([
    400,
    'VALIDATION_FAILED',
  ]);
  // The same connection serves the next request.
  expecting.send(requestHead('GET', '/api/health'));
  expect((await expecting.next())?.status).toBe(200);
  expecting.close();

  for (const attacker of attackers) attacker.close();
  expect((await request.get('/api/health')).status()).toBe(200);
});

test('a body too large for its route is refused, and the connection answers or closes, never hangs', async () => {
  const connection = new RawConnection(port);
  connection.send(
    requestHead('POST', '/api/auth/login', {
      'Content-Type': 'application/json',
      'Content-Length': 2 * MIB,
      'Accept-Language': 'ms',
    }),
  );
  connection.send(' '.repeat(64 * 1024));
  const refused = await connection.next();
  expect([refused?.status, JSON.parse(refused?.body ?? '{}').message]).toEqual([
    413,
    'Kandungan permintaan terlalu besar',
  ]);
  // Told to close (the rest of the body is not read), or ready for the next request.
  if (refused?.headers.connection !== 'close') {
    connection.send(requestHead('GET', '/api/health'));
    expect((await connection.next(5_000))?.status).toBe(200);
  }
  connection.close();
});
