// The API as the queue bench measures it: its own database (DATABASE_URL, else in-memory
// PGlite) holding QUEUE_ROWS applications, production code paths, logs made and thrown away.
// Prints one JSON line once listening: the port, a credit officer's token and values to search.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

import { buildApp } from '../src/app';
import { createSealer } from '../src/crypto/sealed';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedMasterData } from '../src/db/seed';
import { addStaff, caller, staffLogin } from '../src/testing/auth-helpers';
import { seedQueue } from './queue-seed';

const rows = Number(process.env.QUEUE_ROWS ?? 10_000);
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
await migrate(db);
await seedMasterData(db);
const dataKey = randomBytes(32).toString('hex');
const officers: string[] = [];
for (const name of ['aisyah', 'bala', 'chong', 'devi', 'ezra', 'farah']) {
  await addStaff(db.orm, `${name}@bench.lender.test`, `${name} bench password`, ['CREDIT_OFFICER']);
}
const { staffUsers } = await import('../src/db/schema');
for (const row of await db.orm.select({ id: staffUsers.id }).from(staffUsers))
  officers.push(row.id);
const seedStarted = performance.now();
const sample = await seedQueue(db.orm, createSealer(Buffer.from(dataKey, 'hex')), {
  count: rows,
  officerIds: officers,
});
const seedSeconds = (performance.now() - seedStarted) / 1000;
if (db.kind === 'postgresql') {
  // What autovacuum would have done by the time a real book reached this size.
  await db.rawTransaction((tx) => tx.exec('analyze'));
}

const app = await buildApp({
  db,
  dataKey,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  logStream: fs.createWriteStream(os.devNull),
});
await app.ready();
const { accessToken } = await staffLogin(
  caller(app),
  'aisyah@bench.lender.test',
  'aisyah bench password',
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    token: accessToken,
    sample,
    seedSeconds,
  })}\n`,
);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0)),
);
