import type { StateMachine, TransitionContext, TransitionRefusal } from './state-machine';
import { transitionRules } from './state-machine';

export const AGREEMENT_STATUSES = [
  'LOANAPPLICATIONAPPROVED',
  'PENDING_ATTESTATION',
  'ATTESTATIONOPTION',
  'REQUESTED_FOR_LIVE_ATTESTATION',
  'DONE_LIVE_ATTESTATION',
  'DONE_VIDEO_ATTESTATION',
  'ATTESTATIONCOMPLETED',
  'RnRApproved',
  'PENDING_SIGNING',
  'AGREEMENTSIGNING',
  'PENDING_DISBURSEMENT',
  'DISBURSED',
  'CANCELLED',
] as const;

export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** States before the borrower signs: the offer and attestation stages. */
export const CANCELLABLE_BY_APPLICANT: readonly AgreementStatus[] = [
  'LOANAPPLICATIONAPPROVED',
  'PENDING_ATTESTATION',
  'ATTESTATIONOPTION',
  'REQUESTED_FOR_LIVE_ATTESTATION',
  'DONE_LIVE_ATTESTATION',
  'DONE_VIDEO_ATTESTATION',
  'ATTESTATIONCOMPLETED',
  'RnRApproved',
  'PENDING_SIGNING',
];

function guarantorsHaveSigned(context: TransitionContext): TransitionRefusal | undefined {
  return (context.guarantorSignaturesPending ?? 0) > 0 ? 'guarantorsNotSigned' : undefined;
}

/** Refuses when the caller found no active mandate; a caller that did not look says nothing. */
function mandateIsActive(context: TransitionContext): TransitionRefusal | undefined {
  return context.mandateActive === false ? 'mandateNotActive' : undefined;
}

/**
 * The agreement's one transition table, from the applicant accepting the approved loan to
 * disbursement. The borrower chooses and performs attestation (a recorded video, or a live call
 * that staff attest); staff confirm attestation and review the loan (RnR); the direct debit mandate
 * moves it to signing; the borrower signs by OTP; it waits for disbursement once every guarantor
 * required has signed.
 */
export const AGREEMENT_STATUS_MACHINE: StateMachine<AgreementStatus> = {
  name: 'agreement',
  states: AGREEMENT_STATUSES,
  rules: [
    ...transitionRules(
      ['LOANAPPLICATIONAPPROVED'],
      ['PENDING_ATTESTATION'],
      ['applicant', 'system'],
    ),
    ...transitionRules(['PENDING_ATTESTATION'], ['ATTESTATIONOPTION'], ['applicant']),
    ...transitionRules(['ATTESTATIONOPTION'], ['REQUESTED_FOR_LIVE_ATTESTATION'], ['applicant']),
    ...transitionRules(['ATTESTATIONOPTION'], ['DONE_VIDEO_ATTESTATION'], ['applicant', 'system']),
    ...transitionRules(['REQUESTED_FOR_LIVE_ATTESTATION'], ['DONE_LIVE_ATTESTATION'], ['staff']),
    ...transitionRules(
      ['DONE_LIVE_ATTESTATION', 'DONE_VIDEO_ATTESTATION'],
      ['ATTESTATIONCOMPLETED'],
      ['staff', 'system'],
    ),
    ...transitionRules(['ATTESTATIONCOMPLETED'], ['RnRApproved'], ['staff']),
    ...transitionRules(
      ['RnRApproved'],
      ['PENDING_SIGNING'],
      ['applicant', 'system'],
      mandateIsActive,
    ),
    ...transitionRules(['PENDING_SIGNING'], ['AGREEMENTSIGNING'], ['applicant'], mandateIsActive),
    ...transitionRules(
      ['AGREEMENTSIGNING'],
      ['PENDING_DISBURSEMENT'],
      ['system', 'staff'],
      guarantorsHaveSigned,
    ),
    ...transitionRules(['PENDING_DISBURSEMENT'], ['DISBURSED'], ['staff', 'system']),
    // The borrower may decline the offer or cancel the agreement before signing (after a
    // warning); staff may cancel it until the money has moved.
    ...transitionRules(CANCELLABLE_BY_APPLICANT, ['CANCELLED'], ['applicant', 'staff']),
    ...transitionRules(['AGREEMENTSIGNING', 'PENDING_DISBURSEMENT'], ['CANCELLED'], ['staff']),
  ],
};

export function isAgreementStatus(value: string): value is AgreementStatus {
  return (AGREEMENT_STATUSES as readonly string[]).includes(value);
}
