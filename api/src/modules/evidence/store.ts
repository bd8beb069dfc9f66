// What the evidence pack, a person's data export and the retention job read across the loan's
// life: every table here is read as it is, never changed, except by the retention job, which
// marks uploaded files removed and deletes eKYC images (the rows that say they existed stay).
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import { inTransaction } from '../../kernel/transaction';

export type ApplicationRow = typeof t.applications.$inferSelect;
export type AgreementRow = typeof t.agreements.$inferSelect;
export type FileRow = typeof t.applicationFiles.$inferSelect;
export type AgreementDocumentRow = typeof t.agreementDocuments.$inferSelect;
export type AuditRow = typeof t.auditLog.$inferSelect;

/** Statuses whose application is closed without a loan: its documents serve no purpose after
 *  the retention period. */
export const CLOSED_WITHOUT_LOAN = ['REJECTED', 'CANCELLED'] as const;

export interface ExpiredApplication {
  id: string;
  userId: string;
  status: string;
  closedAt: Date;
}

export function createEvidenceStore(db: Orm) {
  async function ekycSessionsOf(applicationIds: string[]) {
    if (applicationIds.length === 0) return [];
    return db
      .select()
      .from(t.ekycSessions)
      .where(inArray(t.ekycSessions.applicationId, applicationIds))
      .orderBy(asc(t.ekycSessions.createdAt));
  }

  return {
    async application(applicationId: string): Promise<ApplicationRow | undefined> {
      const [row] = await db
        .select()
        .from(t.applications)
        .where(eq(t.applications.id, applicationId));
      return row;
    },

    async applicationsOf(userId: string): Promise<ApplicationRow[]> {
      return db
        .select()
        .from(t.applications)
        .where(eq(t.applications.userId, userId))
        .orderBy(asc(t.applications.createdAt));
    },

    async organization(organizationId: string) {
      const [row] = await db
        .select()
        .from(t.organizations)
        .where(eq(t.organizations.id, organizationId));
      return row;
    },

    async sectionsOf(applicationId: string) {
      return db
        .select()
        .from(t.applicationSections)
        .where(eq(t.applicationSections.applicationId, applicationId));
    },

    async applicationHistory(applicationId: string) {
      return db
        .select()
        .from(t.applicationStatusHistory)
        .where(eq(t.applicationStatusHistory.applicationId, applicationId))
        .orderBy(asc(t.applicationStatusHistory.at), asc(t.applicationStatusHistory.id));
    },

    async agreementOf(applicationId: string): Promise<AgreementRow | undefined> {
      const [row] = await db
        .select()
        .from(t.agreements)
        .where(eq(t.agreements.applicationId, applicationId));
      return row;
    },

    async agreementsOfUser(userId: string): Promise<AgreementRow[]> {
      return db
        .select()
        .from(t.agreements)
        .where(eq(t.agreements.userId, userId))
        .orderBy(asc(t.agreements.createdAt));
    },

    /** The agreement's guarantors with their identity checks, in their order. */
    async guarantorChecksOf(agreementId: string) {
      return db
        .select({
          position: t.agreementGuarantors.position,
          role: t.agreementGuarantors.role,
          nameSealed: t.agreementGuarantors.nameSealed,
          idNoSealed: t.agreementGuarantors.idNoSealed,
          required: t.agreementGuarantors.required,
          status: t.agreementGuarantors.status,
          ekycProviderRef: t.agreementGuarantors.ekycProviderRef,
          ekycMessage: t.agreementGuarantors.ekycMessage,
          verifiedAt: t.agreementGuarantors.verifiedAt,
        })
        .from(t.agreementGuarantors)
        .where(eq(t.agreementGuarantors.agreementId, agreementId))
        .orderBy(asc(t.agreementGuarantors.position));
    },

    async agreementHistory(agreementId: string) {
      return db
        .select()
        .from(t.agreementStatusHistory)
        .where(eq(t.agreementStatusHistory.agreementId, agreementId))
        .orderBy(asc(t.agreementStatusHistory.at), asc(t.agreementStatusHistory.id));
    },

    async user(userId: string) {
      const [row] = await db.select().from(t.users).where(eq(t.users.id, userId));
      return row;
    },

    async registration(userId: string) {
      const [row] = await db
        .select()
        .from(t.registrations)
        .where(eq(t.registrations.userId, userId));
      return row;
    },

    ekycSessionsOf,

    /** Which images each session holds (kind, type, size), never the images themselves. */
    async ekycImagesOf(sessionIds: string[]) {
      if (sessionIds.length === 0) return [];
      return db
        .select({
          sessionId: t.ekycDocuments.sessionId,
          kind: t.ekycDocuments.kind,
          contentType: t.ekycDocuments.contentType,
          sizeBytes: t.ekycDocuments.sizeBytes,
          createdAt: t.ekycDocuments.createdAt,
        })
        .from(t.ekycDocuments)
        .where(inArray(t.ekycDocuments.sessionId, sessionIds));
    },

    /** Every document uploaded for the application that is still kept, whatever its kind. */
    async liveFilesOf(applicationId: string): Promise<FileRow[]> {
      return db
        .select()
        .from(t.applicationFiles)
        .where(
          and(
            eq(t.applicationFiles.applicationId, applicationId),
            isNull(t.applicationFiles.deletedAt),
          ),
        )
        .orderBy(asc(t.applicationFiles.createdAt));
    },

    /** Every upload, kept or removed: what the trail and the person's export list. */
    async allFilesOf(applicationId: string): Promise<FileRow[]> {
      return db
        .select()
        .from(t.applicationFiles)
        .where(eq(t.applicationFiles.applicationId, applicationId))
        .orderBy(asc(t.applicationFiles.createdAt));
    },

    async attestation(agreementId: string) {
      const [choice] = await db
        .select()
        .from(t.attestations)
        .where(eq(t.attestations.agreementId, agreementId));
      const viewings = await db
        .select()
        .from(t.attestationViewings)
        .where(eq(t.attestationViewings.agreementId, agreementId))
        .orderBy(asc(t.attestationViewings.startedAt));
      const checks = await db
        .select()
        .from(t.attestationChecks)
        .where(eq(t.attestationChecks.agreementId, agreementId))
        .orderBy(asc(t.attestationChecks.submittedAt));
      const bookings = await db
        .select({
          booking: t.attestationBookings,
          startsAt: t.attestationSlots.startsAt,
          endsAt: t.attestationSlots.endsAt,
          officerId: t.attestationSlots.officerId,
        })
        .from(t.attestationBookings)
        .innerJoin(t.attestationSlots, eq(t.attestationSlots.id, t.attestationBookings.slotId))
        .where(eq(t.attestationBookings.agreementId, agreementId))
        .orderBy(asc(t.attestationBookings.createdAt));
      return { choice, viewings, checks, bookings };
    },

    async agreementDocumentsOf(agreementId: string): Promise<AgreementDocumentRow[]> {
      return db
        .select()
        .from(t.agreementDocuments)
        .where(eq(t.agreementDocuments.agreementId, agreementId))
        .orderBy(asc(t.agreementDocuments.createdAt), asc(t.agreementDocuments.version));
    },

    async signaturesOf(agreementId: string) {
      return db
        .select()
        .from(t.agreementSignatures)
        .where(eq(t.agreementSignatures.agreementId, agreementId))
        .orderBy(asc(t.agreementSignatures.signedAt));
    },

    /** What each signer opened before asking for a signing code, first opening of each version. */
    async documentReadsOf(agreementId: string) {
      return db
        .select()
        .from(t.signingDocumentReads)
        .where(eq(t.signingDocumentReads.agreementId, agreementId))
        .orderBy(asc(t.signingDocumentReads.openedAt), asc(t.signingDocumentReads.id));
    },

    /** The notice template versions an agreement froze: which text its borrower was shown. */
    async templateVersions(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: t.masterFiles.id,
          entityId: t.masterFiles.entityId,
          version: t.masterFiles.version,
          originalFileName: t.masterFiles.originalFileName,
          sha256: t.masterFiles.sha256,
        })
        .from(t.masterFiles)
        .where(inArray(t.masterFiles.id, ids));
    },

    async stampOf(agreementId: string) {
      const [row] = await db
        .select()
        .from(t.agreementStamps)
        .where(eq(t.agreementStamps.agreementId, agreementId));
      return row;
    },

    async paymentsOf(agreementIds: string[]) {
      if (agreementIds.length === 0) return [];
      return db
        .select({ payment: t.payments, receipt: t.paymentReceipts })
        .from(t.payments)
        .leftJoin(t.paymentReceipts, eq(t.paymentReceipts.paymentId, t.payments.id))
        .where(inArray(t.payments.agreementId, agreementIds))
        .orderBy(asc(t.payments.paidAt), asc(t.payments.receiptNo));
    },

    /** The loan's collection record: every contact made (the log, as written once), the letters
     *  sent, terminations and promises to pay, oldest first. */
    async collectionsOf(agreementId: string) {
      const [contacts, letters, terminations, promises] = await Promise.all([
        db
          .select()
          .from(t.collectionContacts)
          .where(eq(t.collectionContacts.agreementId, agreementId))
          .orderBy(asc(t.collectionContacts.at)),
        db
          .select()
          .from(t.collectionLetters)
          .where(eq(t.collectionLetters.agreementId, agreementId))
          .orderBy(asc(t.collectionLetters.createdAt)),
        db
          .select()
          .from(t.accountTerminations)
          .where(eq(t.accountTerminations.agreementId, agreementId))
          .orderBy(asc(t.accountTerminations.proposedAt)),
        db
          .select({ promise: t.collectionPromises })
          .from(t.collectionPromises)
          .innerJoin(t.loanAccounts, eq(t.loanAccounts.id, t.collectionPromises.accountId))
          .where(eq(t.loanAccounts.agreementId, agreementId))
          .orderBy(asc(t.collectionPromises.recordedAt)),
      ]);
      return { contacts, letters, terminations, promises: promises.map((row) => row.promise) };
    },

    /** What else of the loan's life the audit log names rows by: payouts, the loan account and
     *  its schedule, online payments and direct-debit mandates. */
    async loanEntityRefs(agreementId: string): Promise<string[]> {
      const [payouts, accounts, schedules, online, mandates] = await Promise.all([
        db
          .select({ id: t.disbursements.id })
          .from(t.disbursements)
          .where(eq(t.disbursements.agreementId, agreementId)),
        db
          .select({ id: t.loanAccounts.id })
          .from(t.loanAccounts)
          .where(eq(t.loanAccounts.agreementId, agreementId)),
        db
          .select({ id: t.repaymentSchedules.id })
          .from(t.repaymentSchedules)
          .where(eq(t.repaymentSchedules.agreementId, agreementId)),
        db
          .select({ id: t.gatewayPayments.id })
          .from(t.gatewayPayments)
          .where(eq(t.gatewayPayments.agreementId, agreementId)),
        db
          .select({ id: t.mandates.id })
          .from(t.mandates)
          .where(eq(t.mandates.agreementId, agreementId)),
      ]);
      return [
        ...payouts.map((row) => `disbursement:${row.id}`),
        // The account is named both ways.
        ...accounts.flatMap((row) => [`account:${row.id}`, `loan-account:${row.id}`]),
        ...schedules.map((row) => `schedule:${row.id}`),
        ...online.map((row) => `gateway-payment:${row.id}`),
        ...mandates.map((row) => `mandate:${row.id}`),
      ];
    },

    /** The audit rows about any of these entities (`application:<id>`, `file:<id>`...), oldest
     *  first; rows that predate the entity column name it as their subject. */
    async auditOf(refs: string[]): Promise<AuditRow[]> {
      if (refs.length === 0) return [];
      return db
        .select()
        .from(t.auditLog)
        .where(or(inArray(t.auditLog.entity, refs), inArray(t.auditLog.subject, refs)))
        .orderBy(asc(t.auditLog.at), asc(t.auditLog.id));
    },

    /**
     * Applications rejected or cancelled no later than `closedBefore`, that still hold a document
     * or an eKYC image: what the retention job has left to do (none, once it has run).
     */
    async expiredWithDocuments(tenant: string, closedBefore: Date): Promise<ExpiredApplication[]> {
      const closedAt = sql<Date>`max(${t.applicationStatusHistory.at})`.mapWith(
        t.applicationStatusHistory.at,
      );
      const holdsDocuments = sql`(exists (select 1 from ${t.applicationFiles} where ${t.applicationFiles.applicationId} = ${t.applications.id} and ${t.applicationFiles.deletedAt} is null) or exists (select 1 from ${t.ekycDocuments} join ${t.ekycSessions} on ${t.ekycSessions.id} = ${t.ekycDocuments.sessionId} where ${t.ekycSessions.applicationId} = ${t.applications.id}))`;
      return db
        .select({
          id: t.applications.id,
          userId: t.applications.userId,
          status: t.applications.status,
          closedAt,
        })
        .from(t.applications)
        .innerJoin(
          t.applicationStatusHistory,
          and(
            eq(t.applicationStatusHistory.applicationId, t.applications.id),
            eq(t.applicationStatusHistory.toStatus, t.applications.status),
          ),
        )
        .where(
          and(
            eq(t.applications.tenant, tenant),
            inArray(t.applications.status, [...CLOSED_WITHOUT_LOAN]),
            holdsDocuments,
          ),
        )
        .groupBy(t.applications.id)
        .having(
          sql`max(${t.applicationStatusHistory.at}) <= ${closedBefore.toISOString()}::timestamptz`,
        );
    },

    async tenants(): Promise<string[]> {
      return (await db.select({ id: t.tenants.id }).from(t.tenants)).map((row) => row.id);
    },

    /**
     * Removes an expired application's documents in one transaction with its audit row: uploaded
     * files are marked removed (the caller then deletes their bytes from storage), eKYC images are
     * deleted. Answers the storage keys to delete; a second run finds nothing and writes nothing.
     */
    async removeDocuments(
      application: ExpiredApplication,
      at: Date,
      retentionDays: number,
    ): Promise<{ storageKeys: string[]; files: number; ekycImages: number }> {
      return inTransaction(db, async (tx) => {
        const files = await tx
          .update(t.applicationFiles)
          .set({ deletedAt: at })
          .where(
            and(
              eq(t.applicationFiles.applicationId, application.id),
              isNull(t.applicationFiles.deletedAt),
            ),
          )
          .returning({ id: t.applicationFiles.id, storageKey: t.applicationFiles.storageKey });
        const sessions = tx
          .select({ id: t.ekycSessions.id })
          .from(t.ekycSessions)
          .where(eq(t.ekycSessions.applicationId, application.id));
        const images = await tx
          .delete(t.ekycDocuments)
          .where(inArray(t.ekycDocuments.sessionId, sessions))
          .returning({ sessionId: t.ekycDocuments.sessionId, kind: t.ekycDocuments.kind });
        if (files.length === 0 && images.length === 0) {
          return { storageKeys: [], files: 0, ekycImages: 0 };
        }
        await writeAudit(tx, {
          action: 'retention.documents_removed',
          actor: 'system:retention',
          subject: `user:${application.userId}`,
          entity: `application:${application.id}`,
          at,
          detail: {
            status: application.status,
            closedAt: application.closedAt.toISOString(),
            retentionDays,
            fileIds: files.map((file) => file.id),
            ekycImages: images.map((image) => `${image.sessionId}/${image.kind}`),
          },
        });
        return {
          storageKeys: files.map((file) => file.storageKey),
          files: files.length,
          ekycImages: images.length,
        };
      });
    },
  };
}

export type EvidenceStore = ReturnType<typeof createEvidenceStore>;
