import { fileStorageFor } from './adapters';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedMasterData } from './db/seed';
import { readConfig } from './kernel/config';
import { providerNames } from './kernel/config-providers';
import { demoStaffRefusal } from './kernel/demo-staff-config';
import { seedFirstAdmin } from './modules/auth/staff-seed';
import { sweepStoredFiles } from './modules/files/sweep';
import { refuseDemoStaffLeft } from './modules/staff/demo-staff';
import { createDemoStaffStore } from './modules/staff/demo-store';

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// The schema comes first: building the app reads its signing key from the database.
let applied: string[];
try {
  applied = await migrate(db);
  await seedMasterData(db);
} catch (error) {
  console.error('the API could not prepare its database:', error);
  await db.close();
  process.exit(1);
}

const app = await buildApp({
  db,
  logLevel: config.logLevel,
  contactRateLimit: config.contactRateLimit,
  authLimits: {
    loginPerIp: config.signInRateLimit,
    loginFailuresPerAccount: config.signInLockFailures,
    passwordLinkPerIp: config.passwordLinkRateLimit,
  },
  timeouts: config.timeouts,
  corsOrigins: config.corsOrigins,
  trustProxy: config.trustProxy,
  proxySecret: config.proxySecret,
  jwtSecret: config.jwtSecret,
  dataKey: config.dataKey,
  ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
  servedAt: config.servedAt,
  email: config.email,
  captcha: config.captcha,
  filesDir: config.filesDir,
  ...(config.s3 ? { s3: config.s3 } : {}),
  redisUrl: config.redisUrl,
  redisKeyPrefix: config.redisKeyPrefix,
  sandboxOutboxPublic: config.sandboxOutboxPublic,
  paymentGateway: config.paymentGateway,
  providers: config.providers,
  movableBusinessDate: config.movableBusinessDate,
  ...(config.jompayBillerCodes ? { jompayBillerCodes: config.jompayBillerCodes } : {}),
  ...(config.demoStaff ? { demoStaff: config.demoStaff } : {}),
  runJobs: true,
});

try {
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  const admin = await seedFirstAdmin(db.orm, config.staffAdmin);
  if (admin === 'created') app.log.info('first staff admin created from STAFF_ADMIN_EMAIL');
  if (admin === 'not-configured') {
    app.log.warn(
      'no staff yet: set STAFF_ADMIN_EMAIL and STAFF_ADMIN_PASSWORD to create the first admin',
    );
  }
  // A sandbox's database taken into production would bring sign-ins whose passwords a terminal
  // showed and whose codes anyone with the outbox could read.
  const demoRefusal = demoStaffRefusal(
    config.production,
    providerNames(config.providers, {
      email: config.email.provider,
      captcha: config.captcha.provider,
    }),
  );
  if (demoRefusal) await refuseDemoStaffLeft(createDemoStaffStore(db.orm), demoRefusal);
  // Before the first request: an upload in flight would look like what a crash left behind.
  // Replicas sharing one FILES_DIR or bucket set FILES_SWEEP_GRACE_SECONDS, so a start spares the
  // objects another replica wrote in the last seconds and is about to commit.
  const graceSeconds = Number(process.env.FILES_SWEEP_GRACE_SECONDS || 0);
  if (!Number.isInteger(graceSeconds) || graceSeconds < 0) {
    throw new Error('FILES_SWEEP_GRACE_SECONDS must be a whole number');
  }
  const swept = await sweepStoredFiles(
    db.orm,
    fileStorageFor(config),
    new Date(Date.now() - graceSeconds * 1000),
  );
  app.log.info(swept, 'stored files swept');
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    config.databaseUrl ? 'database: postgresql' : `database: pglite at ${config.dataDir}`,
  );
  app.log.info(
    config.redisUrl
      ? 'rate-limit counters: redis, shared by every API process'
      : 'rate-limit counters: in this process (set REDIS_URL to share them)',
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
