// Each API suite gets its own migrated and seeded database, on embedded PGlite always and on
// PostgreSQL too when DATABASE_URL is set. Migrating and seeding happen once: PGlite copies a
// dumped data folder (kept in the temp folder, named by a hash of the migrations and seeds),
// PostgreSQL clones a template database (CREATE DATABASE ... TEMPLATE). Both take well under a
// second per suite, where a fresh PGlite takes several.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { type App, type AppOptions, buildApp } from '../app';
import { type Database, type DatabaseKind, openDatabase } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { seedMasterData, SEEDS_DIR } from '../db/seed';
import { createEventBus } from '../kernel/events';
import { freshRedisPrefix, redisUrlForTests } from './test-redis';

/**
 * What can make a suite pass on embedded PGlite and fail on a PostgreSQL server: PGlite has one
 * connection, so requests never overlap there; a server runs transactions side by side, takes
 * locks, and is another major version.
 */
export type SqlDifference =
  /** requests or processes racing for one row, lock or number */
  | 'concurrency'
  /** SQL written by hand (dates and time zones, locks, aggregates) rather than built by Drizzle */
  | 'hand-written SQL'
  /** the migrations themselves, on the server's version */
  | 'migrations';

/**
 * The databases an API suite runs on: `describe.each(databases())`. Always embedded PGlite; also
 * the PostgreSQL server of DATABASE_URL, when one is set, for a suite naming what it exercises that
 * differs between the two (its tests that do so marked with `testsOn`), and for every suite when
 * API_TESTS_ON_POSTGRESQL=all (the bench command runs them all that way).
 */
export function databases(...differences: SqlDifference[]): DatabaseKind[] {
  if (!process.env.DATABASE_URL) return ['pglite'];
  const everySuite = process.env.API_TESTS_ON_POSTGRESQL === 'all';
  return everySuite || differences.length > 0 ? ['pglite', 'postgresql'] : ['pglite'];
}

/** Defines nothing, `.each` included: the tests a database does not run are not defined on it. */
const undefinedHere = Object.assign(() => undefined, { each: () => () => undefined });

/**
 * The tests of a suite run by `describe.each(databases(difference))`, for one database. A suite
 * names the difference it exercises, but most of its tests are plain flows that the difference
 * does not touch: `it` (and `describe`, for a block holding none of the others) defines them on
 * PGlite only; `everywhere` defines a test on every database of the suite (the tests that race,
 * lock or run hand-written SQL). With API_TESTS_ON_POSTGRESQL=all (the bench command) every test
 * runs on both.
 */
export function testsOn(kind: DatabaseKind): {
  it: jest.It;
  describe: jest.Describe;
  everywhere: jest.It;
} {
  const every = kind === 'pglite' || process.env.API_TESTS_ON_POSTGRESQL === 'all';
  return {
    it: every ? it : (undefinedHere as unknown as jest.It),
    describe: every ? describe : (undefinedHere as unknown as jest.Describe),
    everywhere: it,
  };
}

/** Changes whenever a migration or a seed file does, so a stale template is never used. */
function schemaHash(): string {
  const hash = createHash('sha256');
  for (const migration of readMigrations()) hash.update(migration.name).update(migration.sql);
  for (const file of fs.readdirSync(SEEDS_DIR).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(SEEDS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function migratedAndSeeded(db: Database): Promise<void> {
  await migrate(db);
  await seedMasterData(db);
  // pg-boss installs its schema on its first start: done once here, every suite's apps start fast.
  const queue = createEventBus({
    db,
    log: { warn: () => undefined, error: () => undefined },
    work: false,
  });
  await queue.start();
  await queue.stop();
}

async function pgliteTemplate(): Promise<Blob> {
  const dir = path.join(os.tmpdir(), 'lending-api-tests');
  const file = path.join(dir, `pglite-${schemaHash()}.tar`);
  if (!fs.existsSync(file)) {
    const db = await openDatabase({ dataDir: 'memory://' });
    await migratedAndSeeded(db);
    const client = (db.orm as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await db.close();
    fs.mkdirSync(dir, { recursive: true });
    // Written aside then renamed: suites starting in parallel never read half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Any constant: it serialises template creation between parallel jest workers. */
const TEMPLATE_LOCK = 7_240_502;

async function postgresTemplate(baseUrl: string): Promise<string> {
  const name = `lending_tmpl_${schemaHash()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'lending\\_tmpl\\_%'",
      );
      for (const { datname } of stale.rows) {
        await admin.query(`drop database if exists "${datname}" with (force)`);
      }
      const building = `${name}_building`;
      await admin.query(`create database "${building}"`);
      const db = await openDatabase({ databaseUrl: databaseUrl(baseUrl, building), poolSize: 1 });
      try {
        await migratedAndSeeded(db);
      } finally {
        await db.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    await admin.end();
  }
}

async function adminQuery(baseUrl: string, sqlText: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(sqlText);
  } finally {
    await admin.end();
  }
}

export interface TestDatabase {
  db: Database;
  /** Where another process reaches the same database (PostgreSQL only). */
  databaseUrl?: string;
  /** Closes the connection and removes the database. */
  close: () => Promise<void>;
}

export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
    return { db, close: () => db.close() };
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('DATABASE_URL is not set');
  const template = await postgresTemplate(baseUrl);
  const name = `lending_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database "${name}" template "${template}"`);
  // A suite's database is thrown away when it ends: its commits need not wait for the disk, which
  // more than halved the PostgreSQL half of the API suites here. Atomicity, isolation and
  // visibility are unchanged; only a crash of the server itself could lose the last commits.
  await adminQuery(baseUrl, `alter database "${name}" set synchronous_commit = off`);
  const url = databaseUrl(baseUrl, name);
  const db = await openDatabase({ databaseUrl: url, poolSize: 4 });
  return {
    db,
    databaseUrl: url,
    close: async () => {
      await db.close();
      await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

export interface TestApp {
  app: App;
  db: Database;
  close: () => Promise<void>;
}

/** The counters of an app under test: in Redis when the suites have one, under keys of its own. */
export function testCounterOptions(): Pick<AppOptions, 'redisUrl' | 'redisKeyPrefix'> {
  const redisUrl = redisUrlForTests();
  return redisUrl ? { redisUrl, redisKeyPrefix: freshRedisPrefix() } : {};
}

/** An app on its own database, for one suite; logs are silent unless a stream is given. */
export async function openTestApp(
  kind: DatabaseKind,
  options: Partial<AppOptions> = {},
): Promise<TestApp> {
  const { db, close } = await openTestDatabase(kind);
  const app = await buildApp({ db, logLevel: 'silent', ...testCounterOptions(), ...options });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await close();
    },
  };
}
