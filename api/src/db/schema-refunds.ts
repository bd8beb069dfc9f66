// Refunds of credit left on a closed account (migrations/0920_credit_refunds.sql): proposed by one
// finance member, decided by another; the bank details are the payout's, sealed.
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';
import { tenants } from './schema-core';
import { loanAccounts } from './schema-disbursements';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const CREDIT_REFUND_ROW_STATUSES = ['PROPOSED', 'APPROVED', 'REJECTED'] as const;

export const creditRefunds = pgTable(
  'credit_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CREDIT_REFUND_ROW_STATUSES }).notNull(),
    amountSen: integer('amount_sen').notNull(),
    reason: text('reason').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    beneficiaryNameSealed: text('beneficiary_name_sealed').notNull(),
    accountNoSealed: text('account_no_sealed').notNull(),
    accountLast4: text('account_last4').notNull(),
    proposedBy: text('proposed_by').notNull(),
    proposedAt: timestamptz('proposed_at').notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamptz('decided_at'),
    decisionNote: text('decision_note'),
    businessDate: date('business_date', { mode: 'string' }),
    letterLanguage: text('letter_language', { enum: ['EN', 'MS'] }),
    letterStorageKey: text('letter_storage_key'),
    letterSha256: text('letter_sha256'),
    letterEmailedAt: timestamptz('letter_emailed_at'),
  },
  (table) => [
    index('credit_refunds_account_idx').on(table.accountId, table.proposedAt),
    uniqueIndex('credit_refunds_open_idx')
      .on(table.accountId)
      .where(sql`status = 'PROPOSED'`),
  ],
);
