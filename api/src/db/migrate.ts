// Applies api/migrations/NNNN_name.sql in name order. Each file runs in its own transaction
// together with its row in schema_migrations, so a failed file leaves nothing behind and a
// second run applies nothing. An advisory lock keeps two starting servers from racing, and a
// checksum refuses to start when an applied file was edited (write a new migration instead).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { migrationsDir } from '../paths';
import type { Database } from './database';

export const MIGRATIONS_DIR = migrationsDir;

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
/** Any constant will do; it only has to be the same for every process of this API. */
const LOCK_KEY = 7_240_501;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Returns the names of the files applied by this run. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  const applied: string[] = [];
  await db.rawTransaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`create table if not exists schema_migrations (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
  });
  for (const migration of migrations) {
    const ran = await db.rawTransaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const [done] = await tx.query<{ checksum: string }>(
        'select checksum from schema_migrations where name = $1',
        [migration.name],
      );
      if (done) {
        if (done.checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied; add a new migration instead`,
          );
        }
        return false;
      }
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}
