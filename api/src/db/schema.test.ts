import { eq, isTable } from 'drizzle-orm';
import { getTableConfig, pgSchema, type PgTable, text } from 'drizzle-orm/pg-core';

import { openTestDatabase } from '../testing/test-db';
import * as schema from './schema';

const columns = pgSchema('information_schema').table('columns', {
  tableSchema: text('table_schema').notNull(),
  tableName: text('table_name').notNull(),
  columnName: text('column_name').notNull(),
  isNullable: text('is_nullable').notNull(),
});

describe('the Drizzle schema', () => {
  it('mirrors the tables and columns the migrations create', async () => {
    const { db, close } = await openTestDatabase('pglite');
    try {
      const rows = await db.orm.select().from(columns).where(eq(columns.tableSchema, 'public'));
      const actual = new Map(rows.map((row) => [`${row.tableName}.${row.columnName}`, row]));
      const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
        isTable(value),
      );
      const declared = new Set<string>();
      for (const table of tables) {
        const config = getTableConfig(table);
        for (const column of config.columns) {
          const key = `${config.name}.${column.name}`;
          declared.add(key);
          expect({ key, nullable: actual.get(key)?.isNullable }).toEqual({
            key,
            nullable: column.notNull ? 'NO' : 'YES',
          });
        }
      }
      expect([...actual.keys()].filter((key) => !declared.has(key))).toEqual([]);
    } finally {
      await close();
    }
  });
});
