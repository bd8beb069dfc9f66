import type { AccountStatus } from '../status/account-status';
import type { AgreementStatus } from '../status/agreement-status';
import type { ApplicationProgressStep, ApplicationStatus } from '../status/application-status';
import { addMonthsToInstant } from '../time/calendar-date';

export const HOME_LOAN_STATES = [
  'READY_TO_CREATE',
  'APPLICATION_INCOMPLETE',
  'PENDING_APPROVAL',
  'REQUESTED_FOR_INTERVIEW',
  'REQUESTED_FOR_PSYCHOMETRIC_TEST',
  'APPROVED',
  'ATTESTATION_OPTION_CHOSEN',
  'ATTESTATION_COMPLETED',
  'PENDING_AGREEMENT',
  'PENDING_DISBURSEMENT',
  'PAYMENT_DISBURSED',
  'COMPLETED',
  'REMOVED',
  'TEMPORARILY_BANNED',
  'REJECTED',
] as const;

export type HomeLoanState = (typeof HOME_LOAN_STATES)[number];

type Instant = Date | string;

export interface HomeStatusUser {
  allowToApplyNewLoanAfterDateTime?: Instant | null;
  /** Set when the block on new loans is a temporary ban rather than a rejection's wait. */
  temporarilyBanned?: boolean;
}

export interface HomeStatusApplication {
  status: ApplicationStatus;
  /** The progress steps the applicant has completed, in any order. */
  progressSteps?: readonly ApplicationProgressStep[];
  interviewScheduledAt?: Instant | null;
}

export interface HomeStatusAgreement {
  status: AgreementStatus;
  /** When the borrower signed the agreement by OTP; null until then. */
  signDate?: Instant | null;
}

export interface HomeStatusAccount {
  status: AccountStatus;
}

export interface HomeStatusInput {
  user: HomeStatusUser | null;
  application: HomeStatusApplication | null;
  agreement: HomeStatusAgreement | null;
  account: HomeStatusAccount | null;
  now: Date;
}

/** The steps an applicant completes before submitting, in the order the form walks them. */
export const APPLICATION_STEPS_BEFORE_SUBMISSION = [
  'APPLICATIONFORMCOMPLETED',
  'EMAILVERIFICATIONCOMPLETED',
  'DOCUMENTUPLOADCOMPLETED',
  'EKYCCOMPLETED',
] as const satisfies readonly ApplicationProgressStep[];

export type HomeLoanStatus =
  | { state: 'REJECTED' | 'TEMPORARILY_BANNED'; newLoanAllowedAfter: Date }
  | {
      state: 'APPLICATION_INCOMPLETE';
      /** The first step still to complete; null when only the submission is left. */
      resumeAt: (typeof APPLICATION_STEPS_BEFORE_SUBMISSION)[number] | null;
    }
  | { state: 'REQUESTED_FOR_INTERVIEW'; interviewScheduled: boolean }
  | { state: 'ATTESTATION_COMPLETED'; directDebitReady: boolean }
  /** `accountTerminated`: staff terminated the agreement; its whole balance is due now. */
  | { state: 'PAYMENT_DISBURSED'; accountTerminated?: true }
  | {
      state: Exclude<
        HomeLoanState,
        | 'REJECTED'
        | 'TEMPORARILY_BANNED'
        | 'APPLICATION_INCOMPLETE'
        | 'REQUESTED_FOR_INTERVIEW'
        | 'ATTESTATION_COMPLETED'
        | 'PAYMENT_DISBURSED'
      >;
    };

/** How long a user waits for a new loan: 3 months after a rejection, 6 after a temporary ban. */
export const NEW_LOAN_WAIT_MONTHS = { rejection: 3, temporaryBan: 6 } as const;

/** When a user may apply again after a rejection or a temporary ban decided at `decidedAt`. */
export function newLoanAllowedAfter(
  decidedAt: Date,
  kind: keyof typeof NEW_LOAN_WAIT_MONTHS,
): Date {
  return addMonthsToInstant(decidedAt, NEW_LOAN_WAIT_MONTHS[kind]);
}

function toDate(value: Instant | null | undefined): Date | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** For a user with no loan in progress: blocked until a date, or free to apply. */
function newLoanState(input: HomeStatusInput, otherwise: HomeLoanState): HomeLoanStatus {
  const until = toDate(input.user?.allowToApplyNewLoanAfterDateTime);
  if (until && until.getTime() > input.now.getTime()) {
    const rejected = input.application?.status === 'REJECTED' && !input.user?.temporarilyBanned;
    return { state: rejected ? 'REJECTED' : 'TEMPORARILY_BANNED', newLoanAllowedAfter: until };
  }
  return { state: otherwise } as HomeLoanStatus;
}

