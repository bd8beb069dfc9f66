// Agreement tables (migrations/0600_agreements.sql, 0810_document_templates.sql,
// 0950_agreement_late_charge_rate.sql): one agreement per approved application and the
// history of its status.
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { applications } from './schema-applications';
import { tenants, users } from './schema-core';
import { masterFiles } from './schema-master-setup';
import { applicationRecommendations } from './schema-underwriting';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const agreements = pgTable(
  'agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    applicationId: uuid('application_id')
      .notNull()
      .unique()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recommendationId: uuid('recommendation_id')
      .notNull()
      .references(() => applicationRecommendations.id),
    agreementNo: text('agreement_no').notNull().unique(),
    status: text('status').notNull(),
    version: integer('version').notNull().default(1),
    approvedAmountSen: integer('approved_amount_sen').notNull(),
    amountSen: integer('amount_sen').notNull(),
    tenureMonths: integer('tenure_months').notNull(),
    annualRateBp: integer('annual_rate_bp').notNull(),
    /** The late charge rate a year: a term of the agreement, from the settings of the day it is made. */
    lateChargeRateBp: integer('late_charge_rate_bp').notNull(),
    secured: boolean('secured').notNull(),
    loanProtection: boolean('loan_protection').notNull().default(false),
    loanProtectionDeducted: boolean('loan_protection_deducted').notNull().default(true),
    referralWaiverSen: integer('referral_waiver_sen').notNull().default(0),
    campaignCode: text('campaign_code'),
    settingsVersion: integer('settings_version').notNull(),
    offer: jsonb('offer').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    /** The business date the offer was accepted on (migrations/0940). */
    acceptedOn: date('accepted_on', { mode: 'string' }),
    signedAt: timestamptz('signed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** The template versions the notices are made from, frozen when the agreement is made. */
    pdpNoticeTemplateId: uuid('pdp_notice_template_id').references(() => masterFiles.id),
    loanTermsTemplateId: uuid('loan_terms_template_id').references(() => masterFiles.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('agreements_user_idx').on(table.userId, table.createdAt),
    index('agreements_status_idx').on(table.status, table.updatedAt),
  ],
);

export const agreementStatusHistory = pgTable(
  'agreement_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [index('agreement_status_history_agreement_idx').on(table.agreementId, table.at)],
);
