// Staff accounts (migrations/0510_staff_accounts.sql): recovery codes of the second factor and
// the set-password links an admin sends.
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
