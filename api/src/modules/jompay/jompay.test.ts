import { JOMPAY_PATHS, type TenantId } from '@lending/contracts';
import { addDays, addMonths, jompayRef1, luhnCheckDigit } from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import {
  agreementAt,
  type ApprovedApplicant,
  approvedApplicant,
  paidOut,
} from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { parseJompayFile, writeJompayFile } from './file-format';
import { SANDBOX_BILLER_CODES } from './service';

const INSTALMENT = 51_667;
const BILLER = SANDBOX_BILLER_CODES.arkcash;

describe('the JomPAY biller file', () => {
  const paidAt = new Date('2026-03-01T09:30:15+08:00');

  it('reads what it writes, amounts in whole sen', () => {
    const file = writeJompayFile({
      billerCode: BILLER,
      fileDate: paidAt,
      credits: [
        {
          transactionRef: 'JP0000000001',
          ref1: '20260001230',
          ref2: '',
          amountSen: 51_667,
          paidAt,
        },
        { transactionRef: 'JP0000000002', ref1: '20260001230', ref2: '', amountSen: 10, paidAt },
      ],
    });
    expect(file.split('\r\n')[0]).toBe(`H|${BILLER}|20260301|SBOX`);
    expect(file).toContain('D|1|JP0000000001|20260301|093015|20260001230||516.67|SBOX');
    expect(file).toContain('T|2|516.77');
    const read = parseJompayFile(file, BILLER);
    expect(read.ok && read.lines).toEqual([
      {
        ok: true,
        credit: expect.objectContaining({ lineNo: 1, amountSen: 51_667, paidAt }),
      },
      { ok: true, credit: expect.objectContaining({ lineNo: 2, amountSen: 10 }) },
    ]);
  });

  it('refuses a file of another biller, a broken frame and totals that do not add up', () => {
    const file = writeJompayFile({
      billerCode: BILLER,
      fileDate: paidAt,
      credits: [{ transactionRef: 'JP0000000003', ref1: '1', ref2: '', amountSen: 100, paidAt }],
    });
    expect(parseJompayFile(file, '12345')).toEqual(
      expect.objectContaining({ ok: false, error: 'WRONG_BILLER' }),
    );
    expect(parseJompayFile('', BILLER)).toEqual(
      expect.objectContaining({ ok: false, error: 'EMPTY_FILE' }),
    );
    expect(parseJompayFile(file.replace('H|', 'X|'), BILLER)).toEqual(
      expect.objectContaining({ ok: false, error: 'BAD_HEADER' }),
    );
    expect(parseJompayFile(file.replace(/T\|.*\r\n$/, ''), BILLER)).toEqual(
      expect.objectContaining({ ok: false, error: 'BAD_TRAILER' }),
    );
    expect(parseJompayFile(file.replace('T|1|1.00', 'T|1|2.00'), BILLER)).toEqual(
      expect.objectContaining({ ok: false, error: 'TRAILER_MISMATCH' }),
    );
  });
});

