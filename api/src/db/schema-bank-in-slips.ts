// Bank-in slips (migrations/0980_bank_in_slips.sql): a bank transfer the borrower says they made,
// with the slip (sealed in storage), checked by finance and, once approved, booked as a payment.
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
import { tenants, users } from './schema-core';
import { loanAccounts } from './schema-disbursements';
import { payments } from './schema-repayments';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const BANK_IN_SLIP_ROW_STATUSES = [
  'SUBMITTED',
  'CONFIRMING',
  'APPROVED',
  'REJECTED',
] as const;
export const BANK_IN_SLIP_REJECT_REASON_VALUES = [
  'NOT_RECEIVED',
  'AMOUNT_DIFFERS',
  'DATE_DIFFERS',
  'UNREADABLE',
  'OTHER',
] as const;
export const BANK_IN_SLIP_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export const bankInSlips = pgTable(
  'bank_in_slips',
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: BANK_IN_SLIP_ROW_STATUSES }).notNull(),
    amountSen: integer('amount_sen').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    originalFileName: text('original_file_name').notNull(),
    mimeType: text('mime_type', { enum: BANK_IN_SLIP_MIME_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    submittedAt: timestamptz('submitted_at').notNull(),
    approvalsNeeded: integer('approvals_needed').notNull(),
    firstApprovedBy: text('first_approved_by'),
    firstApprovedAt: timestamptz('first_approved_at'),
    decidedBy: text('decided_by'),
    decidedAt: timestamptz('decided_at'),
    rejectReason: text('reject_reason', { enum: BANK_IN_SLIP_REJECT_REASON_VALUES }),
    rejectNote: text('reject_note'),
    paymentId: uuid('payment_id').references(() => payments.id),
  },
  (table) => [
    index('bank_in_slips_account_idx').on(table.accountId, table.submittedAt),
    index('bank_in_slips_open_idx')
      .on(table.submittedAt)
      .where(sql`status in ('SUBMITTED', 'CONFIRMING')`),
    uniqueIndex('bank_in_slips_file_idx')
      .on(table.userId, table.sha256)
      .where(sql`status <> 'REJECTED'`),
    uniqueIndex('bank_in_slips_payment_idx')
      .on(table.accountId, table.amountSen, table.paidOn)
      .where(sql`status <> 'REJECTED'`),
  ],
);
