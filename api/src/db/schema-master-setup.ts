// Master setup tables (migrations/0800_master_setup.sql, 0810_document_templates.sql): the versions of each configuration file
// and which one is active.
import { MASTER_ENTITY_IDS } from '@lending/contracts';
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

import { staffUsers, tenants } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const masterFiles = pgTable(
  'master_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    entityId: text('entity_id', { enum: MASTER_ENTITY_IDS }).notNull(),
    version: integer('version').notNull(),
    originalFileName: text('original_file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sealed: boolean('sealed').notNull(),
    content: jsonb('content'),
    itemCount: integer('item_count'),
    durationMs: integer('duration_ms'),
    /** Null for the version the platform ships. */
    uploadedBy: uuid('uploaded_by').references(() => staffUsers.id),
    uploadedAt: timestamptz('uploaded_at').notNull(),
    activatedBy: uuid('activated_by').references(() => staffUsers.id),
    activatedAt: timestamptz('activated_at'),
  },
  (table) => [
    unique().on(table.tenant, table.entityId, table.version),
    index('master_files_entity_idx').on(table.tenant, table.entityId, table.version),
  ],
);

export const masterEntities = pgTable(
  'master_entities',
  {
    tenant: text('tenant')
      .notNull()
      .references(() => tenants.id),
    entityId: text('entity_id').notNull(),
    activeFileId: uuid('active_file_id')
      .notNull()
      .references(() => masterFiles.id),
    activatedBy: uuid('activated_by').references(() => staffUsers.id),
    activatedAt: timestamptz('activated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenant, table.entityId] })],
);
