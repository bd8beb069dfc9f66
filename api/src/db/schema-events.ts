import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Events of the domain, each recorded once by its key in the transaction of its change
 *  (0960_events.sql). */
export const events = pgTable('events', {
  id: uuid('id').primaryKey(),
  type: text('type').notNull(),
  key: text('key').notNull().unique(),
  payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
