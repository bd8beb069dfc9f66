import type { Orm } from '../db/database';
import { createApplicationStore } from '../modules/applications/store';
import { createMasterLookups } from '../modules/master/store';

/** The applications store wired as the app wires it, for tests that set an application's state
 *  directly (a status the journey has not reached yet, a progress step). */
export function applicationStore(db: Orm) {
  return createApplicationStore(db, createMasterLookups);
}
