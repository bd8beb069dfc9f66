// The agreement documents module's way into the database: document versions, signatures and the
// stamp certificate.
import { borrowerName } from '@lending/domain';
import { and, desc, eq } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor } from '../../kernel/transaction';

export type DocumentRow = typeof t.agreementDocuments.$inferSelect;
export type NewDocument = Omit<typeof t.agreementDocuments.$inferInsert, 'createdAt'>;
export type SignatureRow = typeof t.agreementSignatures.$inferSelect;
export type NewSignature = Omit<typeof t.agreementSignatures.$inferInsert, 'id'>;
export type StampRow = typeof t.agreementStamps.$inferSelect;

export type DocumentKind = 'AGREEMENT' | 'STAMP_CERTIFICATE' | 'GUARANTEE';
export type DocumentStage = 'FROZEN' | 'SIGNED' | 'COMPLETED' | 'ISSUED';

export function createAgreementDocumentStore(db: Orm) {
  return {
    async latest(
      agreementId: string,
      kind: DocumentKind,
      on: OrmExecutor = db,
    ): Promise<DocumentRow | undefined> {
      const [row] = await on
        .select()
        .from(t.agreementDocuments)
        .where(
          and(
            eq(t.agreementDocuments.agreementId, agreementId),
            eq(t.agreementDocuments.kind, kind),
          ),
        )
        .orderBy(desc(t.agreementDocuments.version))
        .limit(1);
      return row;
    },

    /** The agreement's borrower by the rule every document of the loan follows. Given the
     *  transaction that holds the agreement, it reads there: a read beside it would wait on it. */
    async borrowerNameOf(agreementId: string, on: OrmExecutor = db): Promise<string> {
      const [row] = await on
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

    /** The newest frozen agreement: the version the signatures that followed were put on. */
    async latestFrozenAgreement(agreementId: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(t.agreementDocuments)
        .where(
          and(
            eq(t.agreementDocuments.agreementId, agreementId),
            eq(t.agreementDocuments.kind, 'AGREEMENT'),
            eq(t.agreementDocuments.stage, 'FROZEN'),
          ),
        )
        .orderBy(desc(t.agreementDocuments.version))
        .limit(1);
      return row;
    },

    /** The newest version of one guarantor's deed of guarantee. */
    async latestGuarantee(
      guarantorId: string,
      on: OrmExecutor = db,
    ): Promise<DocumentRow | undefined> {
      const [row] = await on
        .select()
        .from(t.agreementDocuments)
        .where(
          and(
            eq(t.agreementDocuments.guarantorId, guarantorId),
            eq(t.agreementDocuments.kind, 'GUARANTEE'),
          ),
        )
        .orderBy(desc(t.agreementDocuments.version))
        .limit(1);
      return row;
    },

    /** The sealed particulars of the security staff recommended (secured loans). */
    async securityOf(recommendationId: string): Promise<string | null> {
      const [row] = await db
        .select({ sealed: t.applicationRecommendations.securitySealed })
        .from(t.applicationRecommendations)
        .where(eq(t.applicationRecommendations.id, recommendationId));
      return row?.sealed ?? null;
    },

    async versions(agreementId: string, kind: DocumentKind, on: OrmExecutor = db) {
      return on
        .select()
        .from(t.agreementDocuments)
        .where(
          and(
            eq(t.agreementDocuments.agreementId, agreementId),
            eq(t.agreementDocuments.kind, kind),
          ),
        )
        .orderBy(t.agreementDocuments.version);
    },

    /** Null when another writer took this version first. */
    async insertDocument(document: NewDocument, on: OrmExecutor = db): Promise<DocumentRow | null> {
      const [row] = await on
        .insert(t.agreementDocuments)
        .values(document)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async byVerificationCode(code: string): Promise<DocumentRow[]> {
      return db
        .select()
        .from(t.agreementDocuments)
        .where(eq(t.agreementDocuments.verificationCode, code))
        .orderBy(t.agreementDocuments.kind, t.agreementDocuments.version);
    },

    async signatures(agreementId: string, on: OrmExecutor = db): Promise<SignatureRow[]> {
      return on
        .select()
        .from(t.agreementSignatures)
        .where(eq(t.agreementSignatures.agreementId, agreementId))
        .orderBy(t.agreementSignatures.signedAt);
    },

    async insertSignature(signature: NewSignature, on: OrmExecutor): Promise<boolean> {
      const rows = await on
        .insert(t.agreementSignatures)
        .values(signature)
        .onConflictDoNothing()
        .returning({ id: t.agreementSignatures.id });
      return rows.length === 1;
    },

    async stamp(agreementId: string, on: OrmExecutor = db): Promise<StampRow | undefined> {
      const [row] = await on
        .select()
        .from(t.agreementStamps)
        .where(eq(t.agreementStamps.agreementId, agreementId));
      return row;
    },

    async insertStamp(stamp: StampRow, on: OrmExecutor): Promise<void> {
      await on.insert(t.agreementStamps).values(stamp);
    },
  };
}

export type AgreementDocumentStore = ReturnType<typeof createAgreementDocumentStore>;
