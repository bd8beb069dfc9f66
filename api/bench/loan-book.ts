// A loan book for the benches: one loan made through the real API (application, approval,
// agreement, payout by two people), the rest cloned from it in bulk by SQL, their due dates spread
// over a month so that some are reminded, most are not yet due, and one in twenty is 3 to 42 days
// behind.
import { DISBURSEMENT_PATHS } from '@lending/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';

import * as t from '../src/db/schema';
import { agreementAt, approvedApplicant } from '../src/testing/agreements';
import { caller } from '../src/testing/auth-helpers';
import { staffMember } from '../src/testing/decisions';
import type { TestApp } from '../src/testing/test-db';

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Loads `LOANS` active loans; the template loan's first due date. */
export async function seedLoanBook(app: TestApp, LOANS: number): Promise<string> {
  const db = app.db.orm;
  const call = caller(app.app);
  // The template loan, paid out the way staff do it: recorded by one, confirmed by another.
  const officer = await staffMember(db, call, ['CREDIT_OFFICER']);
  const approver = await staffMember(db, call, ['APPROVER']);
  const approved = await approvedApplicant(db, call);
  const agreement = await agreementAt(db, approved, 'PENDING_DISBURSEMENT');
  const [bank] = await db.select().from(t.banks).where(eq(t.banks.code, 'MBB'));
  const recorded = await call('POST', DISBURSEMENT_PATHS.record(agreement.id), {
    token: officer.token,
    body: {
      version: agreement.version,
      bankId: bank!.id,
      accountName: 'Kedai Runcit Aminah',
      accountNumber: '5123456789012',
    },
  });
  const confirmed = await call('POST', DISBURSEMENT_PATHS.confirm(agreement.id), {
    token: approver.token,
    body: { payoutId: recorded.body.payouts?.[0]?.id },
  });
  if (confirmed.status !== 200) throw new Error(`payout: ${JSON.stringify(confirmed.body)}`);
  const firstDueDate: string = confirmed.body.account.firstDueDate;
  const [template] = await db
    .select()
    .from(t.loanAccounts)
    .where(eq(t.loanAccounts.agreementId, agreement.id));
  const [schedule] = await db
    .select()
    .from(t.repaymentSchedules)
    .where(eq(t.repaymentSchedules.accountId, template!.id));

  // Clone n (1..LOANS-1): its own user, organization, application, agreement, payout, account and
  // schedule, every id derived from n, every unique column made unique. Its due dates move by
  // `shift` days: 0 to 27 later, or for one loan in twenty 5 to 44 days earlier (in arrears).
  const clones = LOANS - 1;
  const shift = sql.raw(`(case when n % 20 = 0 then -(5 + (n / 20) % 40) else n % 28 end)`);
  const id = (prefix: string) => sql.raw(`md5('${prefix}' || n)::uuid`);
  /** The columns a row is inserted with: generated ones are the database's to compute. */
  async function insertableColumns(table: string): Promise<string[]> {
    const rows = await app.db.rawTransaction((tx) =>
      tx.query<{ column_name: string }>(
        `select column_name from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
         order by ordinal_position`,
        [table],
      ),
    );
    return rows.map((row) => row.column_name);
  }
  async function clone(table: string, where: SQL, changes: SQL) {
    const columns = sql.join(
      (await insertableColumns(table)).map((column) => sql.identifier(column)),
      sql`, `,
    );
    const copied = sql.join(
      (await insertableColumns(table)).map((column) => sql`copy.${sql.identifier(column)}`),
      sql`, `,
    );
    await db.execute(sql`
      insert into ${sql.identifier(table)} (${columns})
      select ${copied}
      from ${sql.identifier(table)} src
      cross join generate_series(1, ${clones}) n
      cross join lateral jsonb_populate_record(null::${sql.identifier(table)},
        to_jsonb(src) || ${changes}) copy
      where ${where}`);
  }
  const started = performance.now();
  await clone(
    'users',
    sql`src.id = ${approved.applicant.userId}`,
    sql`jsonb_build_object('id', ${id('u')}, 'email', 'bench' || n || '@example.com',
        'phone_no', '+6019' || lpad(n::text, 7, '0'))`,
  );
  const [application] = await db
    .select()
    .from(t.applications)
    .where(eq(t.applications.id, approved.applicationId));
  await clone(
    'organizations',
    sql`src.id = ${application!.organizationId}`,
    sql`jsonb_build_object('id', ${id('o')}, 'user_id', ${id('u')},
        'new_business_registration_no', '201903' || lpad(n::text, 6, '0'))`,
  );
  await clone(
    'applications',
    sql`src.id = ${approved.applicationId}`,
    sql`jsonb_build_object('id', ${id('a')}, 'user_id', ${id('u')}, 'organization_id', ${id('o')},
        'reference_no', 'BENCH-' || n)`,
  );
  await clone(
    'agreements',
    sql`src.id = ${agreement.id}`,
    sql`jsonb_build_object('id', ${id('g')}, 'application_id', ${id('a')}, 'user_id', ${id('u')},
        'agreement_no', src.agreement_no || '-' || n)`,
  );
  await clone(
    'disbursements',
    sql`src.agreement_id = ${agreement.id}`,
    sql`jsonb_build_object('id', ${id('d')}, 'agreement_id', ${id('g')},
        'reference', src.reference || '-' || n)`,
  );
  await clone(
    'loan_accounts',
    sql`src.id = ${template!.id}`,
    sql`jsonb_build_object('id', ${id('l')}, 'agreement_id', ${id('g')}, 'user_id', ${id('u')},
        'disbursement_id', ${id('d')}, 'disbursed_on', src.disbursed_on + ${shift},
        'first_due_date', src.first_due_date + ${shift})`,
  );
  await clone(
    'repayment_schedules',
    sql`src.id = ${schedule!.id}`,
    sql`jsonb_build_object('id', ${id('s')}, 'agreement_id', ${id('g')}, 'account_id', ${id('l')},
        'first_due_date', src.first_due_date + ${shift})`,
  );
  await db.execute(sql`
    insert into repayment_schedule_rows
    select ${id('s')}, src.instalment_no, src.due_date + ${shift}, src.instalment_sen,
           src.principal_sen, src.interest_sen
    from repayment_schedule_rows src, generate_series(1, ${clones}) n
    where src.schedule_id = ${schedule!.id}`);
  const loaded = await countsOf(
    app,
    `
    select (select count(*)::int from loan_accounts where status = 'ACTIVE') as accounts,
           (select count(*)::int from repayment_schedule_rows) as instalments`,
  );
  console.log(
    `loaded ${loaded.accounts} active loans (${loaded.instalments} instalments) in ${seconds(performance.now() - started)}`,
  );
  return firstDueDate;
}

/** One row of counts, read through the database's raw query. */
export async function countsOf(app: TestApp, sqlText: string) {
  return (await app.db.rawTransaction((tx) => tx.query<Record<string, number>>(sqlText)))[0]!;
}
