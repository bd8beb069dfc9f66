// Master setup's one way into the database: the versions of each configuration file and which
// one is active.
import type { MasterEntityId } from '@lending/contracts';
import { aliasedTable, and, desc, eq, inArray, max, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type MasterFileRow = typeof t.masterFiles.$inferSelect;
export type NewMasterFileRow = typeof t.masterFiles.$inferInsert;
export type MasterEntityRow = typeof t.masterEntities.$inferSelect;

/** A version with the email addresses of who uploaded and last activated it (none for the
 *  version the platform ships). */
export type MasterFileListed = MasterFileRow & {
  uploadedByEmail: string | null;
  activatedByEmail: string | null;
};

/** Whether an insert lost the race for a version number to another upload. */
export function isVersionTaken(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

export function createMasterSetupStore(db: Orm) {
  const uploader = aliasedTable(t.staffUsers, 'uploader');
  const activator = aliasedTable(t.staffUsers, 'activator');

  function listed() {
    return db
      .select({
        file: t.masterFiles,
        uploadedByEmail: uploader.email,
        activatedByEmail: activator.email,
      })
      .from(t.masterFiles)
      .leftJoin(uploader, eq(uploader.id, t.masterFiles.uploadedBy))
      .leftJoin(activator, eq(activator.id, t.masterFiles.activatedBy));
  }

  const flatten = (row: {
    file: MasterFileRow;
    uploadedByEmail: string | null;
    activatedByEmail: string | null;
  }): MasterFileListed => ({
    ...row.file,
    uploadedByEmail: row.uploadedByEmail,
    activatedByEmail: row.activatedByEmail,
  });

  return {
    async nextVersion(tenant: string, entityId: MasterEntityId): Promise<number> {
      const [row] = await db
        .select({ last: max(t.masterFiles.version) })
        .from(t.masterFiles)
        .where(and(eq(t.masterFiles.tenant, tenant), eq(t.masterFiles.entityId, entityId)));
      return (row?.last ?? 0) + 1;
    },

    async insert(tx: OrmTransaction, row: NewMasterFileRow): Promise<MasterFileRow> {
      const [inserted] = await tx.insert(t.masterFiles).values(row).returning();
      return inserted!;
    },

    /** The shipped version 1, unless the entity has it already (another instance starting at the
     *  same time, or an earlier start): true when this call kept it. */
    async insertShipped(tx: OrmTransaction, row: NewMasterFileRow): Promise<boolean> {
      const inserted = await tx
        .insert(t.masterFiles)
        .values(row)
        .onConflictDoNothing({
          target: [t.masterFiles.tenant, t.masterFiles.entityId, t.masterFiles.version],
        })
        .returning({ id: t.masterFiles.id });
      if (inserted.length === 0) return false;
      await tx
        .insert(t.masterEntities)
        .values({
          tenant: row.tenant,
          entityId: row.entityId,
          activeFileId: row.id!,
          activatedBy: null,
          activatedAt: row.uploadedAt,
        })
        .onConflictDoNothing();
      return true;
    },

    /** The template versions active for the tenant now: what an agreement made now freezes. */
    async activeTemplateIds(
      executor: OrmExecutor,
      tenant: string,
    ): Promise<{ pdpNoticeTemplateId: string | null; loanTermsTemplateId: string | null }> {
      const rows = await executor
        .select({ entityId: t.masterEntities.entityId, fileId: t.masterEntities.activeFileId })
        .from(t.masterEntities)
        .where(
          and(
            eq(t.masterEntities.tenant, tenant),
            inArray(t.masterEntities.entityId, ['PDP_NOTICE_TEMPLATE', 'LOAN_TERMS_TEMPLATE']),
          ),
        );
      const of = (entityId: string) =>
        rows.find((row) => row.entityId === entityId)?.fileId ?? null;
      return {
        pdpNoticeTemplateId: of('PDP_NOTICE_TEMPLATE'),
        loanTermsTemplateId: of('LOAN_TERMS_TEMPLATE'),
      };
    },

    async hasVersions(tenant: string, entityId: MasterEntityId): Promise<boolean> {
      const [row] = await db
        .select({ id: t.masterFiles.id })
        .from(t.masterFiles)
        .where(and(eq(t.masterFiles.tenant, tenant), eq(t.masterFiles.entityId, entityId)))
        .limit(1);
      return row !== undefined;
    },

    /** A template version's checked content, for the notices an agreement froze it for. */
    async templateContent(tenant: string, id: string): Promise<unknown> {
      const [row] = await db
        .select({ content: t.masterFiles.content })
        .from(t.masterFiles)
        .where(and(eq(t.masterFiles.tenant, tenant), eq(t.masterFiles.id, id)));
      return row?.content ?? null;
    },

    async versions(tenant: string, entityId: MasterEntityId): Promise<MasterFileListed[]> {
      const rows = await listed()
        .where(and(eq(t.masterFiles.tenant, tenant), eq(t.masterFiles.entityId, entityId)))
        .orderBy(desc(t.masterFiles.version));
      return rows.map(flatten);
    },

    async byId(tenant: string, id: string): Promise<MasterFileListed | undefined> {
      const [row] = await listed().where(
        and(eq(t.masterFiles.tenant, tenant), eq(t.masterFiles.id, id)),
      );
      return row && flatten(row);
    },

    async active(
      tenant: string,
      entityId: MasterEntityId,
      executor: OrmExecutor = db,
    ): Promise<MasterEntityRow | undefined> {
      const [row] = await executor
        .select()
        .from(t.masterEntities)
        .where(and(eq(t.masterEntities.tenant, tenant), eq(t.masterEntities.entityId, entityId)));
      return row;
    },

    /** One activation of an entity at a time: the second waits for the first to commit and then
     *  sees what it activated. */
    async lockEntity(tx: OrmTransaction, tenant: string, entityId: MasterEntityId): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`master-setup:${tenant}:${entityId}`}))`,
      );
    },

    async setActive(
      tx: OrmTransaction,
      file: Pick<MasterFileRow, 'id' | 'tenant' | 'entityId'>,
      staffId: string,
      at: Date,
    ): Promise<void> {
      await tx
        .insert(t.masterEntities)
        .values({
          tenant: file.tenant,
          entityId: file.entityId,
          activeFileId: file.id,
          activatedBy: staffId,
          activatedAt: at,
        })
        .onConflictDoUpdate({
          target: [t.masterEntities.tenant, t.masterEntities.entityId],
          set: { activeFileId: file.id, activatedBy: staffId, activatedAt: at },
        });
      await tx
        .update(t.masterFiles)
        .set({ activatedBy: staffId, activatedAt: at })
        .where(eq(t.masterFiles.id, file.id));
    },
  };
}

export type MasterSetupStore = ReturnType<typeof createMasterSetupStore>;
