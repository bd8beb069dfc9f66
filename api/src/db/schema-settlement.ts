// Early settlement online and discharge letters (migrations/0730_early_settlement_discharge.sql):
// the quote a settlement order was started from, and the letters issued when a loan closes.
import type { AccountClosedBy, SettlementOutcome } from '@lending/contracts';
import { date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';
import { users } from './schema-core';
import { loanAccounts } from './schema-disbursements';
import { gatewayPayments } from './schema-gateway-payments';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const gatewaySettlementOrders = pgTable(
  'gateway_settlement_orders',
  {
    gatewayPaymentId: uuid('gateway_payment_id')
      .primaryKey()
      .references(() => gatewayPayments.id, { onDelete: 'cascade' }),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    quoteDate: date('quote_date', { mode: 'string' }).notNull(),
    quoteSen: integer('quote_sen').notNull(),
    outcome: text('outcome').$type<SettlementOutcome>(),
    decidedAt: timestamptz('decided_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('gateway_settlement_orders_agreement_idx').on(table.agreementId)],
);

export const dischargeLetters = pgTable(
  'discharge_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    language: text('language', { enum: ['EN', 'MS'] }).notNull(),
    closedBy: text('closed_by').$type<AccountClosedBy>().notNull(),
    closedOn: date('closed_on', { mode: 'string' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    emailedAt: timestamptz('emailed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('discharge_letters_account_id_version_key').on(table.accountId, table.version),
    index('discharge_letters_user_idx').on(table.userId),
  ],
);
