// Agreement documents tables (migrations/0640_agreement_documents.sql): frozen document versions,
// the signatures on them, the certificate authority's keys and the stamp certificate.
import { date, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const agreementDocuments = pgTable(
  'agreement_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    stage: text('stage').notNull(),
    termsSha256: text('terms_sha256').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    verificationCode: text('verification_code').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** A deed of guarantee's guarantor (migrations/0661); null for the agreement's own files. */
    guarantorId: uuid('guarantor_id'),
    /** The first repayment date a frozen agreement states (migrations/0705). */
    firstRepaymentDate: date('first_repayment_date', { mode: 'string' }),
  },
  // Unique on (agreement, kind, guarantor or none, version): an expression index, see 0661.
);

export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => agreementDocuments.id),
    role: text('role').notNull(),
    signerRef: text('signer_ref').notNull(),
    signerName: text('signer_name').notNull(),
    signerIdNo: text('signer_id_no').notNull(),
    signedAt: timestamptz('signed_at').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    otpVerifiedAt: timestamptz('otp_verified_at').notNull(),
    otpSentTo: text('otp_sent_to').notNull(),
    signedSha256: text('signed_sha256').notNull(),
    certificateSerial: text('certificate_serial').notNull(),
  },
  (table) => [unique().on(table.agreementId, table.signerRef)],
);

export const certificateAuthorityRoots = pgTable('certificate_authority_roots', {
  name: text('name').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const certificateAuthorityCertificates = pgTable('certificate_authority_certificates', {
  holderFingerprint: text('holder_fingerprint').primaryKey(),
  serial: text('serial').notNull().unique(),
  subjectName: text('subject_name').notNull(),
  certificatePem: text('certificate_pem').notNull(),
  privateKey: text('private_key').notNull(),
  issuedAt: timestamptz('issued_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export const agreementStamps = pgTable('agreement_stamps', {
  agreementId: uuid('agreement_id')
    .primaryKey()
    .references(() => agreements.id, { onDelete: 'cascade' }),
  certificateNo: text('certificate_no').notNull(),
  documentId: uuid('document_id')
    .notNull()
    .references(() => agreementDocuments.id),
  issuedAt: timestamptz('issued_at').notNull(),
});
