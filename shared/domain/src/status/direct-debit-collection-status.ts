import type { StateMachine } from './state-machine';
import { transitionRules } from './state-machine';

/**
 * A direct debit collection: planned by the daily job, submitted to the bank in its batch, and
 * answered by the bank the next day (collected, or failed with the bank's reason). Only the
 * system moves it: the bank's answers reach the platform through the job.
 */
export const DIRECT_DEBIT_COLLECTION_STATUSES = [
  'PLANNED',
  'SUBMITTED',
  'SUCCEEDED',
  'FAILED',
] as const;

export type DirectDebitCollectionStatus = (typeof DIRECT_DEBIT_COLLECTION_STATUSES)[number];

export const DIRECT_DEBIT_COLLECTION_STATUS_MACHINE: StateMachine<DirectDebitCollectionStatus> = {
  name: 'direct-debit-collection',
  states: DIRECT_DEBIT_COLLECTION_STATUSES,
  rules: [
    ...transitionRules(['PLANNED'], ['SUBMITTED'], ['system']),
    ...transitionRules(['SUBMITTED'], ['SUCCEEDED', 'FAILED'], ['system']),
  ],
};