function agreementState(input: HomeStatusInput): HomeLoanStatus {
  if (input.account?.status === 'CLOSED') return newLoanState(input, 'COMPLETED');
  // A terminated loan is owed in full at once: the card says so.
  if (input.account?.status === 'TERMINATED') {
    return { state: 'PAYMENT_DISBURSED', accountTerminated: true };
  }
  // A written-off loan is still owed: the borrower keeps seeing it as a disbursed loan.
  if (input.account) return { state: 'PAYMENT_DISBURSED' };
  switch (input.agreement?.status) {
    case undefined:
    case 'LOANAPPLICATIONAPPROVED':
    case 'PENDING_ATTESTATION':
      return { state: 'APPROVED' };
    case 'ATTESTATIONOPTION':
    case 'REQUESTED_FOR_LIVE_ATTESTATION':
    case 'DONE_LIVE_ATTESTATION':
    case 'DONE_VIDEO_ATTESTATION':
      return { state: 'ATTESTATION_OPTION_CHOSEN' };
    case 'ATTESTATIONCOMPLETED':
    case 'RnRApproved':
      return { state: 'ATTESTATION_COMPLETED', directDebitReady: false };
    case 'PENDING_SIGNING':
      return { state: 'ATTESTATION_COMPLETED', directDebitReady: true };
    case 'AGREEMENTSIGNING':
      // Signing under way (OTP sent) but not yet signed: the borrower still has to e-sign.
      return toDate(input.agreement?.signDate)
        ? { state: 'PENDING_AGREEMENT' }
        : { state: 'ATTESTATION_COMPLETED', directDebitReady: true };
    case 'PENDING_DISBURSEMENT':
      return { state: 'PENDING_DISBURSEMENT' };
    case 'DISBURSED':
      return { state: 'PAYMENT_DISBURSED' };
    case 'CANCELLED':
      // A declined offer or a cancelled agreement ends this loan: the borrower may apply again.
      return newLoanState(input, 'REMOVED');
  }
}

/**
 * The loan status the home screen shows, from the user, their latest application, its agreement
 * and its account. A block on new loans (after a rejection or a temporary ban) shows only when
 * no loan is in progress; once it has passed, the user may apply again.
 */
export function homeLoanStatus(input: HomeStatusInput): HomeLoanStatus {
  const { application } = input;
  if (!application) return newLoanState(input, 'READY_TO_CREATE');
  switch (application.status) {
    case 'DRAFT':
    case 'IMPORTED_DRAFT':
    case 'REFERBACK': {
      const done = new Set(application.progressSteps ?? []);
      const resumeAt = APPLICATION_STEPS_BEFORE_SUBMISSION.find((step) => !done.has(step));
      return { state: 'APPLICATION_INCOMPLETE', resumeAt: resumeAt ?? null };
    }
    case 'PENDING':
    case 'KIV':
    case 'SUBMITTED_FOR_APPROVAL_1':
    case 'SUBMITTED_FOR_APPROVAL_2':
      return { state: 'PENDING_APPROVAL' };
    case 'REQUESTED_FOR_INTERVIEW':
      return {
        state: 'REQUESTED_FOR_INTERVIEW',
        interviewScheduled: toDate(application.interviewScheduledAt) !== undefined,
      };
    case 'PSYCHOMETRIC_TEST':
    case 'REDO_PSYCHOMETRIC_TEST':
      return { state: 'REQUESTED_FOR_PSYCHOMETRIC_TEST' };
    case 'REJECTED':
      return newLoanState(input, 'READY_TO_CREATE');
    case 'CANCELLED':
      return newLoanState(input, 'REMOVED');
    case 'APPROVED':
      return agreementState(input);
  }
}

/** Whether the user must land on the not-allowed-new-loan page wherever they go. */
export function isBlockedFromNewLoan(input: HomeStatusInput): boolean {
  const { state } = homeLoanStatus(input);
  return state === 'REJECTED' || state === 'TEMPORARILY_BANNED';
}

/** A guarantor's signing record as kept: invited (link sent), identity verified, signed. */
export type GuarantorSigningStatus = 'INVITED' | 'VERIFIED' | 'SIGNED';

/** What the applicant's card says of a guarantor: the link sent, identity verified, signed. */
export type HomeGuarantorStep = 'LINK_SENT' | 'IDENTITY_VERIFIED' | 'SIGNED';

export interface HomeGuarantor {
  position: number;
  /** The name only: the card never shows a guarantor's NRIC or phone. */
  name: string;
  step: HomeGuarantorStep;
}

const GUARANTOR_STEP: Record<GuarantorSigningStatus, HomeGuarantorStep> = {
  INVITED: 'LINK_SENT',
  VERIFIED: 'IDENTITY_VERIFIED',
  SIGNED: 'SIGNED',
};

/**
 * Each guarantor's progress while the agreement waits for them (PENDING_AGREEMENT), in the
 * application's order; nothing in any other state, so a closed agreement shows no list.
 */
export function homeGuarantors(
  state: HomeLoanState,
  guarantors: readonly { position: number; name: string; status: GuarantorSigningStatus }[],
): HomeGuarantor[] {
  if (state !== 'PENDING_AGREEMENT') return [];
  return [...guarantors]
    .sort((a, b) => a.position - b.position)
    .map(({ position, name, status }) => ({ position, name, step: GUARANTOR_STEP[status] }));
}
