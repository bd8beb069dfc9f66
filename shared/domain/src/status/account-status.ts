import type { StateMachine, TransitionContext, TransitionRefusal } from './state-machine';
import { transitionRules } from './state-machine';

export const ACCOUNT_STATUSES = ['ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED'] as const;

export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Four eyes (DOMAIN.md): the one who approves a write-off or a termination is never the one who
 *  proposed it. */
function writeOffApprover(context: TransitionContext): TransitionRefusal | undefined {
  if (!context.actorId || !context.proposerId) return 'approverUnknown';
  return context.actorId === context.proposerId ? 'sameApprover' : undefined;
}

/** A loan account after disbursement: closed when fully paid (by the system or staff), or written
 *  off by staff: proposed by one member, approved by another. Staff terminate an agreement in
 *  default the same way (four eyes); the whole balance then falls due and is still paid (closed)
 *  or written off. */
export const ACCOUNT_STATUS_MACHINE: StateMachine<AccountStatus> = {
  name: 'account',
  states: ACCOUNT_STATUSES,
  rules: [
    ...transitionRules(['ACTIVE'], ['CLOSED'], ['system', 'staff']),
    ...transitionRules(['ACTIVE'], ['WRITEOFF'], ['staff'], writeOffApprover),
    ...transitionRules(['ACTIVE'], ['TERMINATED'], ['staff'], writeOffApprover),
    ...transitionRules(['TERMINATED'], ['CLOSED'], ['system', 'staff']),
    ...transitionRules(['TERMINATED'], ['WRITEOFF'], ['staff'], writeOffApprover),
  ],
};

export function isAccountStatus(value: string): value is AccountStatus {
  return (ACCOUNT_STATUSES as readonly string[]).includes(value);
}
