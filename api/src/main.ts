import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedMasterData } from './db/seed';

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({
  db,
  logLevel: config.logLevel,
  contactRateLimit: config.contactRateLimit,
  corsOrigins: config.corsOrigins,
  trustProxy: config.trustProxy,
});

try {
  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  await seedMasterData(db);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    config.databaseUrl ? 'database: postgresql' : `database: pglite at ${config.dataDir}`,
  );
} catch (error) {
  app.log.fatal({ err: error }, 'the API could not start');
  await db.close();
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping');
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