describe.each(databases())('JomPAY (%s)', (kind) => {
  const started = new Date();
  const clock = fixedClock(started);
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  async function disbursedLoan() {
    clock.set(started);
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
    return { approved, agreement, due: (n: number) => addMonths(firstDueDate, n - 1) };
  }

  const at = (date: string, time = '12:00') => clock.set(`${date}T${time}:00+08:00`);
  const viewer = (approved: ApprovedApplicant) => ({
    kind: 'applicant' as const,
    userId: approved.applicant.userId,
    tenant: 'arkcash' as TenantId,
    sessionId: '',
  });

  /** A file from the sandbox bank with these credits, through the staff endpoint. */
  async function sandboxFile(admin: StaffMember, credits: { ref1: string; amountSen: number }[]) {
    const made = await call('POST', JOMPAY_PATHS.sandboxFile, {
      token: admin.token,
      body: { credits },
    });
    expect(made.status).toBe(200);
    return String(made.body);
  }

  it('gives the borrower the biller code and their loan’s Ref-1, and no one else’s', async () => {
    const { approved, agreement } = await disbursedLoan();
    const answer = await call('GET', JOMPAY_PATHS.details(agreement.id), {
      token: approved.applicant.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      agreementId: agreement.id,
      agreementNo: agreement.agreementNo,
      billerCode: BILLER,
      ref1: jompayRef1(agreement.agreementNo),
    });
    const other = await approvedApplicant(db(), call);
    const refused = await call('GET', JOMPAY_PATHS.details(agreement.id), {
      token: other.applicant.token,
    });
    expect(refused.status).toBe(404);
    // Before payout there is no loan to pay into.
    const unpaid = await agreementAt(db(), other, 'PENDING_DISBURSEMENT');
    const notYet = await call('GET', JOMPAY_PATHS.details(unpaid.id), {
      token: other.applicant.token,
    });
    expect(notYet.status).toBe(404);
  });

  it('imports a biller file: checks every line, books the good ones once, reports each', async () => {
    const { approved, agreement, due } = await disbursedLoan();
    const ref1 = jompayRef1(agreement.agreementNo)!;
    // The last digit mistyped: the check digit catches it.
    const typo = `${ref1.slice(0, -2)}${(Number(ref1.at(-2)) + 1) % 10}${ref1.at(-1)}`;
    // A well-formed Ref-1 of an agreement that does not exist.
    const unknownPayload = '2026999999';
    const unknown = `${unknownPayload}${luhnCheckDigit(unknownPayload)}`;
    // Paid at the bank on the due date, imported the next morning.
    at(due(1), '20:00');
    const admin = await staffMember(db(), call, ['ADMIN']);
    const file = await sandboxFile(admin, [
      { ref1, amountSen: INSTALMENT },
      { ref1: typo, amountSen: 100 },
      { ref1: unknown, amountSen: 100 },
      { ref1, amountSen: 0 },
    ]);
    // A line the bank garbled, and the trailer's totals kept right.
    const garbled = file.replace(/\r\nT\|4\|(\d+\.\d{2})/, (_match, total: string) => {
      return `\r\nD|5|bad line\r\nT|5|${total}`;
    });
    at(addDays(due(1), 1), '09:00');
    const importer = await staffMember(db(), call, ['ADMIN']);
    const imported = await call('POST', JOMPAY_PATHS.imports, {
      token: importer.token,
      body: { fileName: 'jompay-day1.txt', content: garbled },
    });
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual(
      expect.objectContaining({
        fileError: null,
        lineCount: 5,
        appliedCount: 1,
        duplicateCount: 0,
        rejectedCount: 4,
        appliedSen: INSTALMENT,
      }),
    );
    const lines = imported.body.lines as { outcome: string; reason: string | null }[];
    expect(lines.map((line) => [line.outcome, line.reason])).toEqual([
      ['APPLIED', null],
      ['REJECTED', 'BAD_CHECK_DIGIT'],
      ['REJECTED', 'UNKNOWN_REF1'],
      ['REJECTED', 'AMOUNT_NOT_POSITIVE'],
      ['REJECTED', 'MALFORMED_LINE'],
    ]);
    expect(imported.body.lines[0]).toEqual(
      expect.objectContaining({
        agreementNo: agreement.agreementNo,
        amountSen: INSTALMENT,
        receiptNo: expect.stringMatching(/^OR\d{8}$/),
      }),
    );

    // Booked as a JomPAY payment, as of the day it was paid at the bank: no late charge.
    const payments = await db()
      .select()
      .from(t.payments)
      .where(eq(t.payments.agreementId, agreement.id));
    expect(payments).toEqual([
      expect.objectContaining({ channel: 'JOMPAY', amountSen: INSTALMENT, businessDate: due(1) }),
    ]);
    const schedule = await app.app.repayments.schedule(viewer(approved), agreement.id);
    expect(schedule.instalments[0]).toEqual(
      expect.objectContaining({ status: 'PAID', lateChargesSen: 0 }),
    );
    const history = await app.app.repayments.paymentHistory(viewer(approved), agreement.id);
    expect(history.items).toEqual([
      expect.objectContaining({
        status: 'PAID',
        channel: 'JOMPAY',
        receiptNo: payments[0]!.receiptNo,
      }),
    ]);

    // The same file again books nothing: its credit is a duplicate of the first import's.
    at(addDays(due(1), 1), '09:05');
    const again = await call('POST', JOMPAY_PATHS.imports, {
      token: importer.token,
      body: { fileName: 'jompay-day1-again.txt', content: garbled },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(
      expect.objectContaining({ appliedCount: 0, duplicateCount: 1, rejectedCount: 4 }),
    );
    expect(again.body.lines[0]).toEqual(
      expect.objectContaining({
        outcome: 'DUPLICATE',
        reason: 'DUPLICATE_TRANSACTION',
        receiptNo: payments[0]!.receiptNo,
      }),
    );
    const after = await db()
      .select()
      .from(t.payments)
      .where(eq(t.payments.agreementId, agreement.id));
    expect(after).toHaveLength(1);

    // The imports are listed, newest first, and each can be read again.
    const list = await call('GET', JOMPAY_PATHS.imports, { token: importer.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual(expect.objectContaining({ billerCode: BILLER, sandbox: true }));
    expect(list.body.items.slice(0, 2).map((item: { id: string }) => item.id)).toEqual([
      again.body.id,
      imported.body.id,
    ]);
    const detail = await call('GET', JOMPAY_PATHS.importDetail(imported.body.id), {
      token: importer.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.lines).toEqual(imported.body.lines);
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `jompay-import:${imported.body.id}`));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'jompay.imported', actor: `staff:${importer.id}` }),
    ]);
  });

  it('refuses a whole file whose frame is broken, and books nothing from it', async () => {
    const { agreement } = await disbursedLoan();
    const admin = await staffMember(db(), call, ['ADMIN']);
    const file = await sandboxFile(admin, [
      { ref1: jompayRef1(agreement.agreementNo)!, amountSen: 5_000 },
    ]);
    const wrongTotal = file.replace('T|1|50.00', 'T|1|60.00');
    const imported = await call('POST', JOMPAY_PATHS.imports, {
      token: admin.token,
      body: { fileName: 'truncated.txt', content: wrongTotal },
    });
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual(
      expect.objectContaining({ fileError: 'TRAILER_MISMATCH', lineCount: 0, appliedCount: 0 }),
    );
    const payments = await db()
      .select()
      .from(t.payments)
      .where(eq(t.payments.agreementId, agreement.id));
    expect(payments).toEqual([]);
  });

  it('is for finance and admins only, and the sandbox file only for the sandbox biller', async () => {
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const denied = await call('POST', JOMPAY_PATHS.imports, {
      token: officer.token,
      body: { fileName: 'x.txt', content: 'H|1|2|3' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(denied.body).not.toHaveProperty('items');
    const listedForOfficer = await call('GET', JOMPAY_PATHS.imports, { token: officer.token });
    expect(listedForOfficer.status).toBe(403);
    expect(listedForOfficer.body).not.toHaveProperty('items');
    const finance = await staffMember(db(), call, ['FINANCE']);
    const listed = await call('GET', JOMPAY_PATHS.imports, { token: finance.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveProperty('items');
    const checked = await call('POST', JOMPAY_PATHS.imports, {
      token: finance.token,
      body: { fileName: 'x.txt', content: 'H|1|2|3' },
    });
    expect(checked.status).toBe(201);
    expect(checked.body).toMatchObject({ appliedCount: 0 });
    const real = await openTestApp(kind, { jompayBillerCodes: { arkcash: '54321' } });
    try {
      const realCall = caller(real.app);
      const admin = await staffMember(real.db.orm, realCall, ['ADMIN']);
      const refused = await realCall('POST', JOMPAY_PATHS.sandboxFile, {
        token: admin.token,
        body: { credits: [{ ref1: '1', amountSen: 1 }] },
      });
      expect(refused.status).toBe(409);
      const list = await realCall('GET', JOMPAY_PATHS.imports, { token: admin.token });
      expect(list.body).toEqual(expect.objectContaining({ billerCode: '54321', sandbox: false }));
    } finally {
      await real.close();
    }
  });
});
