import type { StateMachine, TransitionContext, TransitionRefusal } from './state-machine';
import { transitionRules } from './state-machine';

export const APPLICATION_STATUSES = [
  'DRAFT',
  'IMPORTED_DRAFT',
  'PENDING',
  'KIV',
  'REQUESTED_FOR_INTERVIEW',
  'PSYCHOMETRIC_TEST',
  'REDO_PSYCHOMETRIC_TEST',
  'REFERBACK',
  'SUBMITTED_FOR_APPROVAL_1',
  'SUBMITTED_FOR_APPROVAL_2',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
] as const;

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The states an application ends in. A person may start a new application once every earlier
 *  one is in one of these. The machine leaves only APPROVED, and only to CANCELLED while the
 *  agreement is unsigned: until the borrower signs there is no loan yet to keep. */
export const CLOSED_APPLICATION_STATUSES = ['APPROVED', 'REJECTED', 'CANCELLED'] as const;

export type ClosedApplicationStatus = (typeof CLOSED_APPLICATION_STATUSES)[number];

/** Every state before APPROVED that is still open: each may be cancelled. */
export const OPEN_APPLICATION_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(
  (status) => !(CLOSED_APPLICATION_STATUSES as readonly string[]).includes(status),
);

export function isOpenApplicationStatus(status: string): boolean {
  return (OPEN_APPLICATION_STATUSES as readonly string[]).includes(status);
}

/**
 * Four eyes: whoever approves at any level is a known person who neither recommended the terms
 * nor approved this application before. Also used for the other decisions an approver takes.
 */
export function approverIsFresh(context: TransitionContext): TransitionRefusal | undefined {
  if (!context.actorId) return 'approverUnknown';
  if (!context.recommenderId) return 'recommenderUnknown';
  if (context.actorId === context.recommenderId) return 'recommenderApproves';
  const earlier = [context.firstApproverId, ...(context.earlierApproverIds ?? [])];
  return earlier.includes(context.actorId) ? 'sameApprover' : undefined;
}

/** An approved application is cancelled only before its agreement is signed. */
function agreementUnsigned(context: TransitionContext): TransitionRefusal | undefined {
  return context.agreementSigned === false ? undefined : 'agreementSigned';
}

/** The second approval needs the first approver on record, and a different person. */
function secondApproverDiffers(context: TransitionContext): TransitionRefusal | undefined {
  if (!context.actorId || !context.firstApproverId) return 'approverUnknown';
  return context.actorId === context.firstApproverId ? 'sameApprover' : approverIsFresh(context);
}

/** An amount needing one approval is approved by the first approver; a larger one goes on. */
function approvalLevelsAre(
  wanted: 'one' | 'more',
): (context: TransitionContext) => TransitionRefusal | undefined {
  return (context) => {
    const levels = context.approvalLevels;
    if (levels === undefined || !Number.isSafeInteger(levels) || levels < 1) {
      return 'approvalLevelsUnknown';
    }
    if (wanted === 'one' && levels > 1) return 'moreApprovalsNeeded';
    if (wanted === 'more' && levels === 1) return 'noMoreApprovalsNeeded';
    return approverIsFresh(context);
  };
}

/**
 * The application's one transition table. The applicant submits, resubmits after a referral back
 * and takes the psychometric test; staff assess, refer back, approve and reject. Approvers are
 * never the recommender nor the same person twice (four eyes); an amount needing one approval
 * goes from the first approval straight to APPROVED, a larger one through a second approval.
 * An approver may send the file back to PENDING for the credit officer to assess again.
 * Staff may cancel any open application, and an approved one whose agreement is not yet signed
 * (its agreement is cancelled with it); the applicant only a draft.
 */
