import { PGlite } from '@electric-sql/pglite';

import { withPreparedStatements } from './pglite-statements';

describe('PGlite statements kept prepared', () => {
  let plain: PGlite;
  let prepared: PGlite;

  // Two embedded databases start here: on a busy machine running every suite at once, that alone
  // can take longer than the default hook time.
  beforeAll(async () => {
    plain = await PGlite.create();
    prepared = withPreparedStatements(await PGlite.create(), 3);
    for (const db of [plain, prepared]) {
      await db.exec(`create table t (
        id uuid primary key, at timestamptz, n integer, ok boolean, doc jsonb, tags text[],
        email text unique)`);
    }
  }, 180_000);
  afterAll(async () => {
    await plain?.close();
    await prepared?.close();
  });

  const insert = `insert into t values ($1, $2, $3, $4, $5, $6, $7) returning *`;
  const row = [
    '6f1c0e7e-2c1f-4e0b-9d52-0f7d3b0c1a12',
    new Date('2026-11-23T08:00:00Z'),
    42,
    true,
    { a: [1, 'b'] },
    ['x', 'y'],
    'a@example.com',
  ];

  it('answers exactly as PGlite does, in both row modes, run after run', async () => {
    expect(await prepared.query(insert, row)).toEqual(await plain.query(insert, row));
    const select = 'select * from t where id = $1 and n > $2';
    for (const rowMode of ['object', 'array'] as const) {
      for (let run = 0; run < 3; run += 1) {
        expect(await prepared.query(select, [row[0], 1], { rowMode })).toEqual(
          await plain.query(select, [row[0], 1], { rowMode }),
        );
      }
    }
    const nulls = 'select $1::int as n, $2::text as s';
    expect(await prepared.query(nulls, [null, undefined])).toEqual(
      await plain.query(nulls, [null, undefined]),
    );
  });

  it('throws the database error with its code, and the statement still works after it', async () => {
    const again = prepared.query(insert, [
      '0b6e9d1c-8a55-4a57-9a57-3c9d2f6f4e10',
      null,
      1,
      false,
      null,
      null,
      'a@example.com',
    ]);
    await expect(again).rejects.toMatchObject({ code: '23505', constraint: 't_email_key' });
    const other = await prepared.query(insert, [
      '0b6e9d1c-8a55-4a57-9a57-3c9d2f6f4e10',
      null,
      1,
      false,
      null,
      null,
      'b@example.com',
    ]);
    expect(other.rows).toHaveLength(1);
    await expect(prepared.query('select nonsense from t')).rejects.toMatchObject({
      code: '42703',
    });
  });

  it('keeps at most its capacity of statements, preparing again what it let go', async () => {
    const texts = ['select 1 as v', 'select 2 as v', 'select 3 as v', 'select 4 as v'];
    for (const text of [...texts, ...texts]) {
      expect((await prepared.query<{ v: number }>(text)).rows[0]!.v).toBe(texts.indexOf(text) + 1);
    }
    const count = await prepared.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(count.rows[0]!.n).toBeLessThanOrEqual(3);
  });

  it('leaves transactions to PGlite: a rolled-back write is gone', async () => {
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query(`update t set n = 7`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ns = await prepared.query<{ n: number }>('select n from t order by n');
    expect(ns.rows.map((r) => r.n)).toEqual([1, 42]);
  });
});
