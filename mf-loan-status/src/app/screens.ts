import type { ScreenDefinition } from '@lending/ui';

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  { path: '/home', id: 'home' },
  { path: '/loan-status/account-creation', id: 'accountCreation' },
  { path: '/loan-status/requested-for-interview', id: 'requestedForInterview' },
  {
    path: '/loan-status/approved-loan-amount',
    id: 'approvedLoanAmount',
    steps: { journey: 'agreement', current: 'loanApproved' },
  },
  {
    path: '/loan-status/approved-loan-summary',
    id: 'approvedLoanSummary',
    steps: { journey: 'agreement', current: 'approvedSummary' },
  },
  {
    path: '/loan-status/attestation-option',
    id: 'attestationOption',
    steps: { journey: 'agreement', current: 'attestationOption' },
  },
  {
    path: '/loan-status/attestation-option/video',
    id: 'attestationVideo',
    steps: { journey: 'agreement', current: 'attestationOption' },
  },
  {
    path: '/loan-status/attestation-option/live-call',
    id: 'attestationLiveCall',
    steps: { journey: 'agreement', current: 'attestationOption' },
  },
  {
    path: '/loan-status/loan-agreement',
    id: 'loanAgreement',
    steps: { journey: 'agreement', current: 'agreementSigning' },
  },
  {
    path: '/loan-status/digital-signing',
    id: 'digitalSigning',
    steps: { journey: 'agreement', current: 'agreementSigning' },
  },
  {
    path: '/loan-status/request-tac',
    id: 'requestTac',
    steps: { journey: 'agreement', current: 'agreementSigning' },
  },
  {
    path: '/loan-status/application-complete',
    id: 'applicationComplete',
    steps: { journey: 'agreement', current: 'completed' },
  },
  { path: '/loan-history', id: 'loanHistory' },
  { path: '/loan-history/:applicationId', id: 'loanHistoryDetail' },
  { path: '/loan-status-check', id: 'loanStatusCheck' },
];

export const JOURNEYS: Record<string, readonly string[]> = {
  agreement: [
    'loanApproved',
    'approvedSummary',
    'attestationOption',
    'attestationCompleted',
    'agreementSigning',
    'directDebit',
    'completed',
  ],
};
