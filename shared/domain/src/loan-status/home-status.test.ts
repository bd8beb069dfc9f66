import type { AccountStatus } from '../status/account-status';
import type { AgreementStatus } from '../status/agreement-status';
import type { ApplicationProgressStep, ApplicationStatus } from '../status/application-status';
import type { HomeLoanState, HomeStatusInput } from './home-status';
import {
  HOME_LOAN_STATES,
  homeGuarantors,
  homeLoanStatus,
  isBlockedFromNewLoan,
  newLoanAllowedAfter,
} from './home-status';

const now = new Date('2025-07-01T02:00:00Z');
const later = new Date('2025-09-01T00:00:00Z');
const earlier = new Date('2025-06-01T00:00:00Z');

function input(
  application: ApplicationStatus | null,
  agreement: AgreementStatus | null = null,
  account: AccountStatus | null = null,
  user: HomeStatusInput['user'] = { allowToApplyNewLoanAfterDateTime: null },
): HomeStatusInput {
  return {
    user,
    application: application && { status: application },
    agreement: agreement && { status: agreement },
    account: account && { status: account },
    now,
  };
}

describe('home screen loan status', () => {
  it('ready to create: a user with no application may apply', () => {
    expect(homeLoanStatus(input(null))).toEqual({ state: 'READY_TO_CREATE' });
  });

  it('application incomplete: a draft, imported draft or referred-back application continues', () => {
    for (const status of ['DRAFT', 'IMPORTED_DRAFT', 'REFERBACK'] as const) {
      expect(homeLoanStatus(input(status))).toEqual({
        state: 'APPLICATION_INCOMPLETE',
        resumeAt: 'APPLICATIONFORMCOMPLETED',
      });
    }
  });

  it('application incomplete: resumes at the first step not completed, or at submission', () => {
    const draft = (progressSteps: ApplicationProgressStep[]) =>
      homeLoanStatus({ ...input('DRAFT'), application: { status: 'DRAFT', progressSteps } });
    expect(draft(['APPLICATIONFORMCOMPLETED', 'EMAILVERIFICATIONCOMPLETED'])).toEqual({
      state: 'APPLICATION_INCOMPLETE',
      resumeAt: 'DOCUMENTUPLOADCOMPLETED',
    });
    expect(
      draft([
        'EKYCCOMPLETED',
        'APPLICATIONFORMCOMPLETED',
        'DOCUMENTUPLOADCOMPLETED',
        'EMAILVERIFICATIONCOMPLETED',
      ]),
    ).toEqual({ state: 'APPLICATION_INCOMPLETE', resumeAt: null });
  });

  it('pending approval: submitted, kept in view or in either approval', () => {
    for (const status of [
      'PENDING',
      'KIV',
      'SUBMITTED_FOR_APPROVAL_1',
      'SUBMITTED_FOR_APPROVAL_2',
    ] as const) {
      expect(homeLoanStatus(input(status))).toEqual({ state: 'PENDING_APPROVAL' });
    }
  });

  it('requested for interview: to schedule, then scheduled', () => {
    expect(homeLoanStatus(input('REQUESTED_FOR_INTERVIEW'))).toEqual({
      state: 'REQUESTED_FOR_INTERVIEW',
      interviewScheduled: false,
    });
    expect(
      homeLoanStatus({
        ...input('REQUESTED_FOR_INTERVIEW'),
        application: {
          status: 'REQUESTED_FOR_INTERVIEW',
          interviewScheduledAt: '2025-07-03T02:00:00Z',
        },
      }),
    ).toEqual({ state: 'REQUESTED_FOR_INTERVIEW', interviewScheduled: true });
  });

  it('requested for psychometric test: first or repeated test', () => {
    expect(homeLoanStatus(input('PSYCHOMETRIC_TEST'))).toEqual({
      state: 'REQUESTED_FOR_PSYCHOMETRIC_TEST',
    });
    expect(homeLoanStatus(input('REDO_PSYCHOMETRIC_TEST'))).toEqual({
      state: 'REQUESTED_FOR_PSYCHOMETRIC_TEST',
    });
  });

  it('approved: proceed to attestation until an attestation option is chosen', () => {
    expect(homeLoanStatus(input('APPROVED'))).toEqual({ state: 'APPROVED' });
    expect(homeLoanStatus(input('APPROVED', 'LOANAPPLICATIONAPPROVED'))).toEqual({
      state: 'APPROVED',
    });
    expect(homeLoanStatus(input('APPROVED', 'PENDING_ATTESTATION'))).toEqual({ state: 'APPROVED' });
  });

  it('attestation option chosen: video or live call under way', () => {
    for (const status of [
      'ATTESTATIONOPTION',
      'REQUESTED_FOR_LIVE_ATTESTATION',
      'DONE_LIVE_ATTESTATION',
      'DONE_VIDEO_ATTESTATION',
    ] as const) {
      expect(homeLoanStatus(input('APPROVED', status))).toEqual({
        state: 'ATTESTATION_OPTION_CHOSEN',
      });
    }
  });

  it('attestation completed: proceed to e-signing, direct debit needed before signing', () => {
    expect(homeLoanStatus(input('APPROVED', 'ATTESTATIONCOMPLETED'))).toEqual({
      state: 'ATTESTATION_COMPLETED',
      directDebitReady: false,
    });
    expect(homeLoanStatus(input('APPROVED', 'RnRApproved'))).toEqual({
      state: 'ATTESTATION_COMPLETED',
      directDebitReady: false,
    });
    expect(homeLoanStatus(input('APPROVED', 'PENDING_SIGNING'))).toEqual({
      state: 'ATTESTATION_COMPLETED',
      directDebitReady: true,
    });
    expect(homeLoanStatus(input('APPROVED', 'AGREEMENTSIGNING'))).toEqual({
      state: 'ATTESTATION_COMPLETED',
      directDebitReady: true,
    });
  });

  it('pending agreement: signed by the borrower, awaiting the remaining signatures', () => {
    const signed = {
      ...input('APPROVED', 'AGREEMENTSIGNING'),
      agreement: { status: 'AGREEMENTSIGNING', signDate: '2025-06-30T03:00:00Z' } as const,
    };
    expect(homeLoanStatus(signed)).toEqual({ state: 'PENDING_AGREEMENT' });
  });

  it('pending disbursement: waiting 3 to 7 business days for the money', () => {
    expect(homeLoanStatus(input('APPROVED', 'PENDING_DISBURSEMENT'))).toEqual({
      state: 'PENDING_DISBURSEMENT',
    });
  });

  it('payment disbursed: the loan is being repaid', () => {
    expect(homeLoanStatus(input('APPROVED', 'DISBURSED'))).toEqual({ state: 'PAYMENT_DISBURSED' });
    expect(homeLoanStatus(input('APPROVED', 'DISBURSED', 'ACTIVE'))).toEqual({
      state: 'PAYMENT_DISBURSED',
    });
    expect(homeLoanStatus(input('APPROVED', 'DISBURSED', 'WRITEOFF'))).toEqual({
      state: 'PAYMENT_DISBURSED',
    });
  });

  it('payment disbursed, terminated: the card says the whole balance is due', () => {
    expect(homeLoanStatus(input('APPROVED', 'DISBURSED', 'TERMINATED'))).toEqual({
      state: 'PAYMENT_DISBURSED',
      accountTerminated: true,
    });
  });

  it('completed: the loan is fully paid and the user may apply again', () => {
    expect(homeLoanStatus(input('APPROVED', 'DISBURSED', 'CLOSED'))).toEqual({
      state: 'COMPLETED',
    });
  });

  it('removed: the application was cancelled and the user may apply for a new loan', () => {
    expect(homeLoanStatus(input('CANCELLED'))).toEqual({ state: 'REMOVED' });
  });

  it('temporarily banned: no new loan until the ban ends', () => {
    const banned = { allowToApplyNewLoanAfterDateTime: later, temporarilyBanned: true };
    expect(homeLoanStatus(input('CANCELLED', null, null, banned))).toEqual({
      state: 'TEMPORARILY_BANNED',
      newLoanAllowedAfter: later,
    });
    expect(homeLoanStatus(input('REJECTED', null, null, banned))).toEqual({
      state: 'TEMPORARILY_BANNED',
      newLoanAllowedAfter: later,
    });
    expect(homeLoanStatus(input(null, null, null, banned))).toEqual({
      state: 'TEMPORARILY_BANNED',
      newLoanAllowedAfter: later,
    });
  });

  it('rejected: reapply after the waiting time', () => {
    const user = { allowToApplyNewLoanAfterDateTime: later.toISOString() };
    expect(homeLoanStatus(input('REJECTED', null, null, user))).toEqual({
      state: 'REJECTED',
      newLoanAllowedAfter: later,
    });
  });

  it('lets a rejected or banned user apply again once the waiting time has passed', () => {
    const user = { allowToApplyNewLoanAfterDateTime: earlier, temporarilyBanned: true };
    expect(homeLoanStatus(input('REJECTED', null, null, user))).toEqual({
      state: 'READY_TO_CREATE',
    });
    expect(homeLoanStatus(input('CANCELLED', null, null, user))).toEqual({ state: 'REMOVED' });
    expect(homeLoanStatus(input('APPROVED', 'DISBURSED', 'CLOSED', user))).toEqual({
      state: 'COMPLETED',
    });
  });

  it('shows a loan in progress rather than a block on new loans', () => {
    const user = { allowToApplyNewLoanAfterDateTime: later, temporarilyBanned: true };
    expect(homeLoanStatus(input('APPROVED', 'DISBURSED', 'ACTIVE', user))).toEqual({
      state: 'PAYMENT_DISBURSED',
    });
  });

  it('covers all 15 states', () => {
    expect(HOME_LOAN_STATES).toHaveLength(15);
    const seen = new Set<HomeLoanState>();
    const banned = { allowToApplyNewLoanAfterDateTime: later, temporarilyBanned: true };
    const waiting = { allowToApplyNewLoanAfterDateTime: later };
    const cases: HomeStatusInput[] = [
      input(null),
      input('DRAFT'),
      input('PENDING'),
      input('REQUESTED_FOR_INTERVIEW'),
      input('PSYCHOMETRIC_TEST'),
      input('APPROVED'),
      input('APPROVED', 'ATTESTATIONOPTION'),
      input('APPROVED', 'ATTESTATIONCOMPLETED'),
      {
        ...input('APPROVED'),
        agreement: { status: 'AGREEMENTSIGNING', signDate: earlier },
      },
      input('APPROVED', 'PENDING_DISBURSEMENT'),
      input('APPROVED', 'DISBURSED'),
      input('APPROVED', 'DISBURSED', 'CLOSED'),
      input('CANCELLED'),
      input('CANCELLED', null, null, banned),
      input('REJECTED', null, null, waiting),
    ];
    for (const c of cases) seen.add(homeLoanStatus(c).state);
    expect([...seen].sort()).toEqual([...HOME_LOAN_STATES].sort());
  });
});

