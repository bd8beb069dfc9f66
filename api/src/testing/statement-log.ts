// Counts the statements Drizzle sends to an embedded PGlite database, and can make one of them
// fail, so a test can hold how many round trips a request costs and what a failure leaves behind.
import type { PGlite, Transaction } from '@electric-sql/pglite';

import type { Database } from '../db/database';

type Query = PGlite['query'];

export interface StatementLog {
  /** The statements run since the last `reset`, in order; `in transaction` ones marked. */
  readonly statements: { text: string; inTransaction: boolean }[];
  /** Transactions begun since the last `reset`. */
  readonly transactions: number;
  reset(): void;
  /** The next statement whose text matches fails with `error`. */
  failNext(pattern: RegExp, error?: Error): void;
  /** Puts the client's own functions back. */
  stop(): void;
}

export function watchStatements(db: Database): StatementLog {
  if (db.kind !== 'pglite') throw new Error('Statements are counted on PGlite only');
  const client = (db.orm as unknown as { $client: PGlite }).$client;
  const query = client.query;
  const transaction = client.transaction;
  let failure: { pattern: RegExp; error: Error } | null = null;
  const log = {
    statements: [] as { text: string; inTransaction: boolean }[],
    transactions: 0,
    reset() {
      log.statements = [];
      log.transactions = 0;
    },
    failNext(pattern: RegExp, error = new Error('Statement failed on purpose')) {
      failure = { pattern, error };
    },
    stop() {
      client.query = query;
      client.transaction = transaction;
    },
  };

  function counted(original: Query, inTransaction: boolean): Query {
    return ((text: string, ...rest: unknown[]) => {
      log.statements.push({ text, inTransaction });
      if (failure?.pattern.test(text)) {
        const { error } = failure;
        failure = null;
        return Promise.reject(error);
      }
      return (original as (...args: unknown[]) => unknown)(text, ...rest);
    }) as Query;
  }

  client.query = counted(query.bind(client), false);
  client.transaction = (<T>(work: (tx: Transaction) => Promise<T>) => {
    log.transactions += 1;
    return transaction.call(client, (tx) => {
      tx.query = counted(tx.query.bind(tx), true);
      return work(tx);
    });
  }) as PGlite['transaction'];
  return log;
}