export const APPLICATION_STATUS_MACHINE: StateMachine<ApplicationStatus> = {
  name: 'application',
  states: APPLICATION_STATUSES,
  rules: [
    ...transitionRules(['DRAFT', 'IMPORTED_DRAFT'], ['PENDING'], ['applicant']),
    ...transitionRules(
      ['PENDING'],
      [
        'KIV',
        'REQUESTED_FOR_INTERVIEW',
        'PSYCHOMETRIC_TEST',
        'REDO_PSYCHOMETRIC_TEST',
        'REFERBACK',
        'SUBMITTED_FOR_APPROVAL_1',
        'REJECTED',
      ],
      ['staff'],
    ),
    ...transitionRules(['REFERBACK'], ['PENDING'], ['applicant']),
    ...transitionRules(
      ['KIV', 'REQUESTED_FOR_INTERVIEW'],
      ['PENDING', 'SUBMITTED_FOR_APPROVAL_1', 'REJECTED'],
      ['staff'],
    ),
    ...transitionRules(
      ['PSYCHOMETRIC_TEST', 'REDO_PSYCHOMETRIC_TEST'],
      ['PENDING'],
      ['applicant', 'system'],
    ),
    // Answers the scoring finds unreliable (attention checks, contradictions, too fast) ask
    // the applicant to take the test again.
    ...transitionRules(['PSYCHOMETRIC_TEST'], ['REDO_PSYCHOMETRIC_TEST'], ['system']),
    ...transitionRules(
      ['SUBMITTED_FOR_APPROVAL_1'],
      ['SUBMITTED_FOR_APPROVAL_2'],
      ['staff'],
      approvalLevelsAre('more'),
    ),
    ...transitionRules(
      ['SUBMITTED_FOR_APPROVAL_1'],
      ['APPROVED'],
      ['staff'],
      approvalLevelsAre('one'),
    ),
    ...transitionRules(
      ['SUBMITTED_FOR_APPROVAL_1', 'SUBMITTED_FOR_APPROVAL_2'],
      ['PENDING', 'REJECTED'],
      ['staff'],
    ),
    ...transitionRules(
      ['SUBMITTED_FOR_APPROVAL_2'],
      ['APPROVED'],
      ['staff'],
      secondApproverDiffers,
    ),
    ...transitionRules(['DRAFT'], ['CANCELLED'], ['applicant', 'staff']),
    ...transitionRules(
      OPEN_APPLICATION_STATUSES.filter((status) => status !== 'DRAFT'),
      ['CANCELLED'],
      ['staff'],
    ),
    ...transitionRules(['APPROVED'], ['CANCELLED'], ['staff'], agreementUnsigned),
  ],
};

export function isApplicationStatus(value: string): value is ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(value);
}

/** The progress steps an application records as the applicant completes them, in order. */
export const APPLICATION_PROGRESS_STEPS = [
  'APPLICATIONFORMCOMPLETED',
  'EMAILVERIFICATIONCOMPLETED',
  'DOCUMENTUPLOADCOMPLETED',
  'EKYCCOMPLETED',
  'ACCEPT_LOAN',
  'ATTESTATION_SELECTION',
  'ATTESTATION_PROCESS',
  'AGREEMENT_SIGNING',
] as const;

export type ApplicationProgressStep = (typeof APPLICATION_PROGRESS_STEPS)[number];

/** The first step not yet completed, or undefined when all are done. */
export function nextProgressStep(
  completed: Iterable<ApplicationProgressStep>,
): ApplicationProgressStep | undefined {
  const done = new Set(completed);
  return APPLICATION_PROGRESS_STEPS.find((step) => !done.has(step));
}

/** The steps shown to the applicant while applying, the one list every step indicator of the
 *  application journey reads. The psychometric test, when asked for, comes after the journey is
 *  completed and has its own pages without steps. */
export const APPLICATION_DISPLAY_STEPS = [
  'applicationForm',
  'emailVerification',
  'uploadDocuments',
  'summary',
  'identityVerification',
  'completed',
] as const;

export type ApplicationDisplayStep = (typeof APPLICATION_DISPLAY_STEPS)[number];

/** The steps shown to the borrower after approval. */
export const AGREEMENT_DISPLAY_STEPS = [
  'loanApplicationApproved',
  'approvedLoanSummary',
  'attestationOption',
  'attestationCompleted',
  'agreementSigning',
  'directDebit',
  'completed',
] as const;

export type AgreementDisplayStep = (typeof AGREEMENT_DISPLAY_STEPS)[number];
