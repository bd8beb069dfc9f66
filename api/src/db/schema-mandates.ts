// Direct-debit tables (migrations/0630_mandates.sql): the borrower's e-Mandates and their status
// history, and the records the sandbox bank keeps on its side.
import { bigint, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';
import { users } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const mandates = pgTable(
  'mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    referenceNo: text('reference_no').notNull().unique(),
    status: text('status', {
      enum: ['PENDING_AUTH', 'AUTHORISED', 'ACTIVE', 'REJECTED', 'TERMINATED'],
    }).notNull(),
    version: integer('version').notNull().default(1),
    payerNameSealed: text('payer_name_sealed').notNull(),
    payerIdType: text('payer_id_type', { enum: ['NRIC', 'PASSPORT'] }).notNull(),
    payerIdNoSealed: text('payer_id_no_sealed').notNull(),
    bankCode: text('bank_code').notNull(),
    accountNoSealed: text('account_no_sealed').notNull(),
    accountLast4: text('account_last4').notNull(),
    maxAmountSen: integer('max_amount_sen').notNull(),
    frequency: text('frequency', { enum: ['MONTHLY'] }).notNull(),
    firstCollectionDate: date('first_collection_date', { mode: 'string' }).notNull(),
    lastCollectionDate: date('last_collection_date', { mode: 'string' }).notNull(),
    bankMessage: text('bank_message'),
    authorisedAt: timestamptz('authorised_at'),
    activatedAt: timestamptz('activated_at'),
    endedAt: timestamptz('ended_at'),
    replacedBy: uuid('replaced_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('mandates_agreement_idx').on(table.agreementId, table.createdAt)],
);

export const mandateStatusHistory = pgTable(
  'mandate_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    mandateId: uuid('mandate_id')
      .notNull()
      .references(() => mandates.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [index('mandate_status_history_mandate_idx').on(table.mandateId, table.at)],
);

export const emandateSandboxRequests = pgTable('emandate_sandbox_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  referenceNo: text('reference_no').notNull(),
  bankCode: text('bank_code').notNull(),
  accountLast4: text('account_last4').notNull(),
  maxAmountSen: integer('max_amount_sen').notNull(),
  firstCollectionDate: date('first_collection_date', { mode: 'string' }).notNull(),
  lastCollectionDate: date('last_collection_date', { mode: 'string' }).notNull(),
  language: text('language', { enum: ['EN', 'MS'] })
    .notNull()
    .default('EN'),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  decision: text('decision', { enum: ['APPROVED', 'REJECTED'] }),
  decidedAt: timestamptz('decided_at'),
  activatedAt: timestamptz('activated_at'),
  terminatedAt: timestamptz('terminated_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
