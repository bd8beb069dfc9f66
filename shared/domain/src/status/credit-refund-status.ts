import type { Sen } from '../money/money';
import type { AccountStatus } from './account-status';
import type { StateMachine, TransitionContext, TransitionRefusal } from './state-machine';
import { transitionRules } from './state-machine';

export const CREDIT_REFUND_STATUSES = ['PROPOSED', 'APPROVED', 'REJECTED'] as const;

export type CreditRefundStatus = (typeof CREDIT_REFUND_STATUSES)[number];

/** Four eyes: money leaves only when someone other than the proposer decides. */
function secondPerson(context: TransitionContext): TransitionRefusal | undefined {
  if (!context.actorId || !context.proposerId) return 'approverUnknown';
  return context.actorId === context.proposerId ? 'sameApprover' : undefined;
}

/** A refund of credit left on a closed account: proposed by one staff member, approved (the
 *  money is paid back) or rejected by another. A decided refund stays decided. */
export const CREDIT_REFUND_STATUS_MACHINE: StateMachine<CreditRefundStatus> = {
  name: 'credit-refund',
  states: CREDIT_REFUND_STATUSES,
  rules: [...transitionRules(['PROPOSED'], ['APPROVED', 'REJECTED'], ['staff'], secondPerson)],
};

export type CreditRefundRefusal = 'accountNotClosed' | 'noCredit' | 'amountNotCredit';

/**
 * Why a refund of `amountSen` may not be paid from the account now: only a closed account's
 * credit is refunded (an open one spends it on what falls due), and always the whole of it, so
 * nothing is left behind and nothing more than was overpaid leaves. Null when it may.
 */
export function creditRefundRefusal(input: {
  accountStatus: AccountStatus;
  creditSen: Sen;
  amountSen: Sen;
}): CreditRefundRefusal | null {
  if (input.accountStatus !== 'CLOSED') return 'accountNotClosed';
  if (input.creditSen <= 0) return 'noCredit';
  return input.amountSen === input.creditSen ? null : 'amountNotCredit';
}
