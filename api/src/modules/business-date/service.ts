import type {
  BusinessDateView,
  BusinessDayReport,
  CloseOfBusinessStarted,
} from '@lending/contracts';
import { daysBetween, type IsoDate, malaysiaDate } from '@lending/domain';

import type { Orm } from '../../db/database';
import { writeAudit } from '../../kernel/audit';
import type { BusinessClock } from '../../kernel/clock';
import type { CloseOfBusiness, DayReport } from '../../kernel/close-of-business';
import { HttpError, sentence } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import { COB_BUSY, NOT_MOVABLE, ONLY_FORWARD, TOO_FAR } from './messages';
import type { BusinessDateStore } from './store';

/** A move further than this is a typing slip, not a test of a loan's life (ten years). */
export const MAX_MOVE_DAYS = 3660;

export interface BusinessDateServiceDeps {
  db: Orm;
  store: BusinessDateStore;
  clock: BusinessClock;
  cob: CloseOfBusiness;
  /** Sandbox and staging: an admin may move the business date forward. */
  movable: boolean;
}

function reportView(day: DayReport): BusinessDayReport {
  return {
    ...day,
    startedAt: day.startedAt.toISOString(),
    finishedAt: day.finishedAt?.toISOString() ?? null,
  };
}

export function createBusinessDateService(deps: BusinessDateServiceDeps) {
  const { db, store, clock, cob, movable } = deps;
  let refreshedAt = 0;

  return {
    movable,
    /** Resolves once a close of business this process started has ended. */
    settle: () => cob.settle(),

    /**
     * Reads the days ahead from the database (another process may have moved them), at most once
     * a second. Production, where the business date never moves, has nothing to read; it refuses
     * to start on a database whose business date was moved.
     */
    async refresh(force = false): Promise<void> {
      const now = Date.now();
      if (!force && now - refreshedAt < 1000) return;
      refreshedAt = now;
      const ahead = await store.aheadDays();
      if (!movable && ahead > 0) {
        throw new Error(
          `the business date of this database was moved ${ahead} days ahead in a sandbox; ` +
            'a deployment that follows Malaysia time cannot run on its books',
        );
      }
      clock.setAheadDays(ahead);
    },

    async view(): Promise<BusinessDateView> {
      await this.refresh(true);
      return {
        businessDate: clock.today(),
        malaysiaDate: malaysiaDate(clock.now()),
        movable,
        lastClosed: await cob.lastClosed(),
        progress: await cob.progress(),
        days: (await cob.reports()).map(reportView),
      };
    },

    /** Moves the business date forward to `target`, audited; the days between are closed by
     *  close of business (on its schedule, or asked for). */
    async move(staffId: string, target: IsoDate): Promise<BusinessDateView> {
      if (!movable) throw new HttpError(403, NOT_MOVABLE, 'FORBIDDEN');
      await this.refresh(true);
      const current = clock.today();
      if (target <= current) {
        throw new HttpError(409, sentence(ONLY_FORWARD, { current }), 'CONFLICT');
      }
      if (daysBetween(current, target) > MAX_MOVE_DAYS) {
        throw new HttpError(400, sentence(TOO_FAR, { days: MAX_MOVE_DAYS }), 'BAD_REQUEST');
      }
      const ahead = daysBetween(malaysiaDate(clock.now()), target);
      await inTransaction(db, async (tx) => {
        await store.move(tx, ahead, clock.now(), `staff:${staffId}`);
        await writeAudit(tx, {
          action: 'business_date.moved',
          actor: `staff:${staffId}`,
          subject: null,
          entity: 'business-date',
          from: current,
          to: target,
          detail: { aheadDays: ahead },
        });
      });
      clock.setAheadDays(ahead);
      return this.view();
    },

    /** Starts close of business through the business date; answers at once. */
    async closeOfBusiness(staffId: string): Promise<CloseOfBusinessStarted> {
      const started = await cob.start(`staff:${staffId}`);
      if (started === 'busy') throw new HttpError(409, COB_BUSY, 'CONFLICT');
      return started ?? { from: null, to: null };
    },
  };
}

export type BusinessDateService = ReturnType<typeof createBusinessDateService>;
