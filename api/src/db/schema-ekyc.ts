// Identity verification and the psychometric test (migrations/0230_ekyc_psychometric.sql).
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { applications } from './schema-applications';
import { users } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Raw bytes (already sealed by the caller). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export type EkycDocumentKind = 'ID_FRONT' | 'ID_BACK' | 'SELFIE';

export const ekycSessions = pgTable(
  'ekyc_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    status: text('status', { enum: ['PENDING', 'PASSED', 'FAILED', 'EXPIRED'] }).notNull(),
    resultMessage: text('result_message'),
    expiresAt: timestamptz('expires_at').notNull(),
    consentTextVersion: text('consent_text_version'),
    consentAt: timestamptz('consent_at'),
    consentIp: text('consent_ip'),
    completedAt: timestamptz('completed_at'),
    confirmedAt: timestamptz('confirmed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('ekyc_sessions_application_idx').on(table.applicationId, table.createdAt)],
);

export const ekycDocuments = pgTable(
  'ekyc_documents',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ekycSessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ID_FRONT', 'ID_BACK', 'SELFIE'] }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sealedContent: bytea('sealed_content').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.kind] })],
);

export const ekycSandboxSessions = pgTable('ekyc_sandbox_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  expectedIdentityCardHash: text('expected_identity_card_hash'),
  language: text('language', { enum: ['EN', 'MS'] })
    .notNull()
    .default('EN'),
  audience: text('audience', { enum: ['APPLICANT', 'GUARANTOR'] })
    .notNull()
    .default('APPLICANT'),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  verdict: text('verdict', { enum: ['PASSED', 'FAILED'] }),
  verdictMessage: text('verdict_message'),
  consentTextVersion: text('consent_text_version'),
  consentAt: timestamptz('consent_at'),
  consentIp: text('consent_ip'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const ekycSandboxImages = pgTable(
  'ekyc_sandbox_images',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ekycSandboxSessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['ID_FRONT', 'ID_BACK', 'SELFIE'] }).notNull(),
    contentType: text('content_type').notNull(),
    sealedContent: bytea('sealed_content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.kind] })],
);

export const psychometricAttempts = pgTable(
  'psychometric_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    questionnaireVersion: text('questionnaire_version').notNull(),
    language: text('language', { enum: ['EN', 'MS'] }).notNull(),
    startedAt: timestamptz('started_at').notNull(),
    submittedAt: timestamptz('submitted_at'),
    answers: jsonb('answers').$type<Record<string, number>>(),
    outcome: text('outcome', { enum: ['VALID', 'INVALID'] }),
    score: integer('score'),
    dimensionScores: jsonb('dimension_scores').$type<Record<string, number>>(),
    invalidReasons: text('invalid_reasons').array(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('psychometric_attempts_application_idx').on(table.applicationId, table.startedAt),
  ],
);
