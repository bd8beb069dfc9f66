import type { StateMachine, TransitionContext, TransitionRefusal } from './state-machine';
import { transitionRules } from './state-machine';

/**
 * A bank-in slip: the borrower says they paid by bank transfer and shows the slip. Finance checks
 * it against the bank account. A slip at or below the second-approval amount (product settings)
 * is approved by one staff member; above it, one approves first (CONFIRMING) and a different one
 * confirms. Either may reject with a reason while it is undecided. A decided slip stays decided:
 * an approved one is a booked payment.
 */
export const BANK_IN_SLIP_STATUSES = ['SUBMITTED', 'CONFIRMING', 'APPROVED', 'REJECTED'] as const;

export type BankInSlipStatus = (typeof BANK_IN_SLIP_STATUSES)[number];

function oneApproval(context: TransitionContext): TransitionRefusal | undefined {
  if (context.approvalLevels === undefined) return 'approvalLevelsUnknown';
  return context.approvalLevels > 1 ? 'moreApprovalsNeeded' : undefined;
}

function twoApprovals(context: TransitionContext): TransitionRefusal | undefined {
  if (context.approvalLevels === undefined) return 'approvalLevelsUnknown';
  return context.approvalLevels > 1 ? undefined : 'noMoreApprovalsNeeded';
}

/** Four eyes: the confirmer is not the one who approved first. */
function secondPerson(context: TransitionContext): TransitionRefusal | undefined {
  if (!context.actorId || !context.firstApproverId) return 'approverUnknown';
  return context.actorId === context.firstApproverId ? 'sameApprover' : undefined;
}

export const BANK_IN_SLIP_STATUS_MACHINE: StateMachine<BankInSlipStatus> = {
  name: 'bank-in-slip',
  states: BANK_IN_SLIP_STATUSES,
  rules: [
    ...transitionRules(['SUBMITTED'], ['APPROVED'], ['staff'], oneApproval),
    ...transitionRules(['SUBMITTED'], ['CONFIRMING'], ['staff'], twoApprovals),
    ...transitionRules(['CONFIRMING'], ['APPROVED'], ['staff'], secondPerson),
    ...transitionRules(['SUBMITTED', 'CONFIRMING'], ['REJECTED'], ['staff']),
  ],
};

/** Approvals a slip of `amountSen` needs: two above the settings' amount, else one. */
export function bankInSlipApprovals(amountSen: number, secondApprovalAboveSen: number): 1 | 2 {
  return amountSen > secondApprovalAboveSen ? 2 : 1;
}

/** Whether a slip still waits for staff (the borrower sees it as being checked). */
export function isBankInSlipOpen(status: BankInSlipStatus): boolean {
  return status === 'SUBMITTED' || status === 'CONFIRMING';
}
