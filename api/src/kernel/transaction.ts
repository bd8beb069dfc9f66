import type { Orm } from '../db/database';

/** The handle a transaction's work receives; stores take it to write inside the caller's
 *  transaction. */
export type OrmTransaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** Either the database or an open transaction: what a store writes through. */
export type OrmExecutor = Orm | OrmTransaction;

/**
 * Runs `work` in one transaction: a state change, its audit row and its side effects commit
 * together or not at all. Inside an open transaction the work joins it (a savepoint), so a
 * store method can be called on its own or as part of a larger change.
 */
export function inTransaction<T>(
  db: OrmExecutor,
  work: (tx: OrmTransaction) => Promise<T>,
): Promise<T> {
  return db.transaction(work);
}
