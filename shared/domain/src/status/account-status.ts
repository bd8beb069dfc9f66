import type { StateMachine } from './state-machine';
import { transitionRules } from './state-machine';

export const ACCOUNT_STATUSES = ['ACTIVE', 'CLOSED', 'WRITEOFF'] as const;

export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** A loan account after disbursement: closed when fully paid (by the system or staff), or written off by staff. */
export const ACCOUNT_STATUS_MACHINE: StateMachine<AccountStatus> = {
  name: 'account',
  states: ACCOUNT_STATUSES,
  rules: [
    ...transitionRules(['ACTIVE'], ['CLOSED'], ['system', 'staff']),
    ...transitionRules(['ACTIVE'], ['WRITEOFF'], ['staff']),
  ],
};

export function isAccountStatus(value: string): value is AccountStatus {
  return (ACCOUNT_STATUSES as readonly string[]).includes(value);
}
