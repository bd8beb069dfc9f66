import { sql } from 'drizzle-orm';

import type { Database } from '../../db/database';

export function createHealthStore(db: Database) {
  return {
    /** Throws when the database cannot answer. */
    async ping(): Promise<void> {
      await db.orm.execute(sql`select 1`);
    },
  };
}

export type HealthStore = ReturnType<typeof createHealthStore>;
