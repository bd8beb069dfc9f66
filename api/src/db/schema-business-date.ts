// The business date and the days close of business closed (migrations/0870_business_date.sql).
import { boolean, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const businessDate = pgTable('business_date', {
  id: boolean('id').primaryKey().default(true),
  aheadDays: integer('ahead_days').notNull().default(0),
  openedOn: date('opened_on', { mode: 'string' }),
  movedAt: timestamptz('moved_at'),
  movedBy: text('moved_by'),
  cobFrom: date('cob_from', { mode: 'string' }),
  cobTo: date('cob_to', { mode: 'string' }),
  cobLockedUntil: timestamptz('cob_locked_until'),
  cobLockedBy: text('cob_locked_by'),
});

export interface ClosedJobReport {
  name: string;
  outcome: 'completed' | 'failed';
  counts: Record<string, number>;
  durationMs: number;
}

export const closeOfBusinessDays = pgTable('close_of_business_days', {
  businessDate: date('business_date', { mode: 'string' }).primaryKey(),
  status: text('status').$type<'RUNNING' | 'CLOSED' | 'FAILED'>().notNull(),
  startedAt: timestamptz('started_at').notNull(),
  finishedAt: timestamptz('finished_at'),
  startedBy: text('started_by').notNull(),
  loans: integer('loans').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  jobs: jsonb('jobs').$type<ClosedJobReport[]>().notNull().default([]),
});