describe('blocked from a new loan', () => {
  it('sends a rejected user to the not-allowed page until the date passes', () => {
    expect(
      isBlockedFromNewLoan(
        input('REJECTED', null, null, { allowToApplyNewLoanAfterDateTime: later }),
      ),
    ).toBe(true);
    expect(
      isBlockedFromNewLoan(
        input('REJECTED', null, null, { allowToApplyNewLoanAfterDateTime: earlier }),
      ),
    ).toBe(false);
  });

  it('does not block a user whose application is in progress', () => {
    expect(isBlockedFromNewLoan(input('DRAFT'))).toBe(false);
  });

  it('allows a new loan 3 months after a rejection and 6 months after a temporary ban', () => {
    const decidedAt = new Date('2025-01-31T04:00:00Z');
    expect(newLoanAllowedAfter(decidedAt, 'rejection').toISOString()).toBe(
      '2025-04-30T04:00:00.000Z',
    );
    expect(newLoanAllowedAfter(decidedAt, 'temporaryBan').toISOString()).toBe(
      '2025-07-31T04:00:00.000Z',
    );
  });
});

describe("guarantors' progress on the home card", () => {
  const kept = [
    { position: 2, name: 'Mei Ling', status: 'INVITED' as const },
    { position: 1, name: 'Farid', status: 'SIGNED' as const },
    { position: 3, name: 'Kumar', status: 'VERIFIED' as const },
  ];

  it('lists each guarantor by name and step, in order, while the agreement waits for them', () => {
    expect(homeGuarantors('PENDING_AGREEMENT', kept)).toEqual([
      { position: 1, name: 'Farid', step: 'SIGNED' },
      { position: 2, name: 'Mei Ling', step: 'LINK_SENT' },
      { position: 3, name: 'Kumar', step: 'IDENTITY_VERIFIED' },
    ]);
  });

  it('lists nobody once the agreement no longer waits for guarantors', () => {
    for (const state of HOME_LOAN_STATES.filter((s) => s !== 'PENDING_AGREEMENT')) {
      expect(homeGuarantors(state, kept)).toEqual([]);
    }
  });
});
