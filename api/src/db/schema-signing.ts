// Signing tables (migrations/0650_signing.sql): one-time signing codes and guarantors.
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const signingCodes = pgTable(
  'signing_codes',
  {
    id: uuid('id').primaryKey(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    signerRef: text('signer_ref').notNull(),
    destinationSealed: text('destination_sealed').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    index('signing_codes_signer_idx').on(table.agreementId, table.signerRef, table.createdAt),
  ],
);

export const agreementGuarantors = pgTable(
  'agreement_guarantors',
  {
    id: uuid('id').primaryKey(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: ['PARTNER', 'DIRECTOR'] }).notNull(),
    nameSealed: text('name_sealed').notNull(),
    idNoSealed: text('id_no_sealed').notNull(),
    idNoFingerprint: text('id_no_fingerprint').notNull(),
    emailSealed: text('email_sealed').notNull(),
    phoneSealed: text('phone_sealed').notNull(),
    required: boolean('required').notNull().default(true),
    status: text('status', { enum: ['INVITED', 'VERIFIED', 'SIGNED'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    tokenExpiresAt: timestamptz('token_expires_at').notNull(),
    ekycProviderRef: text('ekyc_provider_ref'),
    ekycMessage: text('ekyc_message'),
    verifiedAt: timestamptz('verified_at'),
    signedAt: timestamptz('signed_at'),
    documentSha256: text('document_sha256'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [unique().on(table.agreementId, table.position)],
);

// migrations/0861_signing_document_reads.sql: what each signer opened before asking for a code.
export const signingDocumentReads = pgTable(
  'signing_document_reads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    signerRef: text('signer_ref').notNull(),
    documentKind: text('document_kind', {
      enum: ['AGREEMENT', 'GUARANTEE', 'PDP_NOTICE', 'LOAN_TERMS'],
    }).notNull(),
    documentSha256: text('document_sha256').notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    ip: text('ip'),
  },
  (table) => [
    unique().on(table.agreementId, table.signerRef, table.documentKind, table.documentSha256),
  ],
);
