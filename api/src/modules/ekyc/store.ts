import { and, desc, eq } from 'drizzle-orm';

import type { EkycResult } from '../../adapters/ekyc/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import { applicationSections, ekycDocuments, ekycSessions, organizations } from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import type { OrmExecutor } from '../../kernel/transaction';

export type EkycSessionRow = typeof ekycSessions.$inferSelect;
type EkycSessionDocumentKind = (typeof ekycDocuments.$inferSelect)['kind'];

export function createEkycStore(db: Orm, sealer: Sealer) {
  return {
    /** The identity card number the applicant gave on the form, or null when none is saved. */
    async applicantIdentityCardNo(applicationId: string): Promise<string | null> {
      const [section] = await db
        .select({ sealedData: applicationSections.sealedData })
        .from(applicationSections)
        .where(
          and(
            eq(applicationSections.applicationId, applicationId),
            eq(applicationSections.section, 'applicant'),
          ),
        );
      if (!section) return null;
      const data = sealer.openJson<{ identityCardNo?: unknown }>(section.sealedData);
      return typeof data.identityCardNo === 'string' ? data.identityCardNo : null;
    },

    async organizationIdentityCardHash(organizationId: string): Promise<string | null> {
      const [row] = await db
        .select({ hash: organizations.applicantIdentityCardHash })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.hash ?? null;
    },

    async insert(
      values: typeof ekycSessions.$inferInsert,
      tx: OrmExecutor = db,
    ): Promise<EkycSessionRow> {
      const [row] = await tx.insert(ekycSessions).values(values).returning();
      return row!;
    },

    /** Older unfinished sessions of the application: a new link replaces them. */
    async expirePending(applicationId: string, now: Date, tx: OrmExecutor = db): Promise<void> {
      await tx
        .update(ekycSessions)
        .set({ status: 'EXPIRED', updatedAt: now })
        .where(
          and(eq(ekycSessions.applicationId, applicationId), eq(ekycSessions.status, 'PENDING')),
        );
    },

    async findOwned(userId: string, sessionId: string): Promise<EkycSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(ekycSessions)
        .where(and(eq(ekycSessions.id, sessionId), eq(ekycSessions.userId, userId)));
      return row;
    },

    async latestFor(applicationId: string): Promise<EkycSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(ekycSessions)
        .where(eq(ekycSessions.applicationId, applicationId))
        .orderBy(desc(ekycSessions.createdAt))
        .limit(1);
      return row;
    },

    async markExpired(sessionId: string, now: Date): Promise<EkycSessionRow> {
      const [row] = await db
        .update(ekycSessions)
        .set({ status: 'EXPIRED', updatedAt: now })
        .where(eq(ekycSessions.id, sessionId))
        .returning();
      return row!;
    },

    /** The provider's verdict, consent and images (sealed), all or nothing. */
    async saveResult(session: EkycSessionRow, result: EkycResult, now: Date) {
      return db.transaction(async (tx) => {
        if (result.images.length > 0) {
          await tx.insert(ekycDocuments).values(
            result.images.map((image) => ({
              sessionId: session.id,
              kind: image.kind,
              contentType: image.contentType,
              sizeBytes: image.content.length,
              sealedContent: sealer.sealBytes(image.content),
            })),
          );
        }
        const [row] = await tx
          .update(ekycSessions)
          .set({
            status: result.state,
            resultMessage: result.message,
            consentTextVersion: result.consent.textVersion,
            consentAt: result.consent.at,
            consentIp: result.consent.ip,
            completedAt: result.completedAt,
            updatedAt: now,
          })
          .where(eq(ekycSessions.id, session.id))
          .returning();
        await writeAudit(tx, {
          action: 'ekyc.biometric_consent',
          actor: `user:${session.userId}`,
          subject: `application:${session.applicationId}`,
          entity: `ekyc-session:${session.id}`,
          ip: result.consent.ip,
          at: result.consent.at,
          detail: { sessionId: session.id, textVersion: result.consent.textVersion },
        });
        await writeAudit(tx, {
          action: 'ekyc.completed',
          actor: `system:ekyc-${session.provider}`,
          subject: `application:${session.applicationId}`,
          entity: `ekyc-session:${session.id}`,
          from: session.status,
          to: result.state,
          ip: null,
          at: now,
          detail: { sessionId: session.id, result: result.state },
        });
        return row!;
      });
    },

    async markConfirmed(sessionId: string, now: Date, ip: string | null, userId: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(ekycSessions)
          .set({ confirmedAt: now, updatedAt: now })
          .where(eq(ekycSessions.id, sessionId))
          .returning();
        await writeAudit(tx, {
          action: 'ekyc.confirmed',
          actor: `user:${userId}`,
          subject: `application:${row!.applicationId}`,
          entity: `ekyc-session:${sessionId}`,
          ip,
          at: now,
          detail: { sessionId },
        });
        return row!;
      });
    },

    async sessionOf(applicationId: string, sessionId: string) {
      const [row] = await db
        .select()
        .from(ekycSessions)
        .where(and(eq(ekycSessions.id, sessionId), eq(ekycSessions.applicationId, applicationId)));
      return row;
    },

    /** Which images a session holds, without reading them. */
    async imageKinds(sessionId: string) {
      return db
        .select({ kind: ekycDocuments.kind, contentType: ekycDocuments.contentType })
        .from(ekycDocuments)
        .where(eq(ekycDocuments.sessionId, sessionId));
    },

    async document(sessionId: string, kind: EkycSessionDocumentKind) {
      const [row] = await db
        .select()
        .from(ekycDocuments)
        .where(and(eq(ekycDocuments.sessionId, sessionId), eq(ekycDocuments.kind, kind)));
      return row;
    },

    async documents(sessionId: string) {
      return db.select().from(ekycDocuments).where(eq(ekycDocuments.sessionId, sessionId));
    },
  };
}

export type EkycStore = ReturnType<typeof createEkycStore>;
