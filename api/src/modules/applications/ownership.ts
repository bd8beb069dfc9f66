// What other modules (files, eKYC, psychometric) need of an application without knowing how
// the applications module works: whose it is, and recording a completed progress step.
import { and, eq, sql } from 'drizzle-orm';
import type { ApplicationProgressStep } from '@lending/contracts';
import type { Orm } from '../../db/database';
import { applications } from '../../db/schema';
import { HttpError } from '../../kernel/errors';

export type ApplicationRow = typeof applications.$inferSelect;

/** The applicant's own application; anyone else's answers like one that does not exist. */
export async function findOwnedApplication(
  db: Orm,
  userId: string,
  applicationId: string,
): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)));
  if (!row) throw new HttpError(404, 'Application Not Found', 'APPLICATION_NOT_FOUND');
  return row;
}

export async function findApplication(db: Orm, applicationId: string): Promise<ApplicationRow> {
  const [row] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!row) throw new HttpError(404, 'Application Not Found', 'APPLICATION_NOT_FOUND');
  return row;
}

/** Adds a progress step once (idempotent); `done = false` takes it back (a file deleted). */
export async function recordProgress(
  db: Orm,
  applicationId: string,
  step: ApplicationProgressStep,
  done = true,
): Promise<void> {
  await db
    .update(applications)
    .set({
      progress: done
        ? sql`(select array(select distinct unnest(${applications.progress} || array[${step}]::text[])))`
        : sql`array_remove(${applications.progress}, ${step})`,
      updatedAt: new Date(),
    })
    .where(eq(applications.id, applicationId));
}
