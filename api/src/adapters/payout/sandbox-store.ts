// The sandbox payout bank's ledger, kept in the database so every API process sees the same
// transfers: one row per sender's reference, with the answer given.
import { eq } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { payoutSandboxTransfers } from '../../db/schema';

export type SandboxTransferRow = typeof payoutSandboxTransfers.$inferSelect;

export function createSandboxPayoutStore(db: Orm) {
  return {
    async byReference(reference: string): Promise<SandboxTransferRow | undefined> {
      const [row] = await db
        .select()
        .from(payoutSandboxTransfers)
        .where(eq(payoutSandboxTransfers.reference, reference));
      return row;
    },

    /** Records the answer for a reference once; the row already there when it was answered. */
    async record(values: typeof payoutSandboxTransfers.$inferInsert): Promise<SandboxTransferRow> {
      const [row] = await db
        .insert(payoutSandboxTransfers)
        .values(values)
        .onConflictDoNothing({ target: payoutSandboxTransfers.reference })
        .returning();
      return row ?? (await this.byReference(values.reference))!;
    },

    async all(): Promise<SandboxTransferRow[]> {
      return db.select().from(payoutSandboxTransfers).orderBy(payoutSandboxTransfers.createdAt);
    },
  };
}

export type SandboxPayoutStore = ReturnType<typeof createSandboxPayoutStore>;
