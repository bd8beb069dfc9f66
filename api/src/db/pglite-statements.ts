// Imported only when PGlite is the database (it loads PGlite's WebAssembly build).
import {
  parse,
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Statement {
  name: string;
  /** The parameter type OIDs Postgres inferred when the statement was parsed. */
  parameterTypes: number[];
  /** The shape of its rows (text format), as described once: not asked again on each run. */
  rowDescription: BackendMessage[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/**
 * Runs statements outside transactions as named prepared statements, which is what node-postgres
 * does for Drizzle's prepared queries on a real server.
 *
 * PGlite's own `query` makes six trips into the WebAssembly Postgres per statement (parse,
 * describe, bind, describe, execute, sync) and parses and plans the text every time: about
 * 0.5 ms for a one-row lookup on a 2-core machine. A statement text seen before is kept parsed
 * under a name with its row description, and runs as one Bind/Execute/Sync message, about
 * 0.13 ms: a sign-in's statements were a quarter of its CPU. The texts are Drizzle's, with
 * values always sent as parameters, so there are few of them; `capacity` bounds the kept
 * statements all the same, closing the least recently used.
 *
 * Statements inside `transaction()` keep PGlite's own path: they are rarer, and PGlite tracks
 * transaction state through it.
 */
export function withPreparedStatements(client: PGlite, capacity = 500): PGlite {
  const statements = new Map<string, Statement>();
  let named = 0;
  const original = client.query.bind(client);

  async function statementFor(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Map order is insertion order: moving a hit to the end keeps the least recent first.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `pglite_${++named}`;
    const described = await client.execProtocolStream(
      concat([
        serialize.parse({ name, text, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.filter((message) => message.name === 'rowDescription'),
    };
    if (statements.size >= capacity) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      await client.execProtocolStream(
        concat([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]),
        { syncToFs: false },
      );
    }
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions) {
    const statement = await statementFor(text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    let messages;
    try {
      messages = await client.execProtocolStream(
        concat([
          serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      // The same details PGlite's own query adds to a database error.
      Object.assign(error as object, { query: text, params, queryOptions: options });
      throw error;
    }
    await client.syncToFs();
    return parse.parseResults(
      [...statement.rowDescription, ...messages],
      client.parsers,
      options,
    )[0] as Results<T>;
  }

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    // Blobs (COPY) and forced parameter types need PGlite's own handling.
    if (options?.blob || options?.paramTypes) return original<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    );
  };
  return client;
}
