// Prepares the database and exits: the migrations, then the master data. The server does the
// same on every start; a deployment runs this first, once, so replicas start on a ready schema.
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedMasterData } from './db/seed';
import { readDatabaseConfig } from './kernel/config';

const { databaseUrl, dataDir } = readDatabaseConfig();
const db = await openDatabase({ databaseUrl, dataDir });
try {
  const applied = await migrate(db);
  await seedMasterData(db);
  process.stdout.write(
    applied.length > 0 ? `migrations applied: ${applied.join(', ')}\n` : 'schema up to date\n',
  );
} catch (error) {
  console.error('the database could not be prepared:', error);
  process.exitCode = 1;
} finally {
  await db.close();
}
