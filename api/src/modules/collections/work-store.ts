// The collection work's way into the database: terminations (four eyes), the contact log
// (inserted, never changed: the database refuses an update or delete), promises to pay and the
// case's officer and next action.
import type { IsoDate } from '@lending/domain';
import { and, arrayOverlaps, asc, desc, eq, inArray, isNull, sql, sum } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type TerminationRow = typeof t.accountTerminations.$inferSelect;
export type ContactRow = typeof t.collectionContacts.$inferSelect;
export type PromiseRow = typeof t.collectionPromises.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createCollectionWorkStore(db: Orm) {
  return {
    /** Null when an open proposal already stands on the account. */
    async proposeTermination(
      tx: OrmTransaction,
      values: typeof t.accountTerminations.$inferInsert,
    ): Promise<TerminationRow | null> {
      const [row] = await tx
        .insert(t.accountTerminations)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async lockTermination(tx: OrmTransaction, id: string): Promise<TerminationRow | undefined> {
      if (!UUID.test(id)) return undefined;
      const [row] = await tx
        .select()
        .from(t.accountTerminations)
        .where(eq(t.accountTerminations.id, id))
        .for('update');
      return row;
    },

    async decideTermination(
      tx: OrmTransaction,
      id: string,
      values: Partial<TerminationRow>,
    ): Promise<TerminationRow | undefined> {
      const [row] = await tx
        .update(t.accountTerminations)
        .set(values)
        .where(and(eq(t.accountTerminations.id, id), eq(t.accountTerminations.status, 'PROPOSED')))
        .returning();
      return row;
    },

    /** An agreement's terminations, newest first. */
    async terminationsOf(agreementId: string, executor: OrmExecutor = db) {
      return executor
        .select()
        .from(t.accountTerminations)
        .where(eq(t.accountTerminations.agreementId, agreementId))
        .orderBy(desc(t.accountTerminations.proposedAt));
    },

    async addContact(
      executor: OrmExecutor,
      values: typeof t.collectionContacts.$inferInsert,
    ): Promise<ContactRow> {
      const [row] = await executor.insert(t.collectionContacts).values(values).returning();
      return row!;
    },

    /** An account's contacts made on a business date: the frequency check. */
    async contactsOn(accountId: string, day: IsoDate, executor: OrmExecutor = db) {
      return executor
        .select({
          channel: t.collectionContacts.channel,
          businessDate: t.collectionContacts.businessDate,
        })
        .from(t.collectionContacts)
        .where(
          and(
            eq(t.collectionContacts.accountId, accountId),
            eq(t.collectionContacts.businessDate, day),
          ),
        )
        .orderBy(asc(t.collectionContacts.at));
    },

    /** An agreement's contact log, newest first; `channels` narrows it (the borrower's view). */
    async contactsOf(agreementId: string, channels?: readonly ContactRow['channel'][]) {
      return db
        .select()
        .from(t.collectionContacts)
        .where(
          and(
            eq(t.collectionContacts.agreementId, agreementId),
            channels ? inArray(t.collectionContacts.channel, [...channels]) : undefined,
          ),
        )
        .orderBy(desc(t.collectionContacts.at))
        .limit(500);
    },

    /** The last day a person or the product contacted the borrower about the account. */
    async lastContactOn(accountId: string): Promise<string | null> {
      const [row] = await db
        .select({ day: sql<string | null>`max(${t.collectionContacts.businessDate})` })
        .from(t.collectionContacts)
        .where(eq(t.collectionContacts.accountId, accountId));
      return row?.day ?? null;
    },

    /** Money received on the account so far (every payment, whatever it paid). */
    async paidSen(accountId: string, executor: OrmExecutor = db): Promise<number> {
      const [row] = await executor
        .select({ total: sum(t.payments.amountSen).mapWith(Number) })
        .from(t.payments)
        .where(eq(t.payments.accountId, accountId));
      return row?.total ?? 0;
    },

    /** Null when an open promise already stands on the account. */
    async addPromise(
      tx: OrmTransaction,
      values: typeof t.collectionPromises.$inferInsert,
    ): Promise<PromiseRow | null> {
      const [row] = await tx
        .insert(t.collectionPromises)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async closePromise(
      tx: OrmTransaction,
      promise: PromiseRow,
      to: 'KEPT' | 'BROKEN',
      closedOn: string,
    ): Promise<boolean> {
      const rows = await tx
        .update(t.collectionPromises)
        .set({ status: to, closedOn })
        .where(
          and(eq(t.collectionPromises.id, promise.id), eq(t.collectionPromises.status, 'OPEN')),
        )
        .returning({ id: t.collectionPromises.id });
      return rows.length > 0;
    },

    async addPromiseHistory(
      tx: OrmTransaction,
      values: typeof t.collectionPromiseHistory.$inferInsert,
    ): Promise<void> {
      await tx.insert(t.collectionPromiseHistory).values(values);
    },

    async openPromises(): Promise<PromiseRow[]> {
      return db.select().from(t.collectionPromises).where(eq(t.collectionPromises.status, 'OPEN'));
    },

    async promisesOf(accountId: string) {
      const promises = await db
        .select()
        .from(t.collectionPromises)
        .where(eq(t.collectionPromises.accountId, accountId))
        .orderBy(desc(t.collectionPromises.recordedAt));
      const history =
        promises.length === 0
          ? []
          : await db
              .select()
              .from(t.collectionPromiseHistory)
              .where(
                inArray(
                  t.collectionPromiseHistory.promiseId,
                  promises.map((p) => p.id),
                ),
              )
              .orderBy(asc(t.collectionPromiseHistory.id));
      return { promises, history };
    },

    async staffNames(ids: string[]): Promise<Map<string, string>> {
      const known = [...new Set(ids)].filter((id) => UUID.test(id));
      if (known.length === 0) return new Map();
      const rows = await db
        .select({ id: t.staffUsers.id, name: t.staffUsers.name })
        .from(t.staffUsers)
        .where(inArray(t.staffUsers.id, known));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** Staff not disabled who hold one of `roles`, by name; `only` narrows them to one id. */
    async activeStaffHolding(
      roles: readonly string[],
      only?: string,
    ): Promise<{ id: string; name: string }[]> {
      if (only !== undefined && !UUID.test(only)) return [];
      return db
        .select({ id: t.staffUsers.id, name: t.staffUsers.name })
        .from(t.staffUsers)
        .where(
          and(
            isNull(t.staffUsers.disabledAt),
            arrayOverlaps(t.staffUsers.roles, [...roles]),
            only === undefined ? undefined : eq(t.staffUsers.id, only),
          ),
        )
        .orderBy(asc(t.staffUsers.name), asc(t.staffUsers.id));
    },

    async assignCase(
      tx: OrmTransaction,
      accountId: string,
      values: Partial<typeof t.collectionCases.$inferInsert>,
    ): Promise<void> {
      await tx
        .update(t.collectionCases)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(t.collectionCases.accountId, accountId));
    },
  };
}

export type CollectionWorkStore = ReturnType<typeof createCollectionWorkStore>;
