import { LEDGER_PATHS, REGULATOR_PATHS } from '@lending/contracts';
import {
  addDays,
  addMonths,
  IDEAL_COLUMNS,
  LAMPIRAN_A_COLUMNS,
  malaysiaDate,
} from '@lending/domain';
import { and, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

// The test terms (RM10,000 over 24 months at 12% flat, unsecured): instalments of RM516.67, the
// last RM516.59; RM12,400.00 repayable in all.
const INSTALMENT = 51_667;
const TOTAL = 1_240_000;

/** A CSV body's records as RFC 4180 reads them (quoted fields, doubled quotes, CRLF). */
function records(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const out: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      record.push(field);
      out.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  expect([record, field]).toEqual([[], '']);
  return out;
}

describe.each(databases())('the regulator’s records (%s)', (kind) => {
  const started = new Date();
  const clock = fixedClock(started);
  let app: TestApp;
  let call: Caller;
  let officer: StaffMember;
  let approver: StaffMember;
  let service: StaffMember;
  let admin: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
    await app.app.jobs.runDue();
  }, 60_000);
  afterAll(() => app.close());
  const db = () => app.db.orm;

  /** Staff signed in at the clock's time (access tokens live 15 minutes). */
  async function signInStaff() {
    officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    approver = await staffMember(db(), call, ['APPROVER']);
    service = await staffMember(db(), call, ['CUSTOMER_SERVICE']);
    admin = await staffMember(db(), call, ['ADMIN']);
  }

  async function disbursedLoan() {
    clock.set(started);
    await signInStaff();
    const approved = await approvedApplicant(db(), call, {});
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
    const [account] = await db()
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreement.id));
    const [organization] = await db()
      .select({ id: t.organizations.id, registrationNo: t.organizations.newBusinessRegistrationNo })
      .from(t.applications)
      .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
      .where(eq(t.applications.id, approved.applicationId));
    return {
      approved,
      agreement,
      accountId: account!.id,
      organization: organization!,
      due: (n: number) => addMonths(firstDueDate, n - 1),
    };
  }

  const on = (date: string) => clock.set(`${date}T12:00:00+08:00`);
  const today = () => malaysiaDate(clock.now());
  let refs = 0;
  const pay = (agreementId: string, amountSen: number) =>
    app.app.repayments.applyPayment({
      agreementId,
      amountSen,
      channel: 'FPX',
      externalRef: `R${process.pid}-${(refs += 1)}`,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });
  const auditOf = (action: string, actor: string) =>
    db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, action), eq(t.auditLog.actor, actor)));
  const exportOf = (from: string, to: string, token: string) =>
    call('GET', `${REGULATOR_PATHS.idealExport}?from=${from}&to=${to}`, { token });
  /** The return's row of a loan, as column -> cell. */
  const rowOf = (body: string, agreementNo: string) => {
    const [header, ...rows] = records(body);
    const row = rows.find((cells) => cells[1] === agreementNo);
    return row ? Object.fromEntries(header!.map((column, i) => [column, row[i]])) : undefined;
  };

  it('gives every reader role the ledger and the return, and refuses everyone else', async () => {
    const { approved, agreement, accountId } = await disbursedLoan();
    const applicant = approved.applicant.token;
    const paths = [
      LEDGER_PATHS.pdf(agreement.id, 'en'),
      LEDGER_PATHS.pdf(agreement.id, 'bm'),
      LEDGER_PATHS.csv(agreement.id),
      `${REGULATOR_PATHS.idealExport}?from=${today()}&to=${today()}`,
    ];
    for (const member of [officer, approver, service, admin]) {
      for (const path of paths) {
        expect([path, (await call('GET', path, { token: member.token })).status]).toEqual([
          path,
          200,
        ]);
      }
    }
    for (const path of paths) {
      expect([path, (await call('GET', path)).status]).toEqual([path, 401]);
      // The borrower reads their statement, never the lender's records: their own loan included.
      expect([path, (await call('GET', path, { token: applicant })).status]).toEqual([path, 403]);
    }
    const pdf = await call('GET', LEDGER_PATHS.pdf(agreement.id, 'bm'), { token: service.token });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.body).startsWith('%PDF-')).toBe(true);
    const csv = await call('GET', LEDGER_PATHS.csv(agreement.id), { token: service.token });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(records(csv.body)[0]).toEqual([...LAMPIRAN_A_COLUMNS]);

    // Every download is audited against the account, with the staff member who took it.
    const ledgerAudits = await auditOf('ledger.downloaded', `staff:${service.id}`);
    expect(ledgerAudits).toHaveLength(5);
    expect(ledgerAudits.every((row) => row.entity === `loan-account:${accountId}`)).toBe(true);
    expect(ledgerAudits.map((row) => (row.detail as { format: string }).format).sort()).toEqual([
      'csv',
      'csv',
      'pdf',
      'pdf',
      'pdf',
    ]);
    const exports = await auditOf('regulator.ideal_exported', `staff:${admin.id}`);
    expect(exports).toHaveLength(1);
    expect(exports[0]!.detail).toMatchObject({ from: today(), to: today() });

    // What is not there, or not well formed.
    const nobody = '00000000-0000-4000-8000-000000000000';
    for (const path of [LEDGER_PATHS.pdf(nobody, 'en'), LEDGER_PATHS.csv(nobody)]) {
      const missing = await call('GET', path, { token: admin.token });
      expect([missing.status, missing.body.code]).toEqual([404, 'LOAN_ACCOUNT_NOT_FOUND']);
    }
    expect(
      (await call('GET', LEDGER_PATHS.pdf(agreement.id, 'fr'), { token: admin.token })).status,
    ).toBe(400);
    expect((await call('GET', LEDGER_PATHS.csv('not-an-id'), { token: admin.token })).status).toBe(
      400,
    );
    for (const [from, to] of [
      [today(), addDays(today(), -1)],
      [today(), addDays(today(), 1)],
      ['2026-02-30', today()],
    ]) {
      expect([from, to, (await exportOf(from!, to!, admin.token)).status]).toEqual([from, to, 400]);
    }
    expect((await call('GET', REGULATOR_PATHS.idealExport, { token: admin.token })).status).toBe(
      400,
    );
  });

  it('exports the return of a fixture of loans, refusing it whole while a row is bad', async () => {
    const current = await disbursedLoan();
    const settled = await disbursedLoan();
    const incomplete = await disbursedLoan();
    const overCap = await disbursedLoan();
    const { due } = current;
    // Records as an import or a hand edit can leave them: a blank name, a number SSM does not
    // issue (entity code 09), a rate past the unsecured cap of 18% a year.
    const registrationNo = incomplete.organization.registrationNo;
    await db()
      .update(t.organizations)
      .set({
        companyName: ' ',
        newBusinessRegistrationNo: `${registrationNo.slice(0, 4)}09${registrationNo.slice(6)}`,
      })
      .where(eq(t.organizations.id, incomplete.organization.id));
    await db()
      .update(t.agreements)
      .set({ annualRateBp: 1850 })
      .where(eq(t.agreements.id, overCap.agreement.id));

    const refused = await exportOf(today(), today(), officer.token);
    expect([refused.status, refused.body.code]).toEqual([422, 'IDEAL_EXPORT_REFUSED']);
    expect(refused.body.message).toContain('Correct the accounts listed');
    // Payouts of one day are listed by agreement number, which is given in sequence.
    expect(refused.body.badRows).toEqual([
      {
        agreementId: incomplete.agreement.id,
        loanNo: incomplete.agreement.agreementNo,
        problems: [
          { column: 'Nama Peminjam', problem: 'MISSING' },
          { column: 'No. K/P / No. Pendaftaran', problem: 'INVALID' },
        ],
      },
      {
        agreementId: overCap.agreement.id,
        loanNo: overCap.agreement.agreementNo,
        problems: [{ column: 'Kadar Faedah Setahun (%)', problem: 'INVALID' }],
      },
    ]);
    const [refusal] = await auditOf('regulator.ideal_refused', `staff:${officer.id}`);
    expect(refusal!.detail).toMatchObject({
      from: today(),
      to: today(),
      badRows: [
        {
          loanNo: incomplete.agreement.agreementNo,
          columns: ['Nama Peminjam', 'No. K/P / No. Pendaftaran'],
        },
        { loanNo: overCap.agreement.agreementNo, columns: ['Kadar Faedah Setahun (%)'] },
      ],
    });
    // Nothing went out: no export is on the books for the refusal.
    expect(await auditOf('regulator.ideal_exported', `staff:${officer.id}`)).toHaveLength(0);

    // Corrected, the same period exports, every loan as it stands on the day of payout.
    await db()
      .update(t.organizations)
      .set({ companyName: 'Kedai Runcit Aminah', newBusinessRegistrationNo: registrationNo })
      .where(eq(t.organizations.id, incomplete.organization.id));
    await db()
      .update(t.agreements)
      .set({ annualRateBp: 1200 })
      .where(eq(t.agreements.id, overCap.agreement.id));
    const exported = await exportOf(today(), today(), officer.token);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="kpkt-ideal-${today()}-${today()}.csv"`,
    );
    expect(records(exported.body)[0]).toEqual([...IDEAL_COLUMNS]);
    expect(Number(exported.headers['x-row-count'])).toBe(records(exported.body).length - 1);
    expect(rowOf(exported.body, current.agreement.agreementNo)).toEqual({
      'Bil.': expect.stringMatching(/^\d+$/),
      'No. Akaun Pinjaman': current.agreement.agreementNo,
      // A sole proprietor borrows as the person trading as the business.
      'Nama Peminjam': 'Aminah t/a Kedai Runcit Aminah',
      'No. K/P / No. Pendaftaran': current.organization.registrationNo,
      'Jenis Peminjam': 'Milikan Tunggal',
      'Tarikh Pinjaman': today().split('-').reverse().join('/'),
      'Jenis Pinjaman': 'Tidak Bercagar',
      'Jumlah Pinjaman (RM)': '10000.00',
      'Kadar Faedah Setahun (%)': '12.00',
      'Tempoh Pinjaman (Bulan)': '24',
      'Ansuran Bulanan (RM)': '516.67',
      'Jumlah Bayaran Balik (RM)': '12400.00',
      'Jumlah Dibayar (RM)': '0.00',
      'Baki Pinjaman (RM)': '12400.00',
      'Tunggakan (RM)': '0.00',
      'Status Pinjaman': 'Semasa',
    });
    const [header, ...rows] = records(exported.body);
    expect(rows.map((row) => row[0])).toEqual(rows.map((_, i) => String(i + 1)));
    expect(rows.every((row) => row.length === header!.length)).toBe(true);

    // Months later: one loan paid ahead and then behind, one settled in full, two never paid.
    on(addDays(due(1), -3));
    await pay(current.agreement.id, INSTALMENT);
    await pay(settled.agreement.id, TOTAL);
    on(addDays(due(2), 5));
    await signInStaff();
    const period = await exportOf(addDays(due(1), -3), today(), admin.token);
    expect(period.status).toBe(200);
    const statementOf = (agreementId: string) => app.app.accounts.statementOf(agreementId);
    const ringgit = (sen: number) => (sen / 100).toFixed(2);
    const late = (await statementOf(current.agreement.id)).statement;
    expect(rowOf(period.body, current.agreement.agreementNo)).toMatchObject({
      'Jumlah Dibayar (RM)': ringgit(INSTALMENT),
      // The statement of account's balance, to the sen.
      'Baki Pinjaman (RM)': ringgit(late.closingBalanceSen),
      'Tunggakan (RM)': ringgit(INSTALMENT + late.totals.lateChargesSen),
      'Status Pinjaman': 'Tertunggak',
    });
    expect(late.totals.lateChargesSen).toBeGreaterThan(0);
    const unpaid = (await statementOf(incomplete.agreement.id)).statement;
    expect(rowOf(period.body, incomplete.agreement.agreementNo)).toMatchObject({
      'Jumlah Dibayar (RM)': '0.00',
      'Baki Pinjaman (RM)': ringgit(unpaid.closingBalanceSen),
      'Tunggakan (RM)': ringgit(2 * INSTALMENT + unpaid.totals.lateChargesSen),
      'Status Pinjaman': 'Tertunggak',
    });
    expect(rowOf(period.body, settled.agreement.agreementNo)).toMatchObject({
      'Jumlah Dibayar (RM)': '12400.00',
      'Baki Pinjaman (RM)': '0.00',
      'Tunggakan (RM)': '0.00',
      'Status Pinjaman': 'Selesai',
    });
    // A period that begins after the loan was settled no longer reports it.
    const after = await exportOf(addDays(due(1), -2), today(), admin.token);
    expect(after.status).toBe(200);
    expect(rowOf(after.body, settled.agreement.agreementNo)).toBeUndefined();
    expect(rowOf(after.body, current.agreement.agreementNo)).toBeDefined();
    // Figures as they stood at the end of an earlier period: before instalment 1 fell due.
    const earlier = await exportOf(addDays(due(1), -3), addDays(due(1), -1), admin.token);
    expect(rowOf(earlier.body, current.agreement.agreementNo)).toMatchObject({
      'Jumlah Dibayar (RM)': ringgit(INSTALMENT),
      'Baki Pinjaman (RM)': ringgit(TOTAL - INSTALMENT),
      'Tunggakan (RM)': '0.00',
      'Status Pinjaman': 'Semasa',
    });
    expect(rowOf(earlier.body, incomplete.agreement.agreementNo)).toMatchObject({
      'Status Pinjaman': 'Semasa',
    });
  });

  it('keeps each payment’s remark as the loan stood then, to the sen of the statement', async () => {
    const { agreement, due } = await disbursedLoan();
    on(addDays(due(1), -3));
    const ahead = await pay(agreement.id, INSTALMENT);
    on(addDays(due(2), 5));
    const short = await pay(agreement.id, 20_000);
    on(addDays(due(2), 6));
    const statementNow = (await app.app.accounts.statementOf(agreement.id)).statement;
    // Whatever is left of instalment 2 and its late charges: the loan is current again.
    const caughtUp = await pay(
      agreement.id,
      statementNow.closingBalanceSen - (TOTAL - 2 * INSTALMENT),
    );
    await signInStaff();

    const ledger = await app.app.regulator.ledgerOf(agreement.id);
    const statement = (await app.app.accounts.statementOf(agreement.id)).statement;
    expect(ledger.rows.map(({ remark: _remark, ...entry }) => entry)).toEqual(statement.entries);
    expect(
      ledger.rows.filter((row) => row.kind === 'PAYMENT').map((row) => [row.reference, row.remark]),
    ).toEqual([
      [ahead.receiptNo, 'CURRENT'],
      [short.receiptNo, 'IN_ARREARS'],
      [caughtUp.receiptNo, 'CURRENT'],
    ]);
    // Today the loan is current; the payment in arrears keeps its own remark.
    expect(ledger.statement.closingBalanceSen).toBe(TOTAL - 2 * INSTALMENT);

    const csv = await call('GET', LEDGER_PATHS.csv(agreement.id), { token: officer.token });
    expect(csv.status).toBe(200);
    const [header, ...rows] = records(csv.body);
    expect(header).toEqual([...LAMPIRAN_A_COLUMNS]);
    expect(rows).toHaveLength(statement.entries.length);
    const payments = rows.filter((row) => row[3] !== '');
    expect(payments.map((row) => [row[3], row[7]])).toEqual([
      [ahead.receiptNo, 'Semasa'],
      [short.receiptNo, 'Tertunggak'],
      [caughtUp.receiptNo, 'Semasa'],
    ]);
    // Balances as the statement's, in ringgit and sen; every line names the loan.
    expect(rows.map((row) => row[6])).toEqual(
      statement.entries.map((entry) => (entry.balanceSen / 100).toFixed(2)),
    );
    expect(rows.every((row) => row[0] === agreement.agreementNo)).toBe(true);
    const en = await call('GET', LEDGER_PATHS.pdf(agreement.id, 'en'), { token: officer.token });
    expect(en.status).toBe(200);
    expect(en.headers['content-disposition']).toBe(
      `attachment; filename="lampiran-a-${agreement.agreementNo}-${statement.asOf}-en.pdf"`,
    );
  });
});
