// One API process as the throughput bench runs it behind the gateway: PostgreSQL when
// DATABASE_URL is set (several of these share it, and Redis through REDIS_URL, as replicas do),
// else its own in-memory PGlite. Production code paths, logging on as users run it
// (BENCH_LOG_LEVEL, default info; lines go to the null device, so what is measured is making
// them, not a terminal drawing them), abuse limits lifted: the bench is one client address
// signing up a hundred applicants and hammering their forms. Prints the port once listening.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { AUTH_RATE_LIMIT_DEFAULTS } from '@lending/contracts';

import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedMasterData } from '../src/db/seed';

const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: 'memory://',
});
await migrate(db);
await seedMasterData(db);
const unlimited = 1_000_000_000;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-throughput-files-'));
const app = await buildApp({
  db,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  logStream: fs.createWriteStream(os.devNull),
  authLimits: Object.fromEntries(Object.keys(AUTH_RATE_LIMIT_DEFAULTS).map((k) => [k, unlimited])),
  filesDir,
  // Both processes of a run sign and seal with the same keys, as replicas of one deployment do.
  jwtSecret: process.env.JWT_SECRET,
  dataKey: process.env.DATA_ENCRYPTION_KEY,
  redisUrl: process.env.REDIS_URL || undefined,
  redisKeyPrefix: process.env.REDIS_KEY_PREFIX,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.close())
      .then(() => fs.rmSync(filesDir, { recursive: true, force: true }))
      .then(() => process.exit(0)),
);
