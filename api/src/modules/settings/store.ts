// Product settings, one row per tenant and version: a change writes a new version, so an offer
// made under an older one can always be explained by it.
import type { ProductSettings } from '@lending/domain';
import { and, desc, eq } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import { inTransaction, type OrmExecutor } from '../../kernel/transaction';

export interface StoredSettings {
  settings: ProductSettings;
  createdAt: Date;
  createdBy: string | null;
}

/** Whether an insert lost the race for a version number to another save. */
export function isVersionTaken(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

function stored(row: typeof t.productSettings.$inferSelect): StoredSettings {
  return {
    settings: { ...(row.settings as ProductSettings), version: row.version },
    createdAt: row.createdAt,
    createdBy: row.createdBy,
  };
}

export function createSettingsStore(db: Orm) {
  return {
    /** Through `executor` when a caller's transaction must see (and lock out) its own writes. */
    async latest(tenant: string, executor: OrmExecutor = db): Promise<StoredSettings | undefined> {
      const [row] = await executor
        .select()
        .from(t.productSettings)
        .where(eq(t.productSettings.tenant, tenant))
        .orderBy(desc(t.productSettings.version))
        .limit(1);
      return row && stored(row);
    },

    async version(tenant: string, version: number): Promise<StoredSettings | undefined> {
      const [row] = await db
        .select()
        .from(t.productSettings)
        .where(and(eq(t.productSettings.tenant, tenant), eq(t.productSettings.version, version)));
      return row && stored(row);
    },

    /** The new version with its audit row; a version already taken fails on the primary key.
     *  Given a transaction, both join it. */
    async insert(
      tenant: string,
      settings: ProductSettings,
      by: { staffId: string; ip: string | null; previousVersion: number },
      executor: OrmExecutor = db,
    ): Promise<StoredSettings> {
      return inTransaction(executor, async (tx) => {
        const { version, ...rest } = settings;
        const [row] = await tx
          .insert(t.productSettings)
          .values({ tenant, version, settings: rest, createdBy: by.staffId })
          .returning();
        await writeAudit(tx, {
          action: 'settings.updated',
          actor: `staff:${by.staffId}`,
          subject: `tenant:${tenant}`,
          entity: `product-settings:${tenant}`,
          from: String(by.previousVersion),
          to: String(version),
          ip: by.ip,
        });
        return stored(row!);
      });
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
