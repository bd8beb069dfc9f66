// The API as the auth bench measures it: its own in-memory database, production code paths,
// logging on as users run it (BENCH_LOG_LEVEL, default info; lines go to the null device, so
// what is measured is making them, not a terminal drawing them), abuse limits lifted (the bench
// is one client hammering one account) and one bare route to compare against. Prints the port
// once listening.
import fs from 'node:fs';
import os from 'node:os';

import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedMasterData } from '../src/db/seed';
import { access } from '../src/http/access';

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
await migrate(db);
await seedMasterData(db);
const unlimited = 1_000_000_000;
const app = await buildApp({
  db,
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  logStream: fs.createWriteStream(os.devNull),
  authLimits: {
    loginPerIp: unlimited,
    loginPerAccount: unlimited,
    captchaVerifyPerIp: unlimited,
    resetPerIp: unlimited,
    resetPerAccount: unlimited,
    checkEmailPerIp: unlimited,
  },
});
app.get('/bench/bare', { config: { access: access.public } }, async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0)),
);
