// Collections to their end (migrations/0880_collections_to_the_end.sql): terminations (four
// eyes), the contact log (written once), and promises to pay with their history.
import { bigint, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';
import { collectionLetters } from './schema-collections';
import { tenants, users } from './schema-core';
import { loanAccounts } from './schema-disbursements';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const CONTACT_CHANNEL_COLUMN_VALUES = ['EMAIL', 'SMS', 'LETTER', 'CALL', 'MESSAGE'] as const;

export const accountTerminations = pgTable('account_terminations', {
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
  status: text('status', { enum: ['PROPOSED', 'APPROVED', 'REJECTED'] }).notNull(),
  reason: text('reason').notNull(),
  proposedBy: text('proposed_by').notNull(),
  proposedAt: timestamptz('proposed_at').notNull(),
  decidedBy: text('decided_by'),
  decidedAt: timestamptz('decided_at'),
  decisionNote: text('decision_note'),
  businessDate: date('business_date', { mode: 'string' }),
  unpaidPrincipalSen: integer('unpaid_principal_sen'),
  earnedInterestSen: integer('earned_interest_sen'),
  lateChargesSen: integer('late_charges_sen'),
  interestForgoneSen: integer('interest_forgone_sen'),
  balanceSen: integer('balance_sen'),
});

export const collectionContacts = pgTable('collection_contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenant: text('tenant')
    .notNull()
    .references(() => tenants.id),
  accountId: uuid('account_id')
    .notNull()
    .references(() => loanAccounts.id),
  agreementId: uuid('agreement_id')
    .notNull()
    .references(() => agreements.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  channel: text('channel', { enum: CONTACT_CHANNEL_COLUMN_VALUES }).notNull(),
  kind: text('kind', {
    enum: ['REMINDER', 'ARREARS_NOTICE', 'DEFAULT_NOTICE', 'TERMINATION_NOTICE', 'CALL', 'MESSAGE'],
  }).notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  outcome: text('outcome', { enum: ['ANSWERED', 'NO_ANSWER', 'WRONG_NUMBER', 'CALL_BACK'] }),
  letterId: uuid('letter_id').references(() => collectionLetters.id),
  language: text('language', { enum: ['EN', 'MS'] }).notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  at: timestamptz('at').notNull(),
  actor: text('actor').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const collectionPromises = pgTable('collection_promises', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => loanAccounts.id, { onDelete: 'cascade' }),
  amountSen: integer('amount_sen').notNull(),
  promisedFor: date('promised_for', { mode: 'string' }).notNull(),
  channel: text('channel', { enum: CONTACT_CHANNEL_COLUMN_VALUES }).notNull(),
  note: text('note'),
  status: text('status', { enum: ['OPEN', 'KEPT', 'BROKEN'] })
    .notNull()
    .default('OPEN'),
  paidBeforeSen: integer('paid_before_sen').notNull(),
  recordedBy: text('recorded_by').notNull(),
  recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
  recordedAt: timestamptz('recorded_at').notNull(),
  closedOn: date('closed_on', { mode: 'string' }),
});

export const collectionPromiseHistory = pgTable('collection_promise_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  promiseId: uuid('promise_id')
    .notNull()
    .references(() => collectionPromises.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  actor: text('actor').notNull(),
  reason: text('reason').notNull(),
  at: timestamptz('at').notNull(),
});
