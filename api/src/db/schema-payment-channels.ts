// JomPAY imports and direct debit collections (migrations/0760_payment_channels.sql), and the
// sandbox e-Mandate bank's record of the collections it was sent.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';
import { tenants, users } from './schema-core';
import { mandates } from './schema-mandates';
import { payments } from './schema-repayments';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const JOMPAY_LINE_OUTCOMES = ['APPLIED', 'DUPLICATE', 'REJECTED'] as const;
export const COLLECTION_STATUS_VALUES = ['PLANNED', 'SUBMITTED', 'SUCCEEDED', 'FAILED'] as const;

export const jompayImports = pgTable(
  'jompay_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    billerCode: text('biller_code').notNull(),
    fileDate: date('file_date', { mode: 'string' }),
    lineCount: integer('line_count').notNull(),
    appliedCount: integer('applied_count').notNull(),
    duplicateCount: integer('duplicate_count').notNull(),
    rejectedCount: integer('rejected_count').notNull(),
    appliedSen: bigint('applied_sen', { mode: 'number' }).notNull(),
    fileError: text('file_error'),
    importedBy: text('imported_by').notNull(),
    importedAt: timestamptz('imported_at').notNull(),
  },
  (table) => [index('jompay_imports_tenant_idx').on(table.tenant, table.importedAt)],
);

export const jompayImportLines = pgTable(
  'jompay_import_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    importId: uuid('import_id')
      .notNull()
      .references(() => jompayImports.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    transactionRef: text('transaction_ref'),
    ref1: text('ref1'),
    amountSen: bigint('amount_sen', { mode: 'number' }),
    paidAt: timestamptz('paid_at'),
    agreementId: uuid('agreement_id').references(() => agreements.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: JOMPAY_LINE_OUTCOMES }).notNull(),
    reason: text('reason'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    receiptNo: text('receipt_no'),
  },
  (table) => [
    unique('jompay_import_lines_import_id_line_no_key').on(table.importId, table.lineNo),
    uniqueIndex('jompay_import_lines_applied_ref_key')
      .on(table.transactionRef)
      .where(sql`outcome = 'APPLIED'`),
  ],
);

export const directDebitCollections = pgTable(
  'direct_debit_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mandateId: uuid('mandate_id')
      .notNull()
      .references(() => mandates.id, { onDelete: 'cascade' }),
    providerRef: text('provider_ref').notNull(),
    instalmentNo: integer('instalment_no').notNull(),
    attemptNo: integer('attempt_no').notNull(),
    collectionDate: date('collection_date', { mode: 'string' }).notNull(),
    amountSen: integer('amount_sen').notNull(),
    collectionRef: text('collection_ref').notNull().unique(),
    status: text('status', { enum: COLLECTION_STATUS_VALUES }).notNull(),
    version: integer('version').notNull().default(1),
    batchRef: text('batch_ref'),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    submittedAt: timestamptz('submitted_at'),
    resolvedAt: timestamptz('resolved_at'),
    /** The business date the bank's answer was read on (migrations/0940). */
    resolvedOn: date('resolved_on', { mode: 'string' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    unique('direct_debit_collections_agreement_id_instalment_no_attempt_no_key').on(
      table.agreementId,
      table.instalmentNo,
      table.attemptNo,
    ),
    index('direct_debit_collections_status_idx').on(table.status),
  ],
);

export const emandateSandboxCollections = pgTable('emandate_sandbox_collections', {
  id: uuid('id').primaryKey().defaultRandom(),
  collectionRef: text('collection_ref').notNull().unique(),
  batchRef: text('batch_ref').notNull(),
  providerRef: text('provider_ref').notNull(),
  amountSen: integer('amount_sen').notNull(),
  collectionDate: date('collection_date', { mode: 'string' }).notNull(),
  result: text('result', { enum: ['SUCCESS', 'FAILED'] }).notNull(),
  reasonCode: text('reason_code'),
  reason: text('reason'),
  answerFrom: date('answer_from', { mode: 'string' }).notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
