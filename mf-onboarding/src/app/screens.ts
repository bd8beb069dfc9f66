import type { ScreenDefinition } from '@lending/ui';

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  { path: '/registration', id: 'registration' },
  { path: '/registration/verification', id: 'registrationVerification' },
  { path: '/testing-eligibility', id: 'eligibility' },
  { path: '/testing-eligibility/result/:result', id: 'eligibilityResult' },
  {
    path: '/application',
    id: 'application',
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/company-details',
    id: 'companyDetails',
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/applicant-details',
    id: 'applicantDetails',
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/disbursement-details',
    id: 'disbursementDetails',
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/emergency-contact-details',
    id: 'emergencyContactDetails',
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/director-details',
    id: 'directorDetails',
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/email-verification',
    id: 'emailVerification',
    steps: { journey: 'application', current: 'emailVerification' },
  },
  {
    path: '/application/document-upload',
    id: 'documentUpload',
    steps: { journey: 'application', current: 'uploadDocuments' },
  },
  {
    path: '/application/summary',
    id: 'summary',
    steps: { journey: 'application', current: 'summary' },
  },
  {
    path: '/application/identity-verification',
    id: 'identityVerification',
    steps: { journey: 'application', current: 'identityVerification' },
  },
  {
    path: '/application/verification-complete',
    id: 'verificationComplete',
    steps: { journey: 'application', current: 'completed' },
  },
  { path: '/psychometric-test/start', id: 'psychometricStart' },
  { path: '/psychometric-test/assessment', id: 'psychometricAssessment' },
  { path: '/draft-application', id: 'draftApplication' },
];

export const JOURNEYS: Record<string, readonly string[]> = {
  application: [
    'applicationForm',
    'emailVerification',
    'uploadDocuments',
    'summary',
    'identityVerification',
    'completed',
  ],
};
