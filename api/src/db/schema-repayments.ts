// Repayment tables (migrations/0710_repayments.sql): payments with their gap-free receipt numbers,
// where their money went, the credit kept on an account, daily late charge accruals and receipts.
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';
import { tenants, users } from './schema-core';
import { loanAccounts } from './schema-disbursements';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const PAYMENT_CHANNEL_VALUES = [
  'FPX',
  'CARD',
  'JOMPAY',
  'DIRECT_DEBIT',
  'COUNTER',
  'BANK_TRANSFER',
] as const;
export const ALLOCATION_KINDS = ['LATE_CHARGE', 'INTEREST', 'PRINCIPAL', 'CREDIT'] as const;

export const receiptCounters = pgTable('receipt_counters', {
  tenant: text('tenant')
    .primaryKey()
    .references(() => tenants.id),
  lastNo: bigint('last_no', { mode: 'number' }).notNull().default(0),
});

export const payments = pgTable(
  'payments',
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
    channel: text('channel', { enum: PAYMENT_CHANNEL_VALUES }).notNull(),
    externalRef: text('external_ref').notNull(),
    amountSen: integer('amount_sen').notNull(),
    paidAt: timestamptz('paid_at').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    receiptNo: text('receipt_no').notNull(),
    outstandingAfterSen: integer('outstanding_after_sen').notNull(),
    creditAfterSen: integer('credit_after_sen').notNull(),
    actor: text('actor').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('payments_channel_external_ref_key').on(table.channel, table.externalRef),
    unique('payments_tenant_receipt_no_key').on(table.tenant, table.receiptNo),
    index('payments_account_idx').on(table.accountId, table.paidAt),
  ],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    instalmentNo: integer('instalment_no'),
    kind: text('kind', { enum: ALLOCATION_KINDS }).notNull(),
    amountSen: integer('amount_sen').notNull(),
    fromCredit: boolean('from_credit').notNull().default(false),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The credit refund that paid this credit back (a negative CREDIT row); else null. */
    refundId: uuid('refund_id'),
  },
  (table) => [
    index('payment_allocations_payment_idx').on(table.paymentId),
    index('payment_allocations_account_idx').on(table.accountId, table.instalmentNo),
  ],
);

export const accountCredits = pgTable('account_credits', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => loanAccounts.id, { onDelete: 'cascade' }),
  creditSen: integer('credit_sen').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const lateChargeAccruals = pgTable(
  'late_charge_accruals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    instalmentNo: integer('instalment_no').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    daysInDefault: integer('days_in_default').notNull(),
    overdueSen: integer('overdue_sen').notNull(),
    amountSen: integer('amount_sen').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('late_charge_accruals_account_id_instalment_no_day_key').on(
      table.accountId,
      table.instalmentNo,
      table.day,
    ),
  ],
);

export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['EN', 'MS'] }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    emailedAt: timestamptz('emailed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('payment_receipts_user_idx').on(table.userId)],
);

export const settlementRebates = pgTable(
  'settlement_rebates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    // Null when the interest was not charged because the agreement was terminated
    // (migrations/0880): `terminationId` names the termination then.
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    terminationId: uuid('termination_id'),
    accountId: uuid('account_id')
      .notNull()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    instalmentNo: integer('instalment_no').notNull(),
    amountSen: integer('amount_sen').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('settlement_rebates_account_id_instalment_no_key').on(
      table.accountId,
      table.instalmentNo,
    ),
  ],
);
