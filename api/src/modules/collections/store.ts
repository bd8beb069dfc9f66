// The collections module's one way into the database: each account's collection case (stage and
// arrears as last read), its stage history, the reminders sent and the letters.
import { borrowerName } from '@lending/domain';
import { and, asc, count, desc, eq, gte, isNull, max, ne, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type CaseRow = typeof t.collectionCases.$inferSelect;
export type LetterRow = typeof t.collectionLetters.$inferSelect;
export type ReminderRow = typeof t.collectionReminders.$inferSelect;

export function createCollectionStore(db: Orm) {
  return {
    /** Every case row, by account: the job compares before it writes, so a run that finds
     *  nothing new writes nothing. An account with no row is CURRENT. */
    async cases(): Promise<Map<string, CaseRow>> {
      const rows = await db.select().from(t.collectionCases);
      return new Map(rows.map((row) => [row.accountId, row]));
    },

    /** The account's case, created CURRENT if it has none, locked until the transaction ends. */
    async lockCase(tx: OrmTransaction, accountId: string, asOf: string): Promise<CaseRow> {
      await tx.insert(t.collectionCases).values({ accountId, asOf }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(t.collectionCases)
        .where(eq(t.collectionCases.accountId, accountId))
        .for('update');
      return row!;
    },

    async updateCase(
      tx: OrmTransaction,
      row: CaseRow,
      values: Partial<Omit<CaseRow, 'accountId' | 'version'>>,
    ): Promise<void> {
      await tx
        .update(t.collectionCases)
        .set({ ...values, version: row.version + 1, updatedAt: new Date() })
        .where(eq(t.collectionCases.accountId, row.accountId));
    },

    async addStageHistory(
      tx: OrmTransaction,
      values: typeof t.collectionStageHistory.$inferInsert,
    ): Promise<void> {
      await tx.insert(t.collectionStageHistory).values(values);
    },

    /** Reminders already taken for instalments due on `from` or later: `account:instalment`. */
    async remindedSince(from: string): Promise<Set<string>> {
      const rows = await db
        .select({
          accountId: t.collectionReminders.accountId,
          instalmentNo: t.collectionReminders.instalmentNo,
        })
        .from(t.collectionReminders)
        .where(gte(t.collectionReminders.dueDate, from));
      return new Set(rows.map((row) => `${row.accountId}:${row.instalmentNo}`));
    },

    /** Takes the instalment's one reminder; null when it was taken before. */
    async claimReminder(
      values: typeof t.collectionReminders.$inferInsert,
      executor: OrmExecutor = db,
    ): Promise<ReminderRow | null> {
      const [row] = await executor
        .insert(t.collectionReminders)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Reminders the email channel did not take, for instalments not yet due, with the account. */
    async unsentReminders(from: string) {
      return db
        .select({ reminder: t.collectionReminders, agreementId: t.loanAccounts.agreementId })
        .from(t.collectionReminders)
        .innerJoin(t.loanAccounts, eq(t.loanAccounts.id, t.collectionReminders.accountId))
        .where(
          and(isNull(t.collectionReminders.emailSentAt), gte(t.collectionReminders.dueDate, from)),
        )
        .orderBy(asc(t.collectionReminders.createdAt))
        .limit(500);
    },

    async markReminderSent(
      id: string,
      values: { emailSentAt?: Date | null; smsSentAt?: Date | null },
    ): Promise<void> {
      await db.update(t.collectionReminders).set(values).where(eq(t.collectionReminders.id, id));
    },

    async nextLetterVersion(
      tx: OrmTransaction,
      accountId: string,
      kind: LetterRow['kind'],
    ): Promise<number> {
      const [row] = await tx
        .select({ last: max(t.collectionLetters.version) })
        .from(t.collectionLetters)
        .where(
          and(eq(t.collectionLetters.accountId, accountId), eq(t.collectionLetters.kind, kind)),
        );
      return (row?.last ?? 0) + 1;
    },

    async insertLetter(
      tx: OrmTransaction,
      values: typeof t.collectionLetters.$inferInsert,
    ): Promise<LetterRow> {
      const [row] = await tx.insert(t.collectionLetters).values(values).returning();
      return row!;
    },

    async letter(id: string): Promise<LetterRow | undefined> {
      const [row] = await db
        .select()
        .from(t.collectionLetters)
        .where(eq(t.collectionLetters.id, id));
      return row;
    },

    /** An agreement's letters, newest first. */
    async lettersOf(agreementId: string): Promise<LetterRow[]> {
      return db
        .select()
        .from(t.collectionLetters)
        .where(eq(t.collectionLetters.agreementId, agreementId))
        .orderBy(desc(t.collectionLetters.createdAt), desc(t.collectionLetters.version));
    },

    async unemailedLetters(): Promise<LetterRow[]> {
      return db
        .select()
        .from(t.collectionLetters)
        .where(isNull(t.collectionLetters.emailedAt))
        .orderBy(asc(t.collectionLetters.createdAt))
        .limit(500);
    },

    async markLetterEmailed(id: string, at: Date): Promise<void> {
      await db
        .update(t.collectionLetters)
        .set({ emailedAt: at })
        .where(eq(t.collectionLetters.id, id));
    },

    /** Active accounts not CURRENT, most days past due first, with the borrower named by the rule
     *  every document of a loan follows and how many letters they were sent. */
    async inArrears(stage?: CaseRow['stage']) {
      const letters = db
        .select({ accountId: t.collectionLetters.accountId, letters: count().as('letters') })
        .from(t.collectionLetters)
        .groupBy(t.collectionLetters.accountId)
        .as('letter_counts');
      const rows = await db
        .select({
          case: t.collectionCases,
          agreementId: t.loanAccounts.agreementId,
          agreementNo: t.agreements.agreementNo,
          organizationType: t.organizations.organizationType,
          companyName: t.organizations.companyName,
          applicantName: t.organizations.applicantName,
          letters: sql<number>`coalesce(${letters.letters}, 0)`.mapWith(Number),
        })
        .from(t.collectionCases)
        .innerJoin(t.loanAccounts, eq(t.loanAccounts.id, t.collectionCases.accountId))
        .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
        .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
        .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
        .leftJoin(letters, eq(letters.accountId, t.collectionCases.accountId))
        .where(
          and(
            eq(t.loanAccounts.status, 'ACTIVE'),
            stage ? eq(t.collectionCases.stage, stage) : ne(t.collectionCases.stage, 'CURRENT'),
          ),
        )
        .orderBy(desc(t.collectionCases.daysPastDue), asc(t.agreements.agreementNo))
        .limit(500);
      return rows.map(({ organizationType, companyName, applicantName, ...row }) => ({
        ...row,
        borrowerName: borrowerName({ organizationType, companyName, applicantName }),
      }));
    },

    /** The agreement's borrower as its letters name it: the business, or a sole proprietor
     *  trading as it, never only the person who applied. */
    async borrowerNameOf(agreementId: string): Promise<string> {
      const [row] = await db
        .select({
          organizationType: t.organizations.organizationType,
          companyName: t.organizations.companyName,
          applicantName: t.organizations.applicantName,
        })
        .from(t.agreements)
        .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
        .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
        .where(eq(t.agreements.id, agreementId));
      return row ? borrowerName(row) : '';
    },

    /** The case of an agreement's account (undefined while it never left CURRENT). */
    async caseOfAgreement(agreementId: string): Promise<CaseRow | undefined> {
      const [row] = await db
        .select({ case: t.collectionCases })
        .from(t.collectionCases)
        .innerJoin(t.loanAccounts, eq(t.loanAccounts.id, t.collectionCases.accountId))
        .where(eq(t.loanAccounts.agreementId, agreementId));
      return row?.case;
    },
  };
}

export type CollectionStore = ReturnType<typeof createCollectionStore>;
