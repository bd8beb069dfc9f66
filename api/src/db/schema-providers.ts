// The real providers' own records (migrations/0900_provider_records.sql): text messages and their
// delivery receipts, live-call rooms and who joined them, e-stamping submissions.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const smsDeliveries = pgTable(
  'sms_deliveries',
  {
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    recipientMasked: text('recipient_masked').notNull(),
    parts: integer('parts').notNull(),
    status: text('status', { enum: ['SENT', 'DELIVERED', 'FAILED', 'EXPIRED'] }).notNull(),
    statusDetail: text('status_detail'),
    sentAt: timestamptz('sent_at').notNull(),
    statusAt: timestamptz('status_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.providerRef] })],
);

export const meetingRooms = pgTable('meeting_rooms', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  title: text('title').notNull(),
  startsAt: timestamptz('starts_at').notNull(),
  hostJoinedAt: timestamptz('host_joined_at'),
  guestJoinedAt: timestamptz('guest_joined_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const meetingEvents = pgTable('meeting_events', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  meetingId: text('meeting_id')
    .notNull()
    .references(() => meetingRooms.id, { onDelete: 'cascade' }),
  eventType: text('event_type').notNull(),
  role: text('role', { enum: ['host', 'guest'] }),
  occurredAt: timestamptz('occurred_at').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

export const estampSubmissions = pgTable('estamp_submissions', {
  agentRef: text('agent_ref').primaryKey(),
  reference: text('reference'),
  status: text('status', { enum: ['SUBMITTED', 'PROCESSING', 'ISSUED', 'REJECTED'] }).notNull(),
  certificateNo: text('certificate_no'),
  reason: text('reason'),
  issuedAt: timestamptz('issued_at'),
  updatedAt: timestamptz('updated_at').notNull(),
});
