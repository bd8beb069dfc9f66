// Underwriting tables (migrations/0500_underwriting.sql): notes, interviews, referrals back,
// versioned product settings, recommendations and their approvals.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { applications } from './schema-applications';
import { staffUsers, tenants } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    body: text('body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('application_notes_app_idx').on(table.applicationId, table.createdAt)],
);

export const INTERVIEW_MODES = ['IN_PERSON', 'VIDEO_CALL', 'PHONE_CALL'] as const;
export const INTERVIEW_OUTCOMES = ['ATTENDED', 'NO_SHOW', 'RESCHEDULED'] as const;

export const applicationInterviews = pgTable(
  'application_interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    scheduledAt: timestamptz('scheduled_at').notNull(),
    mode: text('mode', { enum: INTERVIEW_MODES }).notNull(),
    details: text('details'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffUsers.id),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    outcome: text('outcome', { enum: INTERVIEW_OUTCOMES }),
    outcomeNote: text('outcome_note'),
    outcomeRecordedBy: uuid('outcome_recorded_by').references(() => staffUsers.id),
    outcomeRecordedAt: timestamptz('outcome_recorded_at'),
  },
  (table) => [index('application_interviews_app_idx').on(table.applicationId, table.requestedAt)],
);

export interface ReferbackItem {
  kind: 'section' | 'document';
  /** The section (`company`, `applicant`, ...) or document type to fix. */
  target: string;
  reason: string;
}

export const applicationReferbacks = pgTable(
  'application_referbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    items: jsonb('items').$type<ReferbackItem[]>().notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffUsers.id),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (table) => [index('application_referbacks_app_idx').on(table.applicationId, table.requestedAt)],
);

export const productSettings = pgTable(
  'product_settings',
  {
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    version: integer('version').notNull(),
    settings: jsonb('settings').notNull(),
    createdBy: uuid('created_by').references(() => staffUsers.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenant, table.version] })],
);

export const applicationRecommendations = pgTable(
  'application_recommendations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    recommendedBy: uuid('recommended_by')
      .notNull()
      .references(() => staffUsers.id),
    amountSen: integer('amount_sen').notNull(),
    tenureMonths: integer('tenure_months').notNull(),
    annualRateBp: integer('annual_rate_bp').notNull(),
    secured: boolean('secured').notNull(),
    securitySealed: text('security_sealed'),
    settingsVersion: integer('settings_version').notNull(),
    offer: jsonb('offer').notNull(),
    complianceReview: boolean('compliance_review').notNull().default(false),
    approvalLevels: integer('approval_levels').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    supersededAt: timestamptz('superseded_at'),
  },
  (table) => [
    index('application_recommendations_app_idx').on(table.applicationId, table.createdAt),
  ],
);

export const applicationApprovals = pgTable(
  'application_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recommendationId: uuid('recommendation_id')
      .notNull()
      .references(() => applicationRecommendations.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    approverId: uuid('approver_id')
      .notNull()
      .references(() => staffUsers.id),
    approvedAt: timestamptz('approved_at').notNull().defaultNow(),
  },
  (table) => [
    unique().on(table.recommendationId, table.level),
    unique().on(table.recommendationId, table.approverId),
  ],
);
