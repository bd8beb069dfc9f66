// The one data layer. With DATABASE_URL the API talks to PostgreSQL through node-postgres;
// without it, to embedded PGlite under a data folder, so a fresh machine needs no database
// server. Both sit behind the same Drizzle interface; only the migrator needs raw SQL text.
import fs from 'node:fs';

import type { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from 'pg-boss';

import * as schema from './schema';

export type DatabaseKind = 'pglite' | 'postgresql';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL inside one transaction: what migrations need and Drizzle does not give on PGlite. */
export interface RawTransaction {
  /** Runs SQL text that may hold several statements. */
  exec(sqlText: string): Promise<void>;
  query<Row>(sqlText: string, params?: unknown[]): Promise<Row[]>;
}

/** SQL text with `$n` parameters, answered in node-postgres's shape: what the job queue
 *  (pg-boss) runs its own statements through, so it shares this database's connections. */
export type SqlExecutor = Db;

export interface Database {
  readonly kind: DatabaseKind;
  readonly orm: Orm;
  readonly sql: SqlExecutor;
  rawTransaction<T>(work: (tx: RawTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; unset means embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder, created when missing; `memory://` keeps everything in memory. */
  dataDir?: string | undefined;
  /** A PGlite data folder dump to start from (tests copy a migrated template). */
  loadDataDir?: Blob | File | undefined;
  /** Largest number of PostgreSQL connections. */
  poolSize?: number | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob | File): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  // PGlite loads its WebAssembly build on import: only pay for it when it is the database.
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { withPreparedStatements } = await import('./pglite-statements');
  const client: PGlite = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  // Read before Drizzle's parsers are installed on the client: pg-boss reads timestamps as dates.
  const { fromPglite } = await import('pg-boss');
  const sql = fromPglite(withDates(client, types));
  return {
    kind: 'pglite',
    sql,
    orm: drizzle(withDrizzleParsersInstalled(withPreparedStatements(client), types), {
      schema,
    }) as unknown as Orm,
    rawTransaction: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (sqlText) => {
            await tx.exec(sqlText);
          },
          query: async <Row>(sqlText: string, params?: unknown[]) =>
            (await tx.query<Row>(sqlText, params)).rows,
        }),
      ),
    close: () => client.close(),
  };
}

/**
 * The client as pg-boss needs it: timestamps as dates. The client's own parsers give text (see
 * below) and its query drops per-query parsers, so this calls PGlite's methods unwrapped.
 */
function withDates(client: PGlite, types: typeof pgliteTypes) {
  const asDate = (value: string) => new Date(value);
  const parsers = { [types.TIMESTAMPTZ]: asDate, [types.TIMESTAMP]: asDate };
  const proto = Object.getPrototypeOf(client) as PGlite;
  return {
    query: <T>(text: string, values?: unknown[]) =>
      proto.query.call(client, text, values, { parsers }) as Promise<{ rows: T[] }>,
    exec: (text: string) => proto.exec.call(client, text, { parsers }),
  };
}

type QueryOptions = { parsers?: unknown } | undefined;
type Queryable = { query(text: string, params?: unknown[], options?: QueryOptions): unknown };

/**
 * Drizzle passes PGlite the same few parsers with every query (timestamps, dates and intervals
 * as text), and PGlite copies its whole table of some 300 parsers on every query to merge them:
 * a third of a millisecond each time on the sign-in path. Installed once on the client instead,
 * every query parses the same and nothing is copied. Only Drizzle reads through this client's
 * parsers; the migrator reads text columns only.
 */
function withDrizzleParsersInstalled(client: PGlite, types: typeof pgliteTypes): PGlite {
  const asText = (value: string) => value;
  for (const type of [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231, // numeric[]
    1115, // timestamp[]
    1185, // timestamptz[]
    1187, // interval[]
    1182, // date[]
  ]) {
    client.parsers[type] = asText;
  }
  const dropParsers = <T extends Queryable>(target: T): T => {
    const query = target.query.bind(target);
    target.query = (text, params, options) =>
      query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
    return target;
  };
  dropParsers(client as unknown as Queryable);
  const transaction = client.transaction.bind(client);
  client.transaction = (work) =>
    transaction((tx) => work(dropParsers(tx as unknown as Queryable) as unknown as typeof tx));
  return client;
}

async function openPostgres(connectionString: string, poolSize: number): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server closes (restart, failover, a dropped test database) is
  // removed and replaced by the pool; without a listener its error would end the process. A real
  // outage still shows on the next query.
  pool.on('error', () => undefined);
  // Fail at start, not on the first request, when the server is not there.
  await pool.query('select 1');
  return {
    kind: 'postgresql',
    sql: { executeSql: (text, values) => pool.query(text, values) },
    orm: drizzle(pool, { schema }) as unknown as Orm,
    rawTransaction: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await work({
          // Without parameters node-postgres uses the simple protocol: several statements pass.
          exec: async (sqlText) => {
            await connection.query(sqlText);
          },
          query: async <Row>(sqlText: string, params?: unknown[]) =>
            (await connection.query(sqlText, params)).rows as Row[],
        });
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback');
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
