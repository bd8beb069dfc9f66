// Four months of a book's life in a sandbox: the business date moved forward over loans paid on
// time, late, in part, never, and settled early, each day closed by close of business. Every late
// charge on the books is held against `8/100 x D/365 x S`, worked out here apart from the engine.
import { BUSINESS_DATE_PATHS, type TenantId } from '@lending/contracts';
import { addDays, addMonths, daysBetween } from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

/** R = 8/100 x D/365 x S, half a sen rounded up, in whole numbers only. */
const charge = (overdueSen: number, days: number) =>
  Number((16n * BigInt(overdueSen) * BigInt(days) + 36_500n) / 73_000n);

interface Row {
  instalmentNo: number;
  day: string;
  daysInDefault: number;
  overdueSen: number;
  amountSen: number;
}

/** The rows one instalment's charges make from the day after `due` through `last`, on `S`. */
function expectedRows(instalmentNo: number, due: string, last: string, overdueSen: number): Row[] {
  const rows: Row[] = [];
  for (let d = 1; d <= daysBetween(due, last); d += 1) {
    rows.push({
      instalmentNo,
      day: addDays(due, d),
      daysInDefault: d,
      overdueSen,
      // Each day adds what D days come to less what D - 1 days came to: never compounded.
      amountSen: charge(overdueSen, d) - charge(overdueSen, d - 1),
    });
  }
  return rows;
}

