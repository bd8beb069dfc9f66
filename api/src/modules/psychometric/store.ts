import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { psychometricAttempts } from '../../db/schema';
import type { OrmExecutor } from '../../kernel/transaction';

export type PsychometricAttemptRow = typeof psychometricAttempts.$inferSelect;

export function createPsychometricStore(db: Orm) {
  return {
    /** Records the answers and the score on an attempt not yet submitted, through `tx` (the
     *  submission's transaction); false when it was submitted already. */
    async markSubmitted(
      tx: OrmExecutor,
      attemptId: string,
      result: Pick<
        typeof psychometricAttempts.$inferInsert,
        'submittedAt' | 'answers' | 'outcome' | 'score' | 'dimensionScores' | 'invalidReasons'
      >,
    ): Promise<boolean> {
      const taken = await tx
        .update(psychometricAttempts)
        .set(result)
        .where(
          and(eq(psychometricAttempts.id, attemptId), isNull(psychometricAttempts.submittedAt)),
        )
        .returning({ id: psychometricAttempts.id });
      return taken.length > 0;
    },

    /** The attempt still open for the application, if any: a reload keeps its start time. */
    async openAttempt(applicationId: string): Promise<PsychometricAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(psychometricAttempts)
        .where(
          and(
            eq(psychometricAttempts.applicationId, applicationId),
            isNull(psychometricAttempts.submittedAt),
          ),
        )
        .orderBy(desc(psychometricAttempts.startedAt))
        .limit(1);
      return row;
    },

    async start(values: typeof psychometricAttempts.$inferInsert): Promise<PsychometricAttemptRow> {
      const [row] = await db.insert(psychometricAttempts).values(values).returning();
      return row!;
    },

    async setLanguage(id: string, language: 'EN' | 'MS'): Promise<void> {
      await db
        .update(psychometricAttempts)
        .set({ language })
        .where(eq(psychometricAttempts.id, id));
    },

    /** The application's latest submitted attempt, if any. */
    async latestSubmitted(applicationId: string): Promise<PsychometricAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(psychometricAttempts)
        .where(
          and(
            eq(psychometricAttempts.applicationId, applicationId),
            isNotNull(psychometricAttempts.submittedAt),
          ),
        )
        .orderBy(desc(psychometricAttempts.submittedAt))
        .limit(1);
      return row;
    },

    async find(applicationId: string, attemptId: string) {
      const [row] = await db
        .select()
        .from(psychometricAttempts)
        .where(
          and(
            eq(psychometricAttempts.id, attemptId),
            eq(psychometricAttempts.applicationId, applicationId),
          ),
        );
      return row;
    },
  };
}

export type PsychometricStore = ReturnType<typeof createPsychometricStore>;
