// The case file's way into the database: internal notes (its own), and reading what the
// underwriting decisions wrote about an application (interviews, referrals back,
// recommendations and approvals), the application's audit rows and the names of the staff
// who appear in them. It writes only notes and the audit rows of staff reading the file.
import { asc, desc, eq, inArray, or } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { type AuditEntry, writeAudit } from '../../kernel/audit';

export type NoteRow = typeof t.applicationNotes.$inferSelect;
export type InterviewRow = typeof t.applicationInterviews.$inferSelect;
export type ReferbackRow = typeof t.applicationReferbacks.$inferSelect;
export type AuditRow = typeof t.auditLog.$inferSelect;

/** The newest audit rows a file shows; older ones stay in the log. */
const AUDIT_TRAIL_LIMIT = 500;

export function createCaseFileStore(db: Orm) {
  return {
    async notesOf(applicationId: string): Promise<NoteRow[]> {
      return db
        .select()
        .from(t.applicationNotes)
        .where(eq(t.applicationNotes.applicationId, applicationId))
        .orderBy(asc(t.applicationNotes.createdAt), asc(t.applicationNotes.id));
    },

    /** A note and its audit row, together. */
    async addNote(
      values: { applicationId: string; staffId: string; body: string },
      audit: Omit<AuditEntry, 'entity' | 'action'>,
    ): Promise<NoteRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(t.applicationNotes).values(values).returning();
        await writeAudit(tx, {
          ...audit,
          action: 'case_file.note_added',
          entity: `note:${row!.id}`,
          // What a note says stays in the note: the audit row only says one was written.
          detail: { noteId: row!.id, length: values.body.length },
        });
        return row!;
      });
    },

    /** The interview asked for last, if any. */
    async currentInterview(applicationId: string): Promise<InterviewRow | undefined> {
      const [row] = await db
        .select()
        .from(t.applicationInterviews)
        .where(eq(t.applicationInterviews.applicationId, applicationId))
        .orderBy(desc(t.applicationInterviews.requestedAt))
        .limit(1);
      return row;
    },

    async referbacksOf(applicationId: string): Promise<ReferbackRow[]> {
      return db
        .select()
        .from(t.applicationReferbacks)
        .where(eq(t.applicationReferbacks.applicationId, applicationId))
        .orderBy(desc(t.applicationReferbacks.requestedAt));
    },

    /** Audit rows about the application (as subject or entity), oldest first. */
    async auditTrail(applicationId: string): Promise<AuditRow[]> {
      const ref = `application:${applicationId}`;
      const rows = await db
        .select()
        .from(t.auditLog)
        .where(or(eq(t.auditLog.subject, ref), eq(t.auditLog.entity, ref)))
        .orderBy(desc(t.auditLog.at), desc(t.auditLog.id))
        .limit(AUDIT_TRAIL_LIMIT);
      return rows.reverse();
    },

    async staffByIds(ids: string[]): Promise<{ id: string; name: string; email: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: t.staffUsers.id, name: t.staffUsers.name, email: t.staffUsers.email })
        .from(t.staffUsers)
        .where(inArray(t.staffUsers.id, ids));
    },

    /** Records that staff read a personal document or image. */
    async recordView(entry: AuditEntry): Promise<void> {
      await writeAudit(db, entry);
    },
  };
}

export type CaseFileStore = ReturnType<typeof createCaseFileStore>;
