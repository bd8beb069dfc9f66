import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { agreementGuarantors, signingCodes, signingDocumentReads } from '../../db/schema';
import type { OrmExecutor } from '../../kernel/transaction';

export type SigningCodeRow = typeof signingCodes.$inferSelect;
export type GuarantorRow = typeof agreementGuarantors.$inferSelect;
export type DocumentReadRow = typeof signingDocumentReads.$inferSelect;

export function createSigningStore(db: Orm) {
  return {
    async latestCode(agreementId: string, signerRef: string): Promise<SigningCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(signingCodes)
        .where(
          and(eq(signingCodes.agreementId, agreementId), eq(signingCodes.signerRef, signerRef)),
        )
        .orderBy(desc(signingCodes.createdAt))
        .limit(1);
      return row;
    },

    /** Codes sent to this signer for this agreement since `since`: the resend limit. */
    async codesSince(agreementId: string, signerRef: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(signingCodes)
        .where(
          and(
            eq(signingCodes.agreementId, agreementId),
            eq(signingCodes.signerRef, signerRef),
            gt(signingCodes.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    async insertCode(code: typeof signingCodes.$inferInsert): Promise<void> {
      await db.insert(signingCodes).values(code);
    },

    /** One attempt counted atomically before comparing, so parallel guesses stay within limit. */
    async countAttempt(codeId: string, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(signingCodes)
        .set({ attempts: sql`${signingCodes.attempts} + 1` })
        .where(
          and(
            eq(signingCodes.id, codeId),
            lt(signingCodes.attempts, maxAttempts),
            isNull(signingCodes.usedAt),
          ),
        )
        .returning({ id: signingCodes.id });
      return rows.length === 1;
    },

    /** Spends the code inside the signature's transaction; false when it was already spent. */
    async spendCode(tx: OrmExecutor, codeId: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(signingCodes)
        .set({ usedAt: at })
        .where(and(eq(signingCodes.id, codeId), isNull(signingCodes.usedAt)))
        .returning({ id: signingCodes.id });
      return rows.length === 1;
    },

    async insertGuarantors(
      tx: OrmExecutor,
      rows: (typeof agreementGuarantors.$inferInsert)[],
    ): Promise<void> {
      if (rows.length > 0) await tx.insert(agreementGuarantors).values(rows);
    },

    async guarantorsOf(agreementId: string, tx: OrmExecutor = db): Promise<GuarantorRow[]> {
      return tx
        .select()
        .from(agreementGuarantors)
        .where(eq(agreementGuarantors.agreementId, agreementId))
        .orderBy(asc(agreementGuarantors.position));
    },

    async guarantorByTokenHash(tokenHash: string): Promise<GuarantorRow | undefined> {
      const [row] = await db
        .select()
        .from(agreementGuarantors)
        .where(eq(agreementGuarantors.tokenHash, tokenHash));
      return row;
    },

    async updateGuarantor(
      tx: OrmExecutor,
      id: string,
      set: Partial<typeof agreementGuarantors.$inferInsert>,
    ): Promise<void> {
      await tx.update(agreementGuarantors).set(set).where(eq(agreementGuarantors.id, id));
    },

    /** Keeps the first opening of these bytes by this signer; false when it was kept before. */
    async recordRead(
      tx: OrmExecutor,
      read: Omit<typeof signingDocumentReads.$inferInsert, 'id'>,
    ): Promise<boolean> {
      const rows = await tx
        .insert(signingDocumentReads)
        .values(read)
        .onConflictDoNothing()
        .returning({ id: signingDocumentReads.id });
      return rows.length === 1;
    },

    /** What this signer has opened of this agreement's documents, every version. */
    async readsOf(agreementId: string, signerRef: string): Promise<DocumentReadRow[]> {
      return db
        .select()
        .from(signingDocumentReads)
        .where(
          and(
            eq(signingDocumentReads.agreementId, agreementId),
            eq(signingDocumentReads.signerRef, signerRef),
          ),
        )
        .orderBy(asc(signingDocumentReads.openedAt));
    },
  };
}

export type SigningStore = ReturnType<typeof createSigningStore>;
