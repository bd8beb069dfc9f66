import type { StateMachine } from './state-machine';
import { transitionRules } from './state-machine';

/**
 * Where an active loan account stands in collection. The daily job moves it between the first
 * three as payments come and due dates pass; only a person issues a default notice (DOMAIN.md:
 * "ready for default" is a flag for staff, default needs a person and a 14-day notice).
 */
export const COLLECTION_STAGES = [
  'CURRENT',
  'IN_ARREARS',
  'READY_FOR_DEFAULT',
  'DEFAULT_NOTICE_ISSUED',
] as const;

export type CollectionStage = (typeof COLLECTION_STAGES)[number];

export const COLLECTION_STAGE_MACHINE: StateMachine<CollectionStage> = {
  name: 'collection',
  states: COLLECTION_STAGES,
  rules: [
    // A missed day caught up may find an account already more than 28 days behind.
    ...transitionRules(['CURRENT'], ['IN_ARREARS', 'READY_FOR_DEFAULT'], ['system']),
    // A part payment can bring the oldest unpaid instalment back within 28 days.
    ...transitionRules(['IN_ARREARS'], ['READY_FOR_DEFAULT'], ['system']),
    ...transitionRules(['READY_FOR_DEFAULT'], ['IN_ARREARS'], ['system']),
    ...transitionRules(
      ['IN_ARREARS', 'READY_FOR_DEFAULT', 'DEFAULT_NOTICE_ISSUED'],
      ['CURRENT'],
      ['system'],
    ),
    ...transitionRules(['READY_FOR_DEFAULT'], ['DEFAULT_NOTICE_ISSUED'], ['staff']),
  ],
};

export function isCollectionStage(value: string): value is CollectionStage {
  return (COLLECTION_STAGES as readonly string[]).includes(value);
}
