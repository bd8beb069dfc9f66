// Payment gateway tables (migrations/0720_gateway_payments.sql): the orders borrowers pay online,
// their status history, and the records the sandbox gateway keeps on its side.
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';
import { tenants, users } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const CHANNELS = ['FPX', 'CARD'] as const;
const STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;

export const gatewayPayments = pgTable(
  'gateway_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    orderId: text('order_id').notNull().unique(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountSen: integer('amount_sen').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    status: text('status', { enum: STATUSES }).notNull(),
    version: integer('version').notNull().default(1),
    gateway: text('gateway').notNull(),
    gatewayTxnId: text('gateway_txn_id').unique(),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    paymentId: uuid('payment_id'),
    receiptNo: text('receipt_no'),
    paidAt: timestamptz('paid_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The business date the order was started on (migrations/0940). */
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('gateway_payments_agreement_idx').on(table.agreementId, table.createdAt),
    index('gateway_payments_user_idx').on(table.userId, table.createdAt),
  ],
);

export const gatewayPaymentStatusHistory = pgTable(
  'gateway_payment_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    gatewayPaymentId: uuid('gateway_payment_id')
      .notNull()
      .references(() => gatewayPayments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [
    index('gateway_payment_status_history_payment_idx').on(table.gatewayPaymentId, table.at),
  ],
);

export const gatewaySandboxTransactions = pgTable(
  'gateway_sandbox_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tranId: text('tran_id').notNull().unique(),
    tokenHash: text('token_hash').notNull().unique(),
    merchantId: text('merchant_id').notNull(),
    orderId: text('order_id').notNull(),
    amountSen: integer('amount_sen').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    description: text('description').notNull(),
    language: text('language', { enum: ['EN', 'MS'] }).notNull(),
    returnUrl: text('return_url').notNull(),
    notifyUrl: text('notify_url').notNull(),
    status: text('status', { enum: STATUSES }),
    errorCode: text('error_code'),
    errorDesc: text('error_desc'),
    paidAt: timestamptz('paid_at'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('gateway_sandbox_transactions_order_idx').on(
      table.merchantId,
      table.orderId,
      table.createdAt,
    ),
  ],
);

export const gatewaySandboxNotifications = pgTable('gateway_sandbox_notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  transactionId: uuid('transaction_id')
    .notNull()
    .references(() => gatewaySandboxTransactions.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').$type<Record<string, string>>().notNull(),
  dueAt: timestamptz('due_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  acknowledgedAt: timestamptz('acknowledged_at'),
  lastAnswer: text('last_answer'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
