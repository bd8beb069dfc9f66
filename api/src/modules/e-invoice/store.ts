import { and, eq, isNull } from 'drizzle-orm';

import { users } from '../../db/schema';
import type { OrmExecutor } from '../../kernel/transaction';

export function createEInvoiceStore() {
  return {
    /** Keeps `tin` on the account unless one is kept already (two checks racing keep one);
     *  whether this call kept it. */
    async keepTinOnce(db: OrmExecutor, userId: string, tin: string, at: Date): Promise<boolean> {
      const kept = await db
        .update(users)
        .set({ tinNumber: tin, updatedAt: at })
        .where(and(eq(users.id, userId), isNull(users.tinNumber), isNull(users.deletedAt)))
        .returning({ id: users.id });
      return kept.length === 1;
    },
  };
}

export type EInvoiceStore = ReturnType<typeof createEInvoiceStore>;
