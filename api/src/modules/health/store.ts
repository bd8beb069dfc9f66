import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

export function createHealthStore(db: Database) {
  return {
    kind: db.kind,
    /** Throws when the database cannot answer. */
    async ping(): Promise<void> {
      await db.orm.execute(sql`select 1`);
    },
  };
}

export type HealthStore = ReturnType<typeof createHealthStore>;
