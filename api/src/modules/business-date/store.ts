import type { Orm } from '../../db/database';
import { businessDate } from '../../db/schema';
import type { OrmExecutor } from '../../kernel/transaction';

/** The business date's one row: how many days it stands ahead of Malaysia's date. */
export function createBusinessDateStore(db: Orm) {
  return {
    async aheadDays(): Promise<number> {
      const [row] = await db.select({ aheadDays: businessDate.aheadDays }).from(businessDate);
      return row?.aheadDays ?? 0;
    },
    async move(tx: OrmExecutor, aheadDays: number, at: Date, by: string): Promise<void> {
      await tx.update(businessDate).set({ aheadDays, movedAt: at, movedBy: by });
    },
  };
}

export type BusinessDateStore = ReturnType<typeof createBusinessDateStore>;
