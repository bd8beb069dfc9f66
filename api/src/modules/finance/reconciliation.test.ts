// Settlement reconciliation on payments really made through the sandbox gateway: the gateway's own
// report, an uploaded one with a line of each kind, another brand's payment never matched, the
// four-eyes resolution, server-side checks of the CSV, and nothing of it for the other roles.
import {
  GATEWAY_PAYMENT_PATHS,
  RECONCILIATION_PATHS,
  type ReconciliationRunView,
  STAFF_ROLES,
} from '@lending/contracts';
import { addDays, malaysiaDate } from '@lending/domain';
import { and, eq } from 'drizzle-orm';

import { payDate, ringgit } from '../../adapters/payment-gateway/protocol';
import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp, testsOn } from '../../testing/test-db';

const HEADER = 'txn_id,order_id,amount,currency,channel,paid_at';

describe.each(databases())('reconciling the gateway’s settlement report (%s)', (kind) => {
  const { it } = testsOn(kind);
  const clock = fixedClock(new Date());
  let app: TestApp;
  let call: Caller;
  let finance: StaffMember;
  let admin: StaffMember;
  /** Four payments paid on the gateway: the last one booked for the other brand. */
  let paid: { orderId: string; txnId: string; amountSen: number; paidAt: Date }[];
  let today: string;

  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
    finance = await staffMember(db(), call, ['FINANCE']);
    admin = await staffMember(db(), call, ['ADMIN']);
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call);
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    await paidOut(db(), call, agreement, { officer, approver });
    paid = [];
    for (const amountSen of [10_000, 20_000, 30_000, 15_000]) {
      const started = await call('POST', GATEWAY_PAYMENT_PATHS.create, {
        token: approved.applicant.token,
        body: { agreementId: agreement.id, channel: 'FPX', amountSen },
      });
      expect(started.status).toBe(201);
      const page = await app.app.inject({
        method: 'POST',
        url: new URL(started.body.paymentUrl).pathname,
        headers: { accept: 'application/json' },
        payload: { outcome: 'paid' },
      });
      expect(page.json()).toMatchObject({ status: 'PAID' });
      const [row] = await db()
        .select()
        .from(t.gatewayPayments)
        .where(eq(t.gatewayPayments.orderId, started.body.payment.orderId));
      expect(row!.status).toBe('PAID');
      paid.push({
        orderId: row!.orderId,
        txnId: row!.gatewayTxnId!,
        amountSen,
        paidAt: row!.paidAt!,
      });
    }
    // The gateway's merchant account takes both brands' payments; this one was booked for the
    // other brand, so an arkcash reconciliation must never match it.
    await db()
      .update(t.gatewayPayments)
      .set({ tenant: 'redcash' })
      .where(eq(t.gatewayPayments.orderId, paid[3]!.orderId));
    today = malaysiaDate(clock.now());
  });
  afterAll(() => app.close());
  const db = () => app.db.orm;

  const startRun = (who: StaffMember, body: Record<string, unknown>) =>
    call('POST', RECONCILIATION_PATHS.runs, { token: who.token, body });
  const span = () => ({ tenant: 'arkcash', from: addDays(today, -1), to: addDays(today, 1) });
  const csvLine = (p: { txnId: string; orderId: string; amountSen: number; paidAt: Date }) =>
    [p.txnId, p.orderId, ringgit(p.amountSen), 'MYR', 'fpx', payDate(p.paidAt)].join(',');
  const kindOf = (run: ReconciliationRunView, txnId: string) =>
    run.lines.filter((line) => line.txnId === txnId).map((line) => line.kind);

  it('matches the gateway’s own report with the brand’s payments; another brand’s never', async () => {
    const run = await startRun(finance, span());
    expect(run.status).toBe(201);
    const body = run.body as ReconciliationRunView;
    expect(body).toMatchObject({
      source: 'GATEWAY',
      counts: { matched: 3, reportOnly: 1, booksOnly: 0, amountDifferences: 0 },
    });
    for (const p of paid.slice(0, 3)) expect(kindOf(body, p.txnId)).toEqual(['MATCHED']);
    expect(kindOf(body, paid[3]!.txnId)).toEqual(['REPORT_ONLY']);
    expect(body.lines.find((line) => line.txnId === paid[3]!.txnId)).toMatchObject({
      bookedAmountSen: null,
      status: 'OPEN',
    });
    // Read back as stored, and audited.
    const again = await call('GET', RECONCILIATION_PATHS.run(body.id), { token: admin.token });
    expect(again.body).toMatchObject({ id: body.id, counts: body.counts });
    expect(again.body.lines).toHaveLength(4);
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.action, 'reconciliation.run'),
          eq(t.auditLog.entity, `reconciliation:${body.id}`),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(`staff:${finance.id}`);
  });

  it('an uploaded report gives exactly the matched, the missing on either side and the different', async () => {
    const [first, second, third, otherBrand] = paid as [
      (typeof paid)[0],
      (typeof paid)[0],
      (typeof paid)[0],
      (typeof paid)[0],
    ];
    const csv = [
      HEADER,
      csvLine(first),
      csvLine({ ...second, amountSen: second.amountSen - 1 }),
      // Money arrived that nothing booked.
      csvLine({ ...first, txnId: '99999999901', orderId: 'UNKNOWNORDER1' }),
      csvLine(otherBrand),
      // `third` is left out: booked, not in the report.
    ].join('\r\n');
    const run = await startRun(finance, { ...span(), csv });
    expect(run.status).toBe(201);
    const body = run.body as ReconciliationRunView;
    expect(body).toMatchObject({
      source: 'UPLOAD',
      counts: { matched: 1, reportOnly: 2, booksOnly: 1, amountDifferences: 1 },
    });
    expect(kindOf(body, first.txnId)).toEqual(['MATCHED']);
    expect(kindOf(body, second.txnId)).toEqual(['AMOUNT_DIFFERENCE']);
    expect(body.lines.find((line) => line.txnId === second.txnId)).toMatchObject({
      reportAmountSen: second.amountSen - 1,
      bookedAmountSen: second.amountSen,
    });
    expect(kindOf(body, '99999999901')).toEqual(['REPORT_ONLY']);
    expect(kindOf(body, otherBrand.txnId)).toEqual(['REPORT_ONLY']);
    expect(kindOf(body, third.txnId)).toEqual(['BOOKS_ONLY']);
    expect(body.lines.find((line) => line.txnId === third.txnId)).toMatchObject({
      reportAmountSen: null,
      bookedAmountSen: third.amountSen,
    });
    // The other brand's reconciliation of the same report matches its own payment only.
    const theirs = await startRun(finance, { ...span(), tenant: 'redcash', csv });
    expect(theirs.body.counts).toEqual({
      matched: 1,
      reportOnly: 3,
      booksOnly: 0,
      amountDifferences: 0,
    });
    expect(kindOf(theirs.body, otherBrand.txnId)).toEqual(['MATCHED']);
  });

  it('checks an uploaded report on the server, line by line, in both languages', async () => {
    const badHeader = await startRun(finance, { ...span(), csv: 'txn,order\n1,2' });
    expect(badHeader).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: `The first line of the report must name the columns ${HEADER}`,
      },
    });
    const badAmount = `${HEADER}\n${csvLine(paid[0]!)}\n${paid[1]!.txnId},${paid[1]!.orderId},12.345,MYR,fpx,${payDate(paid[1]!.paidAt)}`;
    const refused = await startRun(finance, { ...span(), csv: badAmount });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Line 3 of the report is not a settlement line/);
    const inMalay = await app.app.inject({
      method: 'POST',
      url: RECONCILIATION_PATHS.runs,
      headers: { authorization: `Bearer ${finance.token}`, 'accept-language': 'ms' },
      payload: { ...span(), csv: badAmount },
    });
    expect(inMalay.json().message).toMatch(/^Baris 3 laporan bukan baris penyelesaian/);
    const late = `${HEADER}\n${csvLine({ ...paid[0]!, paidAt: new Date(clock.now().getTime() + 5 * 86_400_000) })}`;
    const outside = await startRun(finance, { ...span(), csv: late });
    expect(outside.body.message).toMatch(
      /^Line 2 of the report was paid on .*, outside the period/,
    );
    const huge = await startRun(finance, { ...span(), csv: `${HEADER}\n${'x'.repeat(900_000)}` });
    expect(huge).toMatchObject({
      status: 400,
      body: { message: 'csv is too large: reconcile fewer days at a time' },
    });
    const tooLong = await startRun(finance, { ...span(), from: addDays(today, -40) });
    expect(tooLong.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('a resolution is proposed by one finance member and confirmed only by another', async () => {
    const run = (await startRun(finance, span())).body as ReconciliationRunView;
    const open = run.lines.find((line) => line.kind === 'REPORT_ONLY')!;
    const matched = run.lines.find((line) => line.kind === 'MATCHED')!;
    const propose = (who: StaffMember, lineId: string) =>
      call('POST', RECONCILIATION_PATHS.propose(lineId), {
        token: who.token,
        body: { resolution: 'EXPLAINED', note: 'Paid to the other brand’s loan' },
      });
    // A matched line has nothing to resolve.
    expect((await propose(finance, matched.id)).body).toMatchObject({ code: 'CONFLICT' });

    const proposed = await propose(finance, open.id);
    expect(proposed.status).toBe(200);
    expect(proposed.body.lines.find((l: { id: string }) => l.id === open.id)).toMatchObject({
      status: 'PROPOSED',
      resolution: 'EXPLAINED',
      note: 'Paid to the other brand’s loan',
      proposedBy: finance.id,
      proposedByMe: true,
    });
    const same = await call('POST', RECONCILIATION_PATHS.confirm(open.id), {
      token: finance.token,
    });
    expect(same).toMatchObject({
      status: 403,
      body: {
        code: 'RECONCILIATION_SAME_STAFF',
        message:
          'A second finance member must confirm this resolution: the one who proposed it cannot',
      },
    });
    const inMalay = await app.app.inject({
      method: 'POST',
      url: RECONCILIATION_PATHS.confirm(open.id),
      headers: { authorization: `Bearer ${finance.token}`, 'accept-language': 'ms' },
    });
    expect(inMalay.json()).toMatchObject({
      code: 'RECONCILIATION_SAME_STAFF',
      message:
        'Ahli kewangan kedua mesti mengesahkan penyelesaian ini: pencadangnya tidak boleh berbuat demikian',
    });
    // Still waiting after the refusal; proposing again is refused too.
    expect((await propose(admin, open.id)).body).toMatchObject({ code: 'CONFLICT' });

    const confirmed = await call('POST', RECONCILIATION_PATHS.confirm(open.id), {
      token: admin.token,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.lines.find((l: { id: string }) => l.id === open.id)).toMatchObject({
      status: 'RESOLVED',
      confirmedBy: admin.id,
      proposedByMe: false,
    });
    const audit = await db()
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entity, `reconciliation-line:${open.id}`))
      .orderBy(t.auditLog.at);
    expect(audit.map((row) => [row.action, row.actor, row.toStatus])).toEqual([
      ['reconciliation.line_proposed', `staff:${finance.id}`, 'PROPOSED'],
      ['reconciliation.line_resolved', `staff:${admin.id}`, 'RESOLVED'],
    ]);
  });

  it('refuses every role that does not read the books, and tells them nothing', async () => {
    const run = (await startRun(finance, span())).body as ReconciliationRunView;
    const line = run.lines.find((l) => l.kind !== 'MATCHED')!;
    for (const role of STAFF_ROLES.filter((r) => r !== 'FINANCE' && r !== 'ADMIN')) {
      const member = await staffMember(db(), call, [role]);
      const answers = [
        await startRun(member, span()),
        await call('GET', `${RECONCILIATION_PATHS.runs}?tenant=arkcash`, { token: member.token }),
        await call('GET', RECONCILIATION_PATHS.run(run.id), { token: member.token }),
        await call('POST', RECONCILIATION_PATHS.propose(line.id), {
          token: member.token,
          body: { resolution: 'BANK_ERROR', note: 'x' },
        }),
        await call('POST', RECONCILIATION_PATHS.confirm(line.id), { token: member.token }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe('FORBIDDEN');
        expect(answer.body).not.toHaveProperty('lines');
        expect(answer.body).not.toHaveProperty('runs');
        expect(JSON.stringify(answer.body)).not.toContain(paid[0]!.txnId);
      }
    }
    const anonymous = await call('GET', RECONCILIATION_PATHS.run(run.id));
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toContain(paid[0]!.txnId);
    const stored = await db()
      .select()
      .from(t.reconciliationLines)
      .where(eq(t.reconciliationLines.id, line.id));
    expect(stored[0]!.status).toBe('OPEN');
  });
});
