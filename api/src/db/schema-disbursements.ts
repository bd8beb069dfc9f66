// Disbursement tables (migrations/0700_disbursements.sql): the payouts staff record and confirm,
// the loan account a disbursed agreement opens, its versioned repayment schedule, and the ledger
// the sandbox payout bank keeps on its side.
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';
import { staffUsers, tenants, users } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const DISBURSEMENT_STATUSES = ['RECORDED', 'SENDING', 'PAID', 'REJECTED'] as const;

export const disbursements = pgTable(
  'disbursements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    amountSen: integer('amount_sen').notNull(),
    beneficiaryNameSealed: text('beneficiary_name_sealed').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    bankSwiftCode: text('bank_swift_code').notNull(),
    accountNoSealed: text('account_no_sealed').notNull(),
    accountLast4: text('account_last4').notNull(),
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: DISBURSEMENT_STATUSES }).notNull(),
    version: integer('version').notNull().default(1),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => staffUsers.id),
    recordedAt: timestamptz('recorded_at').notNull(),
    confirmedBy: uuid('confirmed_by').references(() => staffUsers.id),
    confirmedAt: timestamptz('confirmed_at'),
    provider: text('provider'),
    bankReference: text('bank_reference'),
    rejectionReason: text('rejection_reason'),
    paidAt: timestamptz('paid_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('disbursements_agreement_idx').on(table.agreementId, table.createdAt)],
);

export const loanAccounts = pgTable(
  'loan_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    agreementId: uuid('agreement_id')
      .notNull()
      .unique()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED'] }).notNull(),
    version: integer('version').notNull().default(1),
    disbursementId: uuid('disbursement_id')
      .notNull()
      .references(() => disbursements.id),
    disbursedOn: date('disbursed_on', { mode: 'string' }).notNull(),
    firstDueDate: date('first_due_date', { mode: 'string' }).notNull(),
    principalSen: integer('principal_sen').notNull(),
    totalInterestSen: integer('total_interest_sen').notNull(),
    totalRepayableSen: integer('total_repayable_sen').notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('loan_accounts_user_idx').on(table.userId)],
);

export const loanAccountStatusHistory = pgTable(
  'loan_account_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    at: timestamptz('at').notNull().defaultNow(),
    /** The business date of the change (migrations/0940); `at` is the wall clock's instant. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
  },
  (table) => [index('loan_account_status_history_account_idx').on(table.accountId, table.at)],
);

export const repaymentSchedules = pgTable('repayment_schedules', {
  id: uuid('id').primaryKey().defaultRandom(),
  agreementId: uuid('agreement_id')
    .notNull()
    .references(() => agreements.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => loanAccounts.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  firstDueDate: date('first_due_date', { mode: 'string' }).notNull(),
  instalments: integer('instalments').notNull(),
  totalRepayableSen: integer('total_repayable_sen').notNull(),
  rowsSha256: text('rows_sha256').notNull(),
  reason: text('reason').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const repaymentScheduleRows = pgTable(
  'repayment_schedule_rows',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => repaymentSchedules.id, { onDelete: 'cascade' }),
    instalmentNo: integer('instalment_no').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    instalmentSen: integer('instalment_sen').notNull(),
    principalSen: integer('principal_sen').notNull(),
    interestSen: integer('interest_sen').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scheduleId, table.instalmentNo] })],
);

export const payoutSandboxTransfers = pgTable('payout_sandbox_transfers', {
  id: uuid('id').primaryKey().defaultRandom(),
  reference: text('reference').notNull().unique(),
  amountSen: integer('amount_sen').notNull(),
  bankSwiftCode: text('bank_swift_code').notNull(),
  accountLast4: text('account_last4').notNull(),
  status: text('status', { enum: ['ACCEPTED', 'REJECTED'] }).notNull(),
  transferRef: text('transfer_ref').unique(),
  reason: text('reason'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
