// Master data, help and accounts (migrations 0001 to 0100).
// `schema.test.ts` checks that every column named here exists there with the same nullability.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  displayName: text('display_name').notNull(),
});

export const races = pgTable('races', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameMs: text('name_ms').notNull(),
});

export const loanReasons = pgTable('loan_reasons', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameMs: text('name_ms').notNull(),
  needsOtherText: boolean('needs_other_text').notNull().default(false),
  displayOrder: integer('display_order').notNull(),
});

export const nationalities = pgTable('nationalities', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameMs: text('name_ms').notNull(),
  displayOrder: integer('display_order').notNull(),
});

export const banks = pgTable('banks', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  swiftCode: text('swift_code').notNull(),
  // migrations/0800_master_setup.sql: offered in the forms; a bank list may leave one out.
  active: boolean('active').notNull().default(true),
});

export const relationships = pgTable('relationships', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameMs: text('name_ms').notNull(),
  needsOtherText: boolean('needs_other_text').notNull().default(false),
  displayOrder: integer('display_order').notNull(),
});

export const naturesOfBusiness = pgTable('natures_of_business', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameMs: text('name_ms').notNull(),
  displayOrder: integer('display_order').notNull(),
});

export const referralSources = pgTable('referral_sources', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameMs: text('name_ms').notNull(),
  needsOtherText: boolean('needs_other_text').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const grossSalaryRanges = pgTable(
  'gross_salary_ranges',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    code: integer('code').notNull(),
    name: text('name').notNull(),
    nameMs: text('name_ms').notNull(),
    minSen: integer('min_sen').notNull(),
    maxSen: integer('max_sen'),
  },
  (table) => [unique().on(table.companyId, table.code)],
);

export const employeeTypes = pgTable(
  'employee_types',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    code: integer('code').notNull(),
    name: text('name').notNull(),
    nameMs: text('name_ms').notNull(),
  },
  (table) => [unique().on(table.companyId, table.code)],
);

export const states = pgTable('states', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameMs: text('name_ms').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: id(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
  },
  (table) => [unique().on(table.stateId, table.name)],
);

export const postcodes = pgTable(
  'postcodes',
  {
    id: id(),
    postcode: text('postcode').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
  },
  (table) => [
    unique().on(table.postcode, table.cityId),
    index('postcodes_city_idx').on(table.cityId),
  ],
);

export const products = pgTable('products', {
  id: id(),
  tenant: text('tenant')
    .notNull()
    .unique()
    .references(() => tenants.id),
  code: text('code').notNull(),
  name: text('name').notNull(),
  nameMs: text('name_ms').notNull(),
  minAmountSen: integer('min_amount_sen').notNull(),
  maxAmountSen: integer('max_amount_sen').notNull(),
  minTenureMonths: integer('min_tenure_months').notNull(),
  maxTenureMonths: integer('max_tenure_months').notNull(),
  securedRateBp: integer('secured_rate_bp').notNull(),
  unsecuredRateBp: integer('unsecured_rate_bp').notNull(),
  simulatorMonthlyRateBp: integer('simulator_monthly_rate_bp').notNull(),
  securedAttestationFeeBp: integer('secured_attestation_fee_bp').notNull(),
  unsecuredAttestationFeeBp: integer('unsecured_attestation_fee_bp').notNull(),
  stampDutySenPerThousand: integer('stamp_duty_sen_per_thousand').notNull(),
  lateChargeRateBp: integer('late_charge_rate_bp').notNull(),
});

export const productCampaigns = pgTable(
  'product_campaigns',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameMs: text('name_ms').notNull(),
    attestationFeeWaiverBp: integer('attestation_fee_waiver_bp').notNull().default(0),
    validFrom: timestamptz('valid_from'),
    validUntil: timestamptz('valid_until'),
  },
  (table) => [unique().on(table.productId, table.code)],
);

