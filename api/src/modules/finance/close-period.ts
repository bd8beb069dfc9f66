// Month-end close: a month closes once it has ended (by the business date) and the months before
// it with anything posted are closed; from then on an event of that month posts into the open one,
// naming the month it belongs to. Closing is audited and queues on the same lock as posting.
import { addMonths, type IsoDate } from '@lending/domain';

import type { Orm } from '../../db/database';
import { writeAudit } from '../../kernel/audit';
import { HttpError, sentence } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import {
  EARLIER_PERIOD_OPEN,
  PERIOD_CLOSED_ALREADY,
  PERIOD_INVALID,
  PERIOD_NOT_ENDED,
} from './messages';
import { firstDayAfter, lastDayOf, periodOf } from './post-entry';
import type { FinanceStore } from './store';

export const PERIOD_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

export async function closePeriod(
  deps: { db: Orm; store: FinanceStore },
  input: { tenant: string; period: string; staffId: string; today: IsoDate; at: Date },
) {
  const { db, store } = deps;
  const { tenant, period } = input;
  if (!PERIOD_PATTERN.test(period)) throw new HttpError(400, PERIOD_INVALID, 'VALIDATION_FAILED');
  if (lastDayOf(period) >= input.today) {
    throw new HttpError(
      409,
      sentence(PERIOD_NOT_ENDED, { period, from: firstDayAfter(period) }),
      'PERIOD_NOT_ENDED',
    );
  }
  return inTransaction(db, async (tx) => {
    await store.lockCounter(tx, tenant);
    const closed = (await store.closedPeriods(tenant, tx)).map((row) => row.period);
    if (closed.includes(period)) {
      throw new HttpError(409, sentence(PERIOD_CLOSED_ALREADY, { period }), 'PERIOD_CLOSED');
    }
    const first = await store.firstPostingDate(tenant, tx);
    const earlier = periodOf(addMonths(`${period}-01`, -1));
    // The month before must be closed, unless nothing was ever posted before this one.
    if (first !== null && periodOf(first) < period && !closed.includes(earlier)) {
      throw new HttpError(
        409,
        sentence(EARLIER_PERIOD_OPEN, {
          earlier: closed.length ? firstOpenAfter(closed) : periodOf(first),
        }),
        'EARLIER_PERIOD_OPEN',
      );
    }
    await store.closePeriod(tx, tenant, period, `staff:${input.staffId}`, input.at);
    await writeAudit(tx, {
      action: 'ledger.period_closed',
      actor: `staff:${input.staffId}`,
      subject: null,
      entity: `ledger-period:${tenant}:${period}`,
      from: 'OPEN',
      to: 'CLOSED',
      at: input.at,
      detail: { tenant, period },
    });
    return { period, closedAt: input.at.toISOString(), closedBy: input.staffId };
  });
}

/** The first month after the last one closed. */
const firstOpenAfter = (closed: readonly string[]) =>
  periodOf(firstDayAfter(closed[closed.length - 1]!));
