// Collection tables (migrations/0750_collections.sql): each account's collection stage and
// arrears as the daily job read them, reminders sent before due dates, and the letters.
import {
  bigint,
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

export const COLLECTION_STAGE_COLUMN_VALUES = [
  'CURRENT',
  'IN_ARREARS',
  'READY_FOR_DEFAULT',
  'DEFAULT_NOTICE_ISSUED',
] as const;

export const collectionCases = pgTable(
  'collection_cases',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: COLLECTION_STAGE_COLUMN_VALUES }).notNull().default('CURRENT'),
    daysPastDue: integer('days_past_due').notNull().default(0),
    overdueSen: integer('overdue_sen').notNull().default(0),
    lateChargesSen: integer('late_charges_sen').notNull().default(0),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    arrearsNoticedThrough: integer('arrears_noticed_through').notNull().default(0),
    // The officer working the case, its bucket and next action (migrations/0880).
    assignedTo: uuid('assigned_to'),
    bucket: text('bucket', { enum: ['EARLY', 'MIDDLE', 'LATE', 'SEVERE'] }),
    nextAction: text('next_action', {
      enum: [
        'SEND_MESSAGE',
        'CALL',
        'ISSUE_DEFAULT_NOTICE',
        'PROPOSE_TERMINATION',
        'AWAIT_PROMISE',
      ],
    }),
    nextActionOn: date('next_action_on', { mode: 'string' }),
    lastContactOn: date('last_contact_on', { mode: 'string' }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('collection_cases_stage_idx').on(table.stage, table.daysPastDue)],
);

export const collectionStageHistory = pgTable('collection_stage_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => loanAccounts.id, { onDelete: 'cascade' }),
  fromStage: text('from_stage').notNull(),
  toStage: text('to_stage').notNull(),
  actor: text('actor').notNull(),
  reason: text('reason').notNull(),
  at: timestamptz('at').notNull(),
});

export const collectionReminders = pgTable(
  'collection_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => loanAccounts.id, { onDelete: 'cascade' }),
    instalmentNo: integer('instalment_no').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountSen: integer('amount_sen').notNull(),
    language: text('language', { enum: ['EN', 'MS'] }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    emailSentAt: timestamptz('email_sent_at'),
    smsSentAt: timestamptz('sms_sent_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [unique().on(table.accountId, table.instalmentNo)],
);

export const collectionLetters = pgTable(
  'collection_letters',
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
    kind: text('kind', { enum: ['ARREARS', 'DEFAULT', 'TERMINATION'] }).notNull(),
    version: integer('version').notNull(),
    language: text('language', { enum: ['EN', 'MS'] }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    instalmentsThrough: integer('instalments_through').notNull(),
    overdueSen: integer('overdue_sen').notNull(),
    lateChargesSen: integer('late_charges_sen').notNull(),
    remedyBy: date('remedy_by', { mode: 'string' }),
    issuedBy: text('issued_by').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    emailedAt: timestamptz('emailed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique().on(table.accountId, table.kind, table.version),
    index('collection_letters_account_idx').on(table.accountId, table.createdAt),
  ],
);