describe.each(databases('concurrency'))('120 business days of late charges (%s)', (kind) => {
  const clock = fixedClock('2026-01-05T12:00:00+08:00');
  const opened = '2026-01-05';
  const end = addDays(opened, 120);
  let app: TestApp;
  let call: Caller;
  let admin: StaffMember;
  let officer: StaffMember;
  let approver: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock, movableBusinessDate: true });
    call = caller(app.app);
    admin = await staffMember(app.db.orm, call, ['ADMIN']);
    officer = await staffMember(app.db.orm, call, ['CREDIT_OFFICER']);
    approver = await staffMember(app.db.orm, call, ['APPROVER']);
  });
  afterAll(() => app.close());

  async function loan() {
    const approved = await approvedApplicant(app.db.orm, call, { language: 'EN' });
    const agreement = await agreementAt(app.db.orm, approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(app.db.orm, call, agreement, { officer, approver });
    const viewer = {
      kind: 'applicant' as const,
      userId: approved.applicant.userId,
      tenant: 'arkcash' as TenantId,
      sessionId: '',
    };
    const schedule = await app.app.repayments.schedule(viewer, agreement.id);
    return {
      id: agreement.id,
      viewer,
      due: (n: number) => addMonths(firstDueDate, n - 1),
      amount: (n: number) => schedule.instalments[n - 1]!.instalmentSen,
    };
  }

  let refs = 0;
  const pay = (agreementId: string, amountSen: number) =>
    app.app.repayments.applyPayment({
      agreementId,
      amountSen,
      channel: 'FPX',
      externalRef: `COB${process.pid}-${(refs += 1)}`,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });

  /** The business date moved by an admin, and the days up to it closed. */
  async function closeThrough(day: string) {
    if ((await app.app.businessDate.view()).businessDate === day) return;
    const moved = await call('PUT', BUSINESS_DATE_PATHS.move, {
      token: admin.token,
      body: { businessDate: day },
    });
    expect(moved.status).toBe(200);
    const started = await call('POST', BUSINESS_DATE_PATHS.closeOfBusiness, {
      token: admin.token,
    });
    expect(started.status).toBe(202);
    await app.app.businessDate.settle();
  }

  async function chargedRows(agreementId: string): Promise<Row[]> {
    const [account] = await app.db.orm
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreementId));
    const rows = await app.db.orm
      .select()
      .from(t.lateChargeAccruals)
      .where(eq(t.lateChargeAccruals.accountId, account!.id));
    return rows
      .map(({ instalmentNo, day, daysInDefault, overdueSen, amountSen }) => ({
        instalmentNo,
        day,
        daysInDefault,
        overdueSen,
        amountSen,
      }))
      .sort((a, b) => a.instalmentNo - b.instalmentNo || a.day.localeCompare(b.day));
  }

  type Loan = Awaited<ReturnType<typeof loan>>;
  let onTime: Loan;
  let late: Loan;
  let partly: Loan;
  let never: Loan;
  let settled: Loan;
  let due: (n: number) => string;
  let dues: number[];
  let settleOn: string;
  /** Each day something happens, in order; the days between are closed on the way. */
  const events = new Map<string, Array<() => Promise<unknown>>>();
  const on = (day: string, work: () => Promise<unknown>) => {
    if (day <= end) events.set(day, [...(events.get(day) ?? []), work]);
  };
  async function liveThrough(last: string) {
    for (const day of [...events.keys()].sort()) {
      if (day > last) break;
      await closeThrough(day);
      for (const work of events.get(day)!) await work();
      events.delete(day);
    }
    await closeThrough(last);
  }

  beforeAll(async () => {
    onTime = await loan();
    late = await loan();
    partly = await loan();
    never = await loan();
    settled = await loan();
    due = onTime.due;
    dues = [1, 2, 3, 4, 5].filter((n) => due(n) <= end);
    settleOn = addDays(due(2), 5);
    for (const n of dues) {
      on(due(n), () => pay(onTime.id, onTime.amount(n)));
      // Ten days late, what is overdue and its charges, not the next instalment.
      on(addDays(due(n), 10), async () => {
        const owed = await app.app.repayments.amountDueNow(late.id);
        return pay(late.id, owed.overdueSen + owed.lateChargesSen);
      });
    }
    on(due(1), () => pay(partly.id, Math.floor(partly.amount(1) / 2)));
    on(settleOn, async () => {
      const quote = await app.app.repayments.earlySettlementQuote(settled.viewer, settled.id);
      return app.app.repayments.settleEarly({
        agreementId: settled.id,
        amountSen: quote.settlementSen,
        channel: 'FPX',
        externalRef: `SETTLE${process.pid}-${settled.id}`,
        paidAt: clock.now(),
        actor: 'gateway:test',
      });
    });
  });

  it('charges the loan settled early until the day it settles, and not after', async () => {
    expect(dues.length).toBeGreaterThanOrEqual(3);
    await liveThrough(addDays(settleOn, 1));
    const closed = await app.app.repayments.schedule(settled.viewer, settled.id);
    expect(closed.accountStatus).toBe('CLOSED');
    expect(closed.instalments[0]!.lateChargesPaidSen).toBe(
      charge(settled.amount(1), daysBetween(due(1), settleOn)),
    );
    expect(await chargedRows(settled.id)).toEqual([
      ...expectedRows(1, due(1), settleOn, settled.amount(1)),
      ...expectedRows(2, due(2), settleOn, settled.amount(2)),
    ]);
  });

  it('charges every loan its late charge to the sen, day by day, over 120 days', async () => {
    await liveThrough(end);
    const view = await call('GET', BUSINESS_DATE_PATHS.view, { token: admin.token });
    expect(view.body).toMatchObject({ businessDate: end, lastClosed: end });

    expect(await chargedRows(onTime.id)).toEqual([]);
    expect(await chargedRows(late.id)).toEqual(
      dues.flatMap((n) => {
        const last = addDays(due(n), 10);
        return expectedRows(n, due(n), last <= end ? last : end, late.amount(n));
      }),
    );
    expect(await chargedRows(partly.id)).toEqual([
      ...expectedRows(1, due(1), end, partly.amount(1) - Math.floor(partly.amount(1) / 2)),
      ...dues.slice(1).flatMap((n) => expectedRows(n, due(n), end, partly.amount(n))),
    ]);
    expect(await chargedRows(never.id)).toEqual(
      dues.flatMap((n) => expectedRows(n, due(n), end, never.amount(n))),
    );
    expect(await chargedRows(settled.id)).toEqual([
      ...expectedRows(1, due(1), settleOn, settled.amount(1)),
      ...expectedRows(2, due(2), settleOn, settled.amount(2)),
    ]);

    // What the borrower is shown adds up to the same: D days on S, rounded once.
    const schedule = await app.app.repayments.schedule(never.viewer, never.id);
    for (const n of dues) {
      expect(schedule.instalments[n - 1]!.lateChargesSen).toBe(
        charge(never.amount(n), daysBetween(due(n), end)),
      );
    }
  });
});
