// Onboarding tables (migrations/0200_applications.sql): organizations, applications, their
// sealed detail sections and the status history.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamp } from 'drizzle-orm/pg-core';

import { loanReasons, staffUsers, tenants, users } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    organizationType: text('organization_type', {
      enum: ['SOLE_PROP', 'PARTNERSHIP', 'COMPANY'],
    }).notNull(),
    companyName: text('company_name').notNull(),
    newBusinessRegistrationNo: text('new_business_registration_no').notNull(),
    businessContactNo: text('business_contact_no'),
    applicantName: text('applicant_name').notNull(),
    applicantEmail: text('applicant_email').notNull(),
    applicantContactNo: text('applicant_contact_no'),
    applicantIdentityCardSealed: text('applicant_identity_card_sealed'),
    applicantIdentityCardHash: text('applicant_identity_card_hash'),
    applicantIdentityCardType: text('applicant_identity_card_type', {
      enum: ['MYKAD', 'PASSPORT'],
    }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
    /** Both names lower-cased, kept by the database (0520) for the staff queue's search. */
    nameSearch: text('name_search').generatedAlwaysAs(
      sql`lower(company_name || ' ' || applicant_name)`,
    ),
  },
  (table) => [index('organizations_user_idx').on(table.userId)],
);

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    referenceNo: text('reference_no').notNull().unique(),
    status: text('status').notNull(),
    requestedAmountSen: integer('requested_amount_sen'),
    tenureMonths: integer('tenure_months'),
    loanReasonId: integer('loan_reason_id').references(() => loanReasons.id),
    loanReasonOther: text('loan_reason_other'),
    campaignCode: text('campaign_code'),
    version: integer('version').notNull().default(1),
    assignedOfficerId: uuid('assigned_officer_id').references(() => staffUsers.id),
    assignedAt: timestamptz('assigned_at'),
    progress: text('progress').array().notNull().default([]),
    submittedAt: timestamptz('submitted_at'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('applications_user_idx').on(table.userId, table.createdAt)],
);

export const applicationSections = pgTable(
  'application_sections',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    section: text('section', {
      enum: ['company', 'applicant', 'disbursement', 'emergencyContacts', 'directors'],
    }).notNull(),
    sealedData: text('sealed_data').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.section] })],
);

export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [index('application_status_history_app_idx').on(table.applicationId, table.at)],
);
