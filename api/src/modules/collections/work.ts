import { createCaseWork } from './case-work';
import { createContactLog } from './contacts';
import { createPromises } from './promises';
import { createTerminations } from './terminations';
import type { CollectionWorkDeps } from './work-deps';

/** The collection case's work, each part in its own file, handed the same dependencies. */
export function createCollectionWork(deps: CollectionWorkDeps) {
  const contacts = createContactLog(deps);
  const promises = createPromises(deps);
  const terminations = createTerminations(deps, contacts);
  const cases = createCaseWork(deps, { contacts, promises, terminations });
  return { contacts, promises, terminations, cases };
}

export type CollectionWork = ReturnType<typeof createCollectionWork>;
