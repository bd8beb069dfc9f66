import type { StateMachine } from './state-machine';
import { transitionRules } from './state-machine';

/**
 * A direct-debit mandate (e-Mandate): registered with the payer's bank and waiting for the payer
 * to authorise it on the bank's page; authorised by the bank; active once the bank has
 * registered it for collection. The bank may reject it; a mandate replaced by a new one ("update
 * direct debit"), or cancelled by staff, is terminated.
 */
export const MANDATE_STATUSES = [
  'PENDING_AUTH',
  'AUTHORISED',
  'ACTIVE',
  'REJECTED',
  'TERMINATED',
] as const;

export type MandateStatus = (typeof MANDATE_STATUSES)[number];

/** States a mandate may still become active from, or is active in: at most one per agreement. */
export const LIVE_MANDATE_STATUSES: readonly MandateStatus[] = [
  'PENDING_AUTH',
  'AUTHORISED',
  'ACTIVE',
];

export const MANDATE_STATUS_MACHINE: StateMachine<MandateStatus> = {
  name: 'mandate',
  states: MANDATE_STATUSES,
  rules: [
    // The bank's answers reach the platform as the system.
    ...transitionRules(['PENDING_AUTH'], ['AUTHORISED', 'REJECTED'], ['system']),
    ...transitionRules(['AUTHORISED'], ['ACTIVE'], ['system']),
    // Replaced by the borrower's new mandate, expired at the bank, or ended by staff.
    ...transitionRules(
      ['PENDING_AUTH', 'AUTHORISED', 'ACTIVE'],
      ['TERMINATED'],
      ['applicant', 'staff', 'system'],
    ),
  ],
};

export function isMandateStatus(value: string): value is MandateStatus {
  return (MANDATE_STATUSES as readonly string[]).includes(value);
}
