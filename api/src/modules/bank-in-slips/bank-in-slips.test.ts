// A payment by bank transfer, shown with its bank-in slip: the borrower sends the slip (checked as
// uploaded documents are), finance decides. At or below the settings' amount one approval books
// the payment as any payment is booked (receipt, allocation, ledger entry); above it a second,
// different person confirms. A rejection carries a reason the borrower is told in their language.
// Only the borrower of the loan sees their slips; only finance and admin decide.
import { BANK_IN_SLIP_PATHS, type TenantId } from '@lending/contracts';
import { and, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock, malaysiaToday } from '../../kernel/clock';
import {
  agreementAt,
  type ApprovedApplicant,
  approvedApplicant,
  paidOut,
} from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { multipart, pdf, png } from '../../testing/files';
import { entriesOfLoan } from '../../testing/ledger';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';

const SMALL = 20_000;
const LARGE = 600_000;

describe.each(databases('concurrency'))('bank-in slips (%s)', (kind) => {
  const { it, everywhere } = testsOn(kind);
  const clock = fixedClock(new Date());
  const today = malaysiaToday(clock);
  let app: TestApp;
  let call: Caller;
  let officer: StaffMember;
  let approver: StaffMember;
  let finance: StaffMember;
  let secondFinance: StaffMember;
  let admin: StaffMember;
  let service: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
    officer = await staffMember(app.db.orm, call, ['CREDIT_OFFICER']);
    approver = await staffMember(app.db.orm, call, ['APPROVER']);
    finance = await staffMember(app.db.orm, call, ['FINANCE']);
    secondFinance = await staffMember(app.db.orm, call, ['FINANCE']);
    admin = await staffMember(app.db.orm, call, ['ADMIN']);
    service = await staffMember(app.db.orm, call, ['CUSTOMER_SERVICE']);
  }, 60_000);
  afterAll(() => app.close());
  const db = () => app.db.orm;

  async function loan(language: 'EN' | 'MS' = 'EN') {
    const approved = await approvedApplicant(db(), call, { language });
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    await paidOut(db(), call, agreement, { officer, approver });
    await app.app.settle();
    return { approved, agreement };
  }

  const viewer = (approved: ApprovedApplicant) => ({
    kind: 'applicant' as const,
    userId: approved.applicant.userId,
    tenant: 'arkcash' as TenantId,
    sessionId: '',
  });

  function send(
    approved: ApprovedApplicant,
    agreementId: string,
    fields: { amountSen?: number; paidOn?: string },
    file = { filename: 'slip.pdf', content: pdf(), contentType: 'application/pdf' },
    headers: Record<string, string> = {},
  ) {
    const form = multipart([
      { name: 'amountSen', value: String(fields.amountSen ?? SMALL) },
      { name: 'paidOn', value: fields.paidOn ?? today },
      { name: 'file', file },
    ]);
    return app.app.inject({
      method: 'POST',
      url: BANK_IN_SLIP_PATHS.borrowerSlips(agreementId),
      headers: {
        authorization: `Bearer ${approved.applicant.token}`,
        'content-type': form.contentType,
        ...headers,
      },
      payload: form.payload,
    });
  }

  const queue = (member: StaffMember, status = 'OPEN') =>
    call('GET', `${BANK_IN_SLIP_PATHS.queue}?status=${status}`, { token: member.token });
  const approve = (slipId: string, member: StaffMember) =>
    call('POST', BANK_IN_SLIP_PATHS.approve(slipId), { token: member.token });
  const reject = (slipId: string, member: StaffMember, body: object) =>
    call('POST', BANK_IN_SLIP_PATHS.reject(slipId), { token: member.token, body });
  const mailsTo = (email: string) =>
    db().select().from(t.outbox).where(eq(t.outbox.recipient, email));
  const auditOf = (slipId: string) =>
    db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `bank-in-slip:${slipId}`));

  it('refuses a slip of the wrong type or over 5 MB, and one sent twice', async () => {
    const { approved, agreement } = await loan();
    const text = await send(
      approved,
      agreement.id,
      {},
      {
        filename: 'slip.pdf',
        content: Buffer.from('not a pdf, whatever its name says'),
        contentType: 'application/pdf',
      },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Only PDF, PNG or JPEG files are accepted');
    const large = await send(
      approved,
      agreement.id,
      {},
      {
        filename: 'big.pdf',
        content: pdf(5 * 1024 * 1024 + 1),
        contentType: 'application/pdf',
      },
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('File must be smaller than 5MB');
    const badAmount = await send(approved, agreement.id, { amountSen: 0 });
    expect(badAmount.statusCode).toBe(400);
    const future = await send(approved, agreement.id, { paidOn: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(
      await db().select().from(t.bankInSlips).where(eq(t.bankInSlips.agreementId, agreement.id)),
    ).toEqual([]);

    const content = pdf();
    const sent = await send(
      approved,
      agreement.id,
      {},
      {
        filename: 'slip.pdf',
        content,
        contentType: 'application/pdf',
      },
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'SUBMITTED', amountSen: SMALL, paidOn: today });
    // The same bytes renamed, and another slip for the same amount and day, are refused.
    const renamed = await send(
      approved,
      agreement.id,
      { amountSen: SMALL + 1 },
      {
        filename: 'renamed.pdf',
        content,
        contentType: 'application/pdf',
      },
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe('This file has already been uploaded');
    const again = await send(approved, agreement.id, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You have already sent a slip for this amount and date; wait for our check',
    );
    // In Malay for a reader who prefers it.
    const png1 = { filename: 'slip.png', content: png(), contentType: 'image/png' };
    const malay = await send(approved, agreement.id, {}, png1, { 'accept-language': 'ms' });
    expect(malay.json().message).toBe(
      'Anda telah menghantar slip untuk amaun dan tarikh ini; tunggu semakan kami',
    );
    const mine = await call('GET', BANK_IN_SLIP_PATHS.borrowerSlips(agreement.id), {
      token: approved.applicant.token,
    });
    expect(mine.body.items).toEqual([
      expect.objectContaining({ status: 'SUBMITTED', amountSen: SMALL, rejectReason: null }),
    ]);
  });

  it('books a slip at or below the limit on one approval, as any payment is booked', async () => {
    const { approved, agreement } = await loan();
    const before = await app.app.repayments.schedule(viewer(approved), agreement.id);
    const sent = await send(approved, agreement.id, {});
    const slipId = sent.json().id as string;

    const listed = await queue(finance);
    expect(listed.body.secondApprovalAboveSen).toBe(500_000);
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({
        id: slipId,
        agreementNo: agreement.agreementNo,
        amountSen: SMALL,
        approvalsNeeded: 1,
        actions: { approve: { allowed: true }, reject: { allowed: true } },
      }),
    );
    const file = await call('GET', BANK_IN_SLIP_PATHS.file(slipId), { token: finance.token });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.body)).toContain('%PDF-1.4');

    const approved1 = await approve(slipId, finance);
    expect(approved1.status).toBe(200);
    expect(approved1.body).toMatchObject({ status: 'APPROVED', decidedBy: finance.id });
    const receiptNo = approved1.body.receiptNo as string;
    expect(receiptNo).toBeTruthy();

    const after = await app.app.repayments.schedule(viewer(approved), agreement.id);
    expect(after.paidSen - before.paidSen).toBe(SMALL);
    const [payment] = await db()
      .select()
      .from(t.payments)
      .where(
        and(eq(t.payments.agreementId, agreement.id), eq(t.payments.channel, 'BANK_TRANSFER')),
      );
    expect(payment).toMatchObject({ amountSen: SMALL, receiptNo, externalRef: `slip:${slipId}` });
    const allocations = await db()
      .select()
      .from(t.paymentAllocations)
      .where(eq(t.paymentAllocations.paymentId, payment!.id));
    expect(allocations.reduce((sum, row) => sum + row.amountSen, 0)).toBe(SMALL);
    const entries = await entriesOfLoan(db(), payment!.accountId);
    expect(entries.filter((entry) => entry.event === 'PAYMENT')).toEqual([
      expect.objectContaining({ reference: `${receiptNo} BANK_TRANSFER` }),
    ]);
    expect(
      (await auditOf(slipId)).map((row) => [row.action, row.fromStatus, row.toStatus]),
    ).toEqual(
      expect.arrayContaining([
        ['bank_in_slip.submitted', null, 'SUBMITTED'],
        ['bank_in_slip.approved', 'SUBMITTED', 'APPROVED'],
      ]),
    );

    await app.app.settle();
    const receipts = await db()
      .select()
      .from(t.paymentReceipts)
      .where(eq(t.paymentReceipts.paymentId, payment!.id));
    expect(receipts).toHaveLength(1);
    const subjects = (await mailsTo(approved.applicant.email)).map((mail) => mail.subject);
    expect(subjects).toContain(`Your bank-in slip was accepted (${agreement.agreementNo})`);

    // Decided is decided: not approved or rejected again.
    expect((await approve(slipId, secondFinance)).status).toBe(409);
    expect((await reject(slipId, secondFinance, { reason: 'UNREADABLE' })).status).toBe(409);
    const mine = await call('GET', BANK_IN_SLIP_PATHS.borrowerSlips(agreement.id), {
      token: approved.applicant.token,
    });
    expect(mine.body.items[0]).toMatchObject({ status: 'APPROVED', receiptNo });
  });

  everywhere('needs a second, different person above the limit', async () => {
    const { approved, agreement } = await loan();
    const sent = await send(approved, agreement.id, { amountSen: LARGE });
    const slipId = sent.json().id as string;

    const first = await approve(slipId, finance);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'CONFIRMING',
      approvalsNeeded: 2,
      firstApprovedBy: finance.id,
      receiptNo: null,
      actions: { approve: { allowed: false, reason: 'sameStaff' } },
    });
    const twice = await approve(slipId, finance);
    expect(twice.status).toBe(403);
    expect(twice.body.message).toBe(
      'You approved this slip first: a different staff member confirms it',
    );
    expect(
      await db()
        .select()
        .from(t.payments)
        .where(eq(t.payments.externalRef, `slip:${slipId}`)),
    ).toEqual([]);

    const second = await approve(slipId, secondFinance);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'APPROVED', decidedBy: secondFinance.id });
    const [payment] = await db()
      .select()
      .from(t.payments)
      .where(eq(t.payments.externalRef, `slip:${slipId}`));
    expect(payment).toMatchObject({ amountSen: LARGE, channel: 'BANK_TRANSFER' });
    expect((await auditOf(slipId)).map((row) => row.toStatus)).toEqual(
      expect.arrayContaining(['SUBMITTED', 'CONFIRMING', 'APPROVED']),
    );
  });

  it('rejects with a reason the borrower reads in their language, and may be sent again', async () => {
    const { approved, agreement } = await loan('MS');
    const content = pdf();
    const file = { filename: 'slip.pdf', content, contentType: 'application/pdf' };
    const slipId = (await send(approved, agreement.id, {}, file)).json().id as string;

    expect((await reject(slipId, finance, {})).status).toBe(400);
    const noNote = await reject(slipId, finance, { reason: 'OTHER' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toBe(
      'Choose a reason; for another reason, say what it is (up to 500 characters)',
    );
    const rejected = await reject(slipId, finance, {
      reason: 'AMOUNT_DIFFERS',
      note: 'We received RM150.00',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'AMOUNT_DIFFERS',
      rejectNote: 'We received RM150.00',
    });
    const [audit] = (await auditOf(slipId)).filter((row) => row.toStatus === 'REJECTED');
    expect(audit).toMatchObject({
      fromStatus: 'SUBMITTED',
      reason: 'AMOUNT_DIFFERS: We received RM150.00',
    });
    expect(
      await db()
        .select()
        .from(t.payments)
        .where(eq(t.payments.externalRef, `slip:${slipId}`)),
    ).toEqual([]);
    await app.app.settle();
    const mail = (await mailsTo(approved.applicant.email)).find((row) =>
      (row.subject ?? '').startsWith('Slip bank-in anda tidak diterima'),
    );
    expect(mail?.body).toContain(
      'Sebab: Amaun yang kami terima berbeza daripada amaun yang anda berikan. We received RM150.00',
    );
    // A rejected slip no longer stands: corrected, it may be sent again.
    expect((await send(approved, agreement.id, {}, file)).statusCode).toBe(201);
  });

  it('lets only the borrower see and send their slips, and only finance or admin decide', async () => {
    const owner = await loan();
    const other = await loan();
    const slipId = (await send(owner.approved, owner.agreement.id, {})).json().id as string;

    // Another borrower: the loan and its slips do not exist for them.
    const seen = await call('GET', BANK_IN_SLIP_PATHS.borrowerSlips(owner.agreement.id), {
      token: other.approved.applicant.token,
    });
    expect(seen.status).toBe(404);
    expect(JSON.stringify(seen.body)).not.toContain(slipId);
    const sent = await send(other.approved, owner.agreement.id, { amountSen: 12_345 });
    expect(sent.statusCode).toBe(404);
    const theirs = await call('GET', BANK_IN_SLIP_PATHS.borrowerSlips(other.agreement.id), {
      token: other.approved.applicant.token,
    });
    expect(theirs.body).toEqual({ items: [] });
    // A borrower is not staff: no queue, no file, no decision.
    for (const [method, url] of [
      ['GET', BANK_IN_SLIP_PATHS.queue],
      ['GET', BANK_IN_SLIP_PATHS.file(slipId)],
      ['POST', BANK_IN_SLIP_PATHS.approve(slipId)],
    ] as const) {
      const refused = await call(method, url, { token: other.approved.applicant.token });
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain(String(SMALL));
    }
    expect((await call('GET', BANK_IN_SLIP_PATHS.queue)).status).toBe(401);

    // Customer service sees the queue and the slip, and is told it may not decide.
    const read = await queue(service);
    expect(read.status).toBe(200);
    expect(read.body.items.find((item: { id: string }) => item.id === slipId)?.actions).toEqual({
      approve: { allowed: false, reason: 'roleNotAllowed', roles: ['FINANCE', 'ADMIN'] },
      reject: { allowed: false, reason: 'roleNotAllowed', roles: ['FINANCE', 'ADMIN'] },
    });
    expect(
      (await call('GET', BANK_IN_SLIP_PATHS.file(slipId), { token: service.token })).status,
    ).toBe(200);
    for (const member of [service, officer, approver]) {
      const refused = await approve(slipId, member);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      expect((await reject(slipId, member, { reason: 'UNREADABLE' })).status).toBe(403);
    }
    expect((await queue(officer)).status).toBe(403);
    const [slip] = await db().select().from(t.bankInSlips).where(eq(t.bankInSlips.id, slipId));
    expect(slip!.status).toBe('SUBMITTED');

    // Admin decides.
    expect((await approve(slipId, admin)).body.status).toBe('APPROVED');
  });
});
