// Staff accounts (migrations/0510_staff_accounts.sql, 0820): recovery codes of the second factor,
// the set-password links an admin sends and the sign-in challenges already spent.
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { staffUsers } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [primaryKey({ columns: [table.staffId, table.codeHash] })],
);

export const STAFF_LINK_PURPOSES = ['INVITE', 'RESET'] as const;

export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: STAFF_LINK_PURPOSES }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('staff_password_links_staff_idx').on(table.staffId)],
);

/** Staff sign-in challenges already spent (migrations/0820_staff_sign_in_challenges.sql). */
export const staffSpentChallenges = pgTable(
  'staff_spent_challenges',
  {
    id: uuid('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    spentAt: timestamptz('spent_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('staff_spent_challenges_expires_idx').on(table.expiresAt)],
);
