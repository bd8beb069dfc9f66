import type { ScreenDefinition } from '@lending/ui';
import { type ComponentType, lazy } from 'react';

/** Each screen's code arrives when its route is visited, so a route pays only for itself. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  {
    path: '/home',
    id: 'home',
    component: page(() => import('../features/home/home-page'), 'HomePage'),
  },
  {
    path: '/loan-status/account-creation',
    id: 'accountCreation',
    component: page(
      () => import('../features/account-creation/account-creation-page'),
      'AccountCreationPage',
    ),
  },
  {
    path: '/loan-status/requested-for-interview',
    id: 'requestedForInterview',
    component: page(
      () => import('../features/interview/requested-for-interview-page'),
      'RequestedForInterviewPage',
    ),
  },
  {
    path: '/loan-status/approved-loan-amount',
    id: 'approvedLoanAmount',
    steps: { journey: 'agreement', current: 'loanApproved' },
    component: page(
      () => import('../features/offer/approved-loan-amount-page'),
      'ApprovedLoanAmountPage',
    ),
  },
  {
    path: '/loan-status/approved-loan-summary',
    id: 'approvedLoanSummary',
    steps: { journey: 'agreement', current: 'approvedSummary' },
    component: page(
      () => import('../features/offer/approved-loan-summary-page'),
      'ApprovedLoanSummaryPage',
    ),
  },
  {
    path: '/loan-status/attestation-option',
    id: 'attestationOption',
    steps: { journey: 'agreement', current: 'attestationOption' },
    component: page(
      () => import('../features/attestation/attestation-option-page'),
      'AttestationOptionPage',
    ),
  },
  {
    path: '/loan-status/attestation-option/video',
    id: 'attestationVideo',
    steps: { journey: 'agreement', current: 'attestationOption' },
    component: page(() => import('../features/attestation/video-page'), 'AttestationVideoPage'),
  },
  {
    path: '/loan-status/attestation-option/live-call',
    id: 'attestationLiveCall',
    steps: { journey: 'agreement', current: 'attestationOption' },
    component: page(
      () => import('../features/attestation/live-call-page'),
      'AttestationLiveCallPage',
    ),
  },
  {
    path: '/loan-status/direct-debit',
    id: 'directDebit',
    steps: { journey: 'agreement', current: 'directDebit' },
    component: page(() => import('../features/direct-debit/direct-debit-page'), 'DirectDebitPage'),
  },
  {
    path: '/loan-status/loan-agreement',
    id: 'loanAgreement',
    steps: { journey: 'agreement', current: 'agreementSigning' },
    component: page(() => import('../features/signing/signing-pages'), 'LoanAgreementPage'),
  },
  {
    path: '/loan-status/digital-signing',
    id: 'digitalSigning',
    steps: { journey: 'agreement', current: 'agreementSigning' },
    component: page(() => import('../features/signing/signing-pages'), 'DigitalSigningPage'),
  },
  {
    path: '/loan-status/request-tac',
    id: 'requestTac',
    steps: { journey: 'agreement', current: 'agreementSigning' },
    component: page(() => import('../features/signing/signing-pages'), 'RequestTacPage'),
  },
  {
    path: '/loan-status/application-complete',
    id: 'applicationComplete',
    steps: { journey: 'agreement', current: 'completed' },
    component: page(() => import('../features/signing/signing-pages'), 'ApplicationCompletePage'),
  },
  {
    path: '/loan-history',
    id: 'loanHistory',
    component: page(() => import('../features/loan-history/loan-history-page'), 'LoanHistoryPage'),
  },
  {
    path: '/loan-history/:applicationId',
    id: 'loanHistoryDetail',
    component: page(
      () => import('../features/loan-history/loan-history-detail-page'),
      'LoanHistoryDetailPage',
    ),
  },
  {
    path: '/loan-status-check',
    id: 'loanStatusCheck',
    component: page(
      () => import('../features/status-check/loan-status-check-page'),
      'LoanStatusCheckPage',
    ),
  },
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
