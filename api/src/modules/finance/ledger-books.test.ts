// The books finance reads and closes: trial balance, account ledger, journal and their CSV, month-end
// close and its refusals, a late posting carried into the open month, the database's own refusal of
// an unbalanced or edited entry, and who may read any of it.
import { FINANCE_PATHS } from '@lending/contracts';
import { addMonths } from '@lending/domain';
import { eq, sql } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { entriesOfLoan, unbalancedEntries } from '../../testing/ledger';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { firstDayAfter, lastDayOf, periodOf } from './post-entry';

const INSTALMENT = 51_667;

describe.each(databases('hand-written SQL', 'concurrency'))(
  'the books finance keeps (%s)',
  (kind) => {
    const started = new Date();
    const clock = fixedClock(started);
    let app: TestApp;
    let call: ReturnType<typeof caller>;
    beforeAll(async () => {
      app = await openTestApp(kind, { clock });
      call = caller(app.app);
      await app.app.jobs.runDue();
    });
    afterAll(() => app.close());
    const db = () => app.db.orm;
    const on = (date: string) => clock.set(`${date}T12:00:00+08:00`);
    const with_ = (path: string, query: Record<string, string>) =>
      `${path}?${new URLSearchParams(query).toString()}`;

    async function disbursedLoan() {
      const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
      const approver = await staffMember(db(), call, ['APPROVER']);
      const approved = await approvedApplicant(db(), call);
      const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
      const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
      const [account] = await db()
        .select()
        .from(t.loanAccounts)
        .where(eq(t.loanAccounts.agreementId, agreement.id));
      return { agreement, account: account!, firstDueDate };
    }
    let refs = 0;
    const pay = (agreementId: string, amountSen: number, valueDate?: string) =>
      app.app.repayments.applyPayment({
        agreementId,
        amountSen,
        channel: 'JOMPAY',
        externalRef: `B${process.pid}-${(refs += 1)}`,
        paidAt: clock.now(),
        actor: 'gateway:test',
        ...(valueDate ? { valueDate } : {}),
      });

    it('balances the trial balance, runs an account ledger and exports both as CSV', async () => {
      clock.set(started);
      const { agreement, account, firstDueDate } = await disbursedLoan();
      const payoutDay = account.disbursedOn;
      on(firstDueDate);
      await pay(agreement.id, INSTALMENT);
      const finance = await staffMember(db(), call, ['FINANCE']);
      const span = { tenant: 'arkcash', from: payoutDay, to: firstDueDate };

      const balance = await call('GET', with_(FINANCE_PATHS.trialBalance, span), {
        token: finance.token,
      });
      expect(balance.status).toBe(200);
      expect(balance.body.balanced).toBe(true);
      expect(balance.body.totals.debitSen).toBe(balance.body.totals.creditSen);
      expect(balance.body.totals.debitSen).toBeGreaterThan(0);
      const row = (key: string) =>
        balance.body.rows.find((r: { key: string }) => r.key === key) as {
          openingSen: number;
          debitSen: number;
          creditSen: number;
          closingSen: number;
        };
      expect(row('LOANS_RECEIVABLE')).toMatchObject({ code: '1100', nameMs: expect.any(String) });
      expect(row('LOANS_RECEIVABLE').closingSen).toBe(
        row('LOANS_RECEIVABLE').openingSen +
          row('LOANS_RECEIVABLE').debitSen -
          row('LOANS_RECEIVABLE').creditSen,
      );
      expect(row('INTEREST_INCOME').creditSen).toBeGreaterThanOrEqual(10_000);

      const ledger = await call(
        'GET',
        with_(FINANCE_PATHS.accountLedger.replace(':key', 'LOANS_RECEIVABLE'), span),
        { token: finance.token },
      );
      expect(ledger.status).toBe(200);
      const mine = ledger.body.lines.filter(
        (line: { loanAccountId: string }) => line.loanAccountId === account.id,
      );
      expect(
        mine.map((line: { event: string; debitSen: number; creditSen: number }) => [
          line.event,
          line.debitSen,
          line.creditSen,
        ]),
      ).toEqual([
        ['PAYOUT', 1_000_000, 0],
        ['PAYMENT', 0, 41_667],
      ]);
      const lines = ledger.body.lines as {
        debitSen: number;
        creditSen: number;
        balanceSen: number;
      }[];
      expect(ledger.body.closingSen).toBe(lines.at(-1)!.balanceSen);
      expect(ledger.body.closingSen).toBe(
        ledger.body.openingSen + lines.reduce((sum, l) => sum + l.debitSen - l.creditSen, 0),
      );

      const csv = await call(
        'GET',
        with_(FINANCE_PATHS.trialBalanceCsv, { ...span, language: 'ms' }),
        {
          token: finance.token,
        },
      );
      expect(csv.status).toBe(200);
      const text = String(csv.body);
      const records = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(records[0]).toBe('Account Code,Account Name,Debit,Credit');
      expect(records).toContain(
        `1100,Pinjaman belum terima (prinsipal),${(row('LOANS_RECEIVABLE').closingSen / 100).toFixed(2)},`,
      );
      const [, , debit, credit] = records.at(-1)!.split(',');
      expect(debit).toBe(credit);
      const journal = await call('GET', with_(FINANCE_PATHS.journalCsv, span), {
        token: finance.token,
      });
      expect(journal.status).toBe(200);
      expect(String(journal.body)).toMatch(/\r\nJV-\d{8},\d{4}-\d{2}-\d{2},1100,PAYOUT /);
      const exports = await db()
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.action, 'ledger.exported'));
      expect(exports.map((row) => row.actor)).toEqual([
        `staff:${finance.id}`,
        `staff:${finance.id}`,
      ]);
    });

    it('closes months in order, after they end, and carries a late posting into the open month', async () => {
      clock.set(started);
      const { agreement, account } = await disbursedLoan();
      const month = periodOf(account.disbursedOn);
      const close = async (period: string) => {
        const finance = await staffMember(db(), call, ['FINANCE']);
        return call('POST', FINANCE_PATHS.closePeriod.replace(':period', period), {
          token: finance.token,
          body: { tenant: 'arkcash' },
        });
      };
      const notEnded = await close(month);
      expect([notEnded.status, notEnded.body.code]).toEqual([409, 'PERIOD_NOT_ENDED']);

      // Two months on: the month after the payout has ended too, but the payout's must close first.
      const next = periodOf(firstDayAfter(month));
      on(addMonths(`${month}-01`, 2));
      const outOfOrder = await close(next);
      expect([outOfOrder.status, outOfOrder.body.code]).toEqual([409, 'EARLIER_PERIOD_OPEN']);
      // An earlier test's month is open too: close every month with postings up to the payout's.
      const first = (
        await db()
          .select({ first: sql<string>`min(posting_date)::text` })
          .from(t.journalEntries)
          .where(eq(t.journalEntries.tenant, 'arkcash'))
      )[0]!.first;
      for (
        let period = periodOf(first);
        period <= month;
        period = periodOf(firstDayAfter(period))
      ) {
        expect((await close(period)).status).toBe(200);
      }
      const again = await close(month);
      expect([again.status, again.body.code]).toEqual([409, 'PERIOD_CLOSED']);

      const finance = await staffMember(db(), call, ['FINANCE']);
      const span = { tenant: 'arkcash', from: `${month}-01`, to: lastDayOf(month) };
      const before = (
        await call('GET', with_(FINANCE_PATHS.trialBalance, span), { token: finance.token })
      ).body;
      // A JomPAY credit of the closed month's last day, arriving now: it posts in the open month.
      await pay(agreement.id, 1_000, lastDayOf(month));
      const payment = (await entriesOfLoan(db(), account.id)).find((e) => e.event === 'PAYMENT')!;
      expect(payment).toMatchObject({
        businessDate: lastDayOf(month),
        postingDate: firstDayAfter(month),
        lateForPeriod: month,
        lines: { CASH_AT_BANK: 1_000 },
      });
      const after = (
        await call('GET', with_(FINANCE_PATHS.trialBalance, span), { token: finance.token })
      ).body;
      expect(after).toEqual(before);
      const periods = await call('GET', with_(FINANCE_PATHS.periods, { tenant: 'arkcash' }), {
        token: finance.token,
      });
      expect(periods.body.closed.map((p: { period: string }) => p.period)).toContain(month);
      // Who closed it: their staff id (as the close answered it) and their name as staff know it.
      const closed = periods.body.closed.find((p: { period: string }) => p.period === month);
      const [closer] = await db()
        .select()
        .from(t.staffUsers)
        .where(eq(t.staffUsers.id, closed.closedBy));
      expect(closed.closedByName).toBe(closer!.name || closer!.email);
      const audited = await db()
        .select()
        .from(t.auditLog)
        .where(eq(t.auditLog.entity, `ledger-period:arkcash:${month}`));
      expect(audited).toHaveLength(1);
      expect(await unbalancedEntries(db())).toEqual([]);
    });

    it('refuses an unbalanced entry and any edit of the journal in the database itself', async () => {
      const [line] = await db().select().from(t.journalLines).limit(1);
      await expect(
        db().transaction(async (tx) => {
          const [entry] = await tx
            .insert(t.journalEntries)
            .values({
              tenant: 'arkcash',
              entryNo: 999_999,
              businessDate: '2026-01-01',
              postingDate: '2026-01-01',
              event: 'PAYMENT',
              reference: 'unbalanced',
              actor: 'system:test',
            })
            .returning();
          await tx.insert(t.journalLines).values([
            { entryId: entry!.id, tenant: 'arkcash', accountKey: 'CASH_AT_BANK', debitSen: 100 },
            { entryId: entry!.id, tenant: 'arkcash', accountKey: 'SUSPENSE', creditSen: 99 },
          ]);
        }),
      ).rejects.toThrow();
      await expect(
        db().update(t.journalLines).set({ debitSen: 1 }).where(eq(t.journalLines.id, line!.id)),
      ).rejects.toThrow();
      await expect(
        db().delete(t.journalLines).where(eq(t.journalLines.id, line!.id)),
      ).rejects.toThrow();
    });

    it('answers finance staff and admins only, with nothing of the books to anyone else', async () => {
      clock.set(started);
      const span = { tenant: 'arkcash', from: '2026-01-01', to: '2026-12-31' };
      const reads = [
        with_(FINANCE_PATHS.chart, { tenant: 'arkcash' }),
        with_(FINANCE_PATHS.trialBalance, span),
        with_(FINANCE_PATHS.journal, span),
        with_(FINANCE_PATHS.trialBalanceCsv, span),
        with_(FINANCE_PATHS.journalCsv, span),
        with_(FINANCE_PATHS.accountLedger.replace(':key', 'CASH_AT_BANK'), span),
        with_(FINANCE_PATHS.periods, { tenant: 'arkcash' }),
      ];
      const readers = [
        await staffMember(db(), call, ['FINANCE']),
        await staffMember(db(), call, ['ADMIN']),
      ];
      const others = [
        await staffMember(db(), call, ['CREDIT_OFFICER']),
        await staffMember(db(), call, ['APPROVER']),
        await staffMember(db(), call, ['CUSTOMER_SERVICE']),
      ];
      for (const path of reads) {
        for (const member of readers) {
          const answer = await call('GET', path, { token: member.token });
          expect([path, answer.status]).toEqual([path, 200]);
        }
        for (const member of others) {
          const answer = await call('GET', path, { token: member.token });
          expect([path, answer.status]).toEqual([path, 403]);
          const said = JSON.stringify(answer.body ?? '');
          expect(said).not.toMatch(/CASH_AT_BANK|Account Code|entryNo|closingSen|"closed"/);
        }
        const anonymous = await call('GET', path);
        expect([path, anonymous.status]).toEqual([path, 401]);
      }
      const refused = await call('POST', FINANCE_PATHS.closePeriod.replace(':period', '2020-01'), {
        token: others[0]!.token,
        body: { tenant: 'arkcash' },
      });
      expect(refused.status).toBe(403);
      const closed = await db()
        .select()
        .from(t.ledgerPeriods)
        .where(eq(t.ledgerPeriods.period, '2020-01'));
      expect(closed).toEqual([]);
      // Malformed spans are refused before anything is read.
      const finance = readers[0]!;
      const backwards = await call(
        'GET',
        with_(FINANCE_PATHS.trialBalance, {
          tenant: 'arkcash',
          from: '2026-02-01',
          to: '2026-01-01',
        }),
        { token: finance.token },
      );
      expect(backwards.status).toBe(400);
      const otherTenant = await call('GET', with_(FINANCE_PATHS.chart, { tenant: 'nobody' }), {
        token: finance.token,
      });
      expect(otherTenant.status).toBe(400);
    });
  },
);
