// Registration and contact verification tables (migrations/0220_registration.sql).
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { organizations } from './schema-applications';
import { naturesOfBusiness, postcodes, races, referralSources, users } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const registrations = pgTable(
  'registrations',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    establishedDate: date('established_date', { mode: 'string' }).notNull(),
    natureOfBusinessId: integer('nature_of_business_id')
      .notNull()
      .references(() => naturesOfBusiness.id),
    businessPostcodeId: integer('business_postcode_id')
      .notNull()
      .references(() => postcodes.id),
    applicantRaceId: integer('applicant_race_id')
      .notNull()
      .references(() => races.id),
    applicantBirthDate: date('applicant_birth_date', { mode: 'string' }).notNull(),
    applicantGender: text('applicant_gender', { enum: ['MALE', 'FEMALE'] }).notNull(),
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    referralSourceOther: text('referral_source_other'),
    partnerId: text('partner_id').references(() => partners.id),
    termsAcceptedAt: timestamptz('terms_accepted_at').notNull(),
    // migrations/0531_registration_consent_version.sql: null for registrations made before it.
    consentTextVersion: text('consent_text_version'),
    marketingConsentAt: timestamptz('marketing_consent_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('registrations_organization_idx').on(table.organizationId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    index('verification_codes_user_idx').on(table.userId, table.channel, table.createdAt),
  ],
);

export const contactVerifications = pgTable(
  'contact_verifications',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    destination: text('destination').notNull(),
    verifiedAt: timestamptz('verified_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.channel] })],
);
