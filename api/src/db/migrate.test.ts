import { count } from 'drizzle-orm';

import { databases, openTestDatabase } from '../testing/test-db';
import { migrate, readMigrations } from './migrate';
import { postcodes, races, schemaMigrations } from './schema';
import { seedMasterData } from './seed';

describe.each(databases('migrations'))('migrations and seeds on %s', (kind) => {
  it('are recorded once: running them again changes nothing', async () => {
    const { db, close } = await openTestDatabase(kind);
    try {
      const recorded = await db.orm.select().from(schemaMigrations);
      expect(recorded.map((row) => row.name)).toEqual(readMigrations().map((m) => m.name));

      expect(await migrate(db)).toEqual([]);
      expect(await migrate(db)).toEqual([]);
      const [before] = await db.orm.select({ n: count() }).from(postcodes);
      const racesBefore = await db.orm.select().from(races);
      await seedMasterData(db);
      await seedMasterData(db);
      const [after] = await db.orm.select({ n: count() }).from(postcodes);
      expect(after).toEqual(before);
      expect(await db.orm.select().from(races)).toEqual(racesBefore);
      expect(await db.orm.select().from(schemaMigrations)).toEqual(recorded);
    } finally {
      await close();
    }
  });

  it('refuse to start when an applied migration was edited', async () => {
    const { db, close } = await openTestDatabase(kind);
    try {
      const [first] = readMigrations();
      await db.orm.update(schemaMigrations).set({ checksum: 'edited' });
      await expect(migrate(db)).rejects.toThrow(
        `Migration ${first!.name} was changed after it was applied`,
      );
    } finally {
      await close();
    }
  });
});
