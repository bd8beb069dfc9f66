// Attestation tables (migrations/0620_attestation.sql): the video and its viewings, the
// explain-back checks, the officers' calendar and live-call bookings, and the sandbox meeting room.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { agreements } from './schema-agreements';
import { staffUsers, tenants } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const attestationVideos = pgTable(
  'attestation_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    language: text('language', { enum: ['EN', 'MS'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    durationMs: integer('duration_ms').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('attestation_videos_current_idx').on(table.tenant, table.language, table.createdAt),
  ],
);

export const attestations = pgTable('attestations', {
  agreementId: uuid('agreement_id')
    .primaryKey()
    .references(() => agreements.id, { onDelete: 'cascade' }),
  option: text('option', { enum: ['VIDEO', 'LIVE_CALL'] }).notNull(),
  chosenAt: timestamptz('chosen_at').notNull(),
  completedBy: text('completed_by'),
  approvedBy: text('approved_by'),
});

export const attestationViewings = pgTable(
  'attestation_viewings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').references(() => attestationVideos.id),
    language: text('language').notNull(),
    durationMs: integer('duration_ms').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
  },
  (table) => [index('attestation_viewings_agreement_idx').on(table.agreementId, table.startedAt)],
);

export const attestationChecks = pgTable(
  'attestation_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    viewingId: uuid('viewing_id')
      .notNull()
      .references(() => attestationViewings.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').notNull(),
    answers: jsonb('answers').notNull(),
    passed: boolean('passed').notNull(),
    shownAt: timestamptz('shown_at').notNull(),
    submittedAt: timestamptz('submitted_at').notNull(),
  },
  (table) => [index('attestation_checks_agreement_idx').on(table.agreementId, table.submittedAt)],
);

export const attestationSlots = pgTable(
  'attestation_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    officerId: uuid('officer_id')
      .notNull()
      .references(() => staffUsers.id),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('attestation_slots_officer_id_starts_at_key').on(table.officerId, table.startsAt),
    index('attestation_slots_time_idx').on(table.tenant, table.startsAt),
  ],
);

export const ATTESTATION_BOOKING_STATUSES = [
  'BOOKED',
  'CANCELLED',
  'RESCHEDULED',
  'ATTESTED',
  'NOT_ATTESTED',
  'NO_SHOW',
] as const;

export const attestationBookings = pgTable('attestation_bookings', {
  id: uuid('id').primaryKey().defaultRandom(),
  agreementId: uuid('agreement_id')
    .notNull()
    .references(() => agreements.id, { onDelete: 'cascade' }),
  slotId: uuid('slot_id')
    .notNull()
    .references(() => attestationSlots.id),
  status: text('status', { enum: ATTESTATION_BOOKING_STATUSES }).notNull(),
  meetingId: text('meeting_id').notNull(),
  remindedAt: timestamptz('reminded_at'),
  outcomeNotes: text('outcome_notes'),
  outcomeBy: uuid('outcome_by').references(() => staffUsers.id),
  outcomeAt: timestamptz('outcome_at'),
  createdAt: timestamptz('created_at').notNull(),
  closedAt: timestamptz('closed_at'),
});

export const sandboxMeetings = pgTable('sandbox_meetings', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  startsAt: timestamptz('starts_at').notNull(),
  hostJoinedAt: timestamptz('host_joined_at'),
  guestJoinedAt: timestamptz('guest_joined_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
