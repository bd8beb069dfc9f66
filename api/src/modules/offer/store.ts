// The offer's writes and reads of agreements: the terms the borrower may change before accepting,
// and the borrower's list. Status changes go through the agreements service, never here.
import { count, desc, eq } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import type { OrmTransaction } from '../../kernel/transaction';

export type OfferTerms = Pick<
  typeof t.agreements.$inferInsert,
  'amountSen' | 'loanProtection' | 'loanProtectionDeducted' | 'referralWaiverSen' | 'offer'
>;

export function createOfferStore(db: Orm) {
  return {
    /** Writes new terms on a row the caller has locked, moving its version on by one, with the
     *  audit row of what changed. */
    async writeTerms(
      tx: OrmTransaction,
      change: {
        agreementId: string;
        userId: string;
        terms: OfferTerms;
        version: number;
        at: Date;
        ip: string | null;
        detail: Record<string, unknown>;
      },
    ): Promise<void> {
      await tx
        .update(t.agreements)
        .set({ ...change.terms, version: change.version + 1, updatedAt: change.at })
        .where(eq(t.agreements.id, change.agreementId));
      await writeAudit(tx, {
        action: 'offer.terms_changed',
        actor: `user:${change.userId}`,
        subject: `user:${change.userId}`,
        entity: `agreement:${change.agreementId}`,
        ip: change.ip,
        at: change.at,
        detail: change.detail,
      });
    },

    async page(userId: string, page: number, size: number) {
      const mine = eq(t.agreements.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(t.agreements)
          .where(mine)
          .orderBy(desc(t.agreements.createdAt), desc(t.agreements.agreementNo))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(t.agreements).where(mine),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type OfferStore = ReturnType<typeof createOfferStore>;