export const companySettings = pgTable(
  'company_settings',
  {
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenant, table.key] })],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    name: text('name'),
    email: text('email').notNull(),
    comments: text('comments').notNull(),
    language: text('language', { enum: ['EN', 'MS'] }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    // migrations/0860_contact_inbox.sql: the back office's inbox.
    // Numbered by the database (sequence contact_message_serial).
    referenceNo: text('reference_no')
      .notNull()
      .default(sql`'CU-' || lpad(nextval('contact_message_serial')::text, 6, '0')`),
    status: text('status', { enum: ['NEW', 'ASSIGNED', 'ANSWERED', 'CLOSED'] })
      .notNull()
      .default('NEW'),
    assignedStaffId: uuid('assigned_staff_id'),
    assignedAt: timestamptz('assigned_at'),
    closedAt: timestamptz('closed_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [index('contact_messages_tenant_created_idx').on(table.tenant, table.createdAt)],
);

export const contactMessageReplies = pgTable('contact_message_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  messageId: uuid('message_id').notNull(),
  staffId: uuid('staff_id'),
  body: text('body').notNull(),
  language: text('language', { enum: ['EN', 'MS'] }).notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  emailedAt: timestamptz('emailed_at'),
});

/** Bookkeeping of the migrator (not a product table). */
export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamptz('applied_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Accounts and sessions (migrations/0100_accounts.sql): applicants, staff, sessions and their
// refresh tokens, password resets, captcha passes, the audit log and the sandbox outbox.
// ---------------------------------------------------------------------------------------------
import { bigint, jsonb } from 'drizzle-orm/pg-core';

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenant: text('tenant')
    .notNull()
    .references(() => tenants.id),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  phoneNo: text('phone_no'),
  nric: text('nric'),
  language: text('language', { enum: ['EN', 'MS'] })
    .notNull()
    .default('EN'),
  partnerId: text('partner_id'),
  allowToApplyNewLoanAfter: timestamptz('allow_to_apply_new_loan_after'),
  newLoanBlockKind: text('new_loan_block_kind', { enum: ['REJECTION', 'TEMPORARY_BAN'] }),
  tinNumber: text('tin_number'),
  residentialAddress1: text('residential_address1'),
  residentialAddress2: text('residential_address2'),
  residentialAddress3: text('residential_address3'),
  acceptMarketingConsent: boolean('accept_marketing_consent').notNull().default(false),
  marketingConsentAt: timestamptz('marketing_consent_at'),
  applicationCreatedAt: timestamptz('application_created_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  deletedAt: timestamptz('deleted_at'),
});

export const staffUsers = pgTable('staff_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  roles: text('roles').array().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  disabledAt: timestamptz('disabled_at'),
  // migrations/0510_staff_accounts.sql: the second factor, sealed, and the first password.
  totpSecret: text('totp_secret'),
  totpEnrolledAt: timestamptz('totp_enrolled_at'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  passwordSetAt: timestamptz('password_set_at'),
  // migrations/0910_demo_staff.sql: seeded by a sandbox start, sign-in codes in the outbox.
  demo: boolean('demo').notNull().default(false),
});

export const authSessions = pgTable('auth_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  audience: text('audience', { enum: ['applicant', 'staff'] }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  revokedAt: timestamptz('revoked_at'),
  revokeReason: text('revoke_reason'),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    issuedAt: timestamptz('issued_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

export const captchaPasses = pgTable('captcha_passes', {
  tokenHash: text('token_hash').primaryKey(),
  provider: text('provider', { enum: ['sandbox', 'recaptcha-v2'] }).notNull(),
  createdAt: timestamptz('created_at').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  consumedAt: timestamptz('consumed_at'),
});

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  actor: text('actor'),
  action: text('action').notNull(),
  subject: text('subject'),
  ip: text('ip'),
  at: timestamptz('at').notNull().defaultNow(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  entity: text('entity'),
  fromStatus: text('from_status'),
  toStatus: text('to_status'),
  reason: text('reason'),
  requestId: text('request_id'),
});

export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  links: text('links').array().notNull().default([]),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
