// Documents (migrations/0210_files.sql): what each organization type uploads, and the files
// uploaded for an application. The bytes sit in the storage adapter, sealed.
import type { DocumentFileType, DocumentMimeType, OrganizationType } from '@lending/contracts';
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamp } from 'drizzle-orm/pg-core';

import { applications } from './schema-applications';
import { users } from './schema-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const requiredFiles = pgTable(
  'required_files',
  {
    organizationType: text('organization_type').$type<OrganizationType>().notNull(),
    fileType: text('file_type').$type<DocumentFileType>().notNull(),
    isRequired: boolean('is_required').notNull(),
    requiredFileCount: integer('required_file_count').notNull(),
    maxFileCount: integer('max_file_count').notNull(),
    displayOrder: integer('display_order').notNull(),
    acceptedTypes: text('accepted_types').array().$type<DocumentMimeType[]>().notNull(),
    maxBytes: integer('max_bytes').notNull(),
    name: text('name').notNull(),
    nameMs: text('name_ms').notNull(),
    description: text('description').notNull(),
    descriptionMs: text('description_ms').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationType, table.fileType] })],
);

export const applicationFiles = pgTable(
  'application_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fileType: text('file_type').$type<DocumentFileType>().notNull(),
    originalFileName: text('original_file_name').notNull(),
    mimeType: text('mime_type').$type<DocumentMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [index('application_files_application_idx').on(table.applicationId, table.createdAt)],
);
