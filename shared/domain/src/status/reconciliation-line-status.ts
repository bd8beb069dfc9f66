import type { StateMachine, TransitionContext, TransitionRefusal } from './state-machine';
import { transitionRules } from './state-machine';

export const RECONCILIATION_LINE_STATUSES = ['OPEN', 'PROPOSED', 'RESOLVED'] as const;

export type ReconciliationLineStatus = (typeof RECONCILIATION_LINE_STATUSES)[number];

/** Four eyes: the one who explained a difference never also closes it. */
function secondPerson(context: TransitionContext): TransitionRefusal | undefined {
  if (!context.actorId || !context.proposerId) return 'approverUnknown';
  return context.actorId === context.proposerId ? 'sameApprover' : undefined;
}

/**
 * A line of a settlement reconciliation that did not match (money in the gateway's report and not
 * in the books, booked and not reported, or a different amount): open until a finance member
 * proposes why (a bank error, or explained), resolved only when a second one confirms it.
 */
export const RECONCILIATION_LINE_STATUS_MACHINE: StateMachine<ReconciliationLineStatus> = {
  name: 'reconciliation-line',
  states: RECONCILIATION_LINE_STATUSES,
  rules: [
    ...transitionRules(['OPEN'], ['PROPOSED'], ['staff']),
    ...transitionRules(['PROPOSED'], ['RESOLVED'], ['staff'], secondPerson),
  ],
};
