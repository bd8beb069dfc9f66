import type { DocumentFileType, OrganizationType } from '@lending/contracts';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import {
  agreementDocuments,
  applicationFiles,
  attestationVideos,
  masterFiles,
  organizations,
  paymentReceipts,
  requiredFiles,
} from '../../db/schema';
import type { OrmExecutor } from '../../kernel/transaction';

export type RequiredFileRow = typeof requiredFiles.$inferSelect;
export type FileRow = typeof applicationFiles.$inferSelect;
export type NewFileRow = typeof applicationFiles.$inferInsert;

export function createFileStore(db: Orm) {
  return {
    async liveCountOfType(
      tx: OrmExecutor,
      applicationId: string,
      fileType: DocumentFileType,
    ): Promise<number> {
      const [counted] = await tx
        .select({ files: count() })
        .from(applicationFiles)
        .where(
          and(
            eq(applicationFiles.applicationId, applicationId),
            eq(applicationFiles.fileType, fileType),
            isNull(applicationFiles.deletedAt),
          ),
        );
      return Number(counted?.files ?? 0);
    },

    /** The new row, or undefined when the same document is already there. */
    async insertFile(tx: OrmExecutor, file: NewFileRow): Promise<FileRow | undefined> {
      const [inserted] = await tx
        .insert(applicationFiles)
        .values(file)
        .onConflictDoNothing()
        .returning();
      return inserted;
    },

    async markDeleted(tx: OrmExecutor, fileId: string, at: Date): Promise<void> {
      await tx
        .update(applicationFiles)
        .set({ deletedAt: at })
        .where(eq(applicationFiles.id, fileId));
    },

    requiredFor(organizationType: OrganizationType): Promise<RequiredFileRow[]> {
      return db
        .select()
        .from(requiredFiles)
        .where(eq(requiredFiles.organizationType, organizationType))
        .orderBy(asc(requiredFiles.displayOrder));
    },

    async organizationTypeOf(organizationId: string): Promise<OrganizationType | null> {
      const [row] = await db
        .select({ organizationType: organizations.organizationType })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.organizationType ?? null;
    },

    /** The live files of an application, oldest first. */
    filesOf(applicationId: string): Promise<FileRow[]> {
      return db
        .select()
        .from(applicationFiles)
        .where(
          and(
            eq(applicationFiles.applicationId, applicationId),
            isNull(applicationFiles.deletedAt),
          ),
        )
        .orderBy(asc(applicationFiles.createdAt), asc(applicationFiles.id));
    },

    async countsByType(applicationId: string): Promise<Map<DocumentFileType, number>> {
      const rows = await db
        .select({ fileType: applicationFiles.fileType, files: count() })
        .from(applicationFiles)
        .where(
          and(
            eq(applicationFiles.applicationId, applicationId),
            isNull(applicationFiles.deletedAt),
          ),
        )
        .groupBy(applicationFiles.fileType);
      return new Map(rows.map((row) => [row.fileType, Number(row.files)]));
    },

    /** Which of the keys belong to a live file; a deleted file's key is not among them. */
    async liveStorageKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ storageKey: applicationFiles.storageKey })
        .from(applicationFiles)
        .where(
          and(inArray(applicationFiles.storageKey, [...keys]), isNull(applicationFiles.deletedAt)),
        );
      // Agreement documents share the storage: their rows keep their objects too.
      const documents = await db
        .select({ storageKey: agreementDocuments.storageKey })
        .from(agreementDocuments)
        .where(inArray(agreementDocuments.storageKey, [...keys]));
      // So do payment receipts.
      const receipts = await db
        .select({ storageKey: paymentReceipts.storageKey })
        .from(paymentReceipts)
        .where(inArray(paymentReceipts.storageKey, [...keys]));
      // So do the attestation videos and master setup's versions (videos and lists).
      const videos = await db
        .select({ storageKey: attestationVideos.storageKey })
        .from(attestationVideos)
        .where(inArray(attestationVideos.storageKey, [...keys]));
      const masters = await db
        .select({ storageKey: masterFiles.storageKey })
        .from(masterFiles)
        .where(inArray(masterFiles.storageKey, [...keys]));
      return new Set(
        [...rows, ...documents, ...receipts, ...videos, ...masters].map((row) => row.storageKey),
      );
    },

    async findLive(fileId: string): Promise<FileRow | null> {
      const [row] = await db
        .select()
        .from(applicationFiles)
        .where(and(eq(applicationFiles.id, fileId), isNull(applicationFiles.deletedAt)));
      return row ?? null;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
