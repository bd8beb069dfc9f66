// What the sandbox e-Mandate bank keeps on its side, as a bank would: the authorisation requests,
// the single-use link to its page and the payer's answer.
import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { emandateSandboxCollections, emandateSandboxRequests } from '../../db/schema';

export type SandboxMandateRow = typeof emandateSandboxRequests.$inferSelect;

export function createSandboxEmandateStore(db: Orm) {
  return {
    async byTokenHash(tokenHash: string): Promise<SandboxMandateRow | undefined> {
      const [row] = await db
        .select()
        .from(emandateSandboxRequests)
        .where(eq(emandateSandboxRequests.tokenHash, tokenHash));
      return row;
    },

    async byId(id: string): Promise<SandboxMandateRow | undefined> {
      const [row] = await db
        .select()
        .from(emandateSandboxRequests)
        .where(eq(emandateSandboxRequests.id, id));
      return row;
    },

    async insert(values: typeof emandateSandboxRequests.$inferInsert): Promise<string> {
      const [row] = await db
        .insert(emandateSandboxRequests)
        .values(values)
        .returning({ id: emandateSandboxRequests.id });
      return row!.id;
    },

    /** Records the payer's answer once; false when it was already answered or ended. */
    async decide(
      id: string,
      decision: 'APPROVED' | 'REJECTED',
      at: Date,
    ): Promise<SandboxMandateRow | undefined> {
      const [row] = await db
        .update(emandateSandboxRequests)
        .set({
          decision,
          decidedAt: at,
          // The sandbox registers an approved mandate for collection at once.
          ...(decision === 'APPROVED' ? { activatedAt: at } : {}),
        })
        .where(
          and(
            eq(emandateSandboxRequests.id, id),
            isNull(emandateSandboxRequests.decision),
            isNull(emandateSandboxRequests.terminatedAt),
          ),
        )
        .returning();
      return row;
    },

    async terminate(id: string, at: Date): Promise<void> {
      await db
        .update(emandateSandboxRequests)
        .set({ terminatedAt: at })
        .where(
          and(eq(emandateSandboxRequests.id, id), isNull(emandateSandboxRequests.terminatedAt)),
        );
    },
  };
}

export type SandboxEmandateStore = ReturnType<typeof createSandboxEmandateStore>;

export type SandboxCollectionRow = typeof emandateSandboxCollections.$inferSelect;

/** The sandbox bank's record of the collections it was sent. */
export function createSandboxCollectionStore(db: Orm) {
  return {
    /** Keeps a collection once; one already received is left as it was. */
    async receive(values: typeof emandateSandboxCollections.$inferInsert): Promise<void> {
      await db.insert(emandateSandboxCollections).values(values).onConflictDoNothing();
    },

    async byRefs(collectionRefs: readonly string[]): Promise<SandboxCollectionRow[]> {
      if (collectionRefs.length === 0) return [];
      return db
        .select()
        .from(emandateSandboxCollections)
        .where(inArray(emandateSandboxCollections.collectionRef, [...collectionRefs]));
    },
  };
}

export type SandboxCollectionStore = ReturnType<typeof createSandboxCollectionStore>;
