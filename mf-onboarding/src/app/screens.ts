import { APPLICATION_DISPLAY_STEPS } from '@lending/domain';
import { loadTranslations } from '@lending/platform';
import type { ScreenDefinition } from '@lending/ui';
import { type ComponentType, lazy } from 'react';

import type { ScreenNamespace } from './screen-words';

/** Each screen's code arrives when its route is visited, with the words of its area of the
 *  journey beside it, so a route pays only for itself. */
function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  words: readonly ScreenNamespace[],
) {
  return lazy(() =>
    Promise.all([load(), loadTranslations(words)]).then(([module]) => ({
      default: module[name],
    })),
  );
}

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  {
    path: '/registration',
    id: 'registration',
    component: page(
      () => import('../features/registration/registration-page'),
      'RegistrationPage',
      ['onboarding-registration'],
    ),
  },
  {
    path: '/registration/verification',
    id: 'registrationVerification',
    component: page(
      () => import('../features/email-verification/registration-verification-page'),
      'RegistrationVerificationPage',
      ['onboarding-registration'],
    ),
  },
  {
    path: '/testing-eligibility',
    id: 'eligibility',
    component: page(() => import('../features/eligibility/eligibility-page'), 'EligibilityPage', [
      'onboarding-registration',
    ]),
  },
  {
    path: '/testing-eligibility/result/:result',
    id: 'eligibilityResult',
    component: page(
      () => import('../features/eligibility/eligibility-result-page'),
      'EligibilityResultPage',
      ['onboarding-registration'],
    ),
  },
  {
    path: '/application',
    id: 'application',
    component: page(() => import('../features/application/application-page'), 'ApplicationPage', [
      'onboarding-application',
    ]),
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/company-details',
    id: 'companyDetails',
    component: page(
      () => import('../features/application-forms/company-details-page'),
      'CompanyDetailsPage',
      ['onboarding-application'],
    ),
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/applicant-details',
    id: 'applicantDetails',
    component: page(
      () => import('../features/application-forms/applicant-details-page'),
      'ApplicantDetailsPage',
      ['onboarding-application'],
    ),
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/disbursement-details',
    id: 'disbursementDetails',
    component: page(
      () => import('../features/application-forms/disbursement-details-page'),
      'DisbursementDetailsPage',
      ['onboarding-application'],
    ),
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/emergency-contact-details',
    id: 'emergencyContactDetails',
    component: page(
      () => import('../features/application-forms/emergency-contact-details-page'),
      'EmergencyContactDetailsPage',
      ['onboarding-application'],
    ),
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/director-details',
    id: 'directorDetails',
    component: page(
      () => import('../features/application-forms/director-details-page'),
      'DirectorDetailsPage',
      ['onboarding-application'],
    ),
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/email-verification',
    id: 'emailVerification',
    component: page(
      () => import('../features/email-verification/email-verification-page'),
      'EmailVerificationPage',
      ['onboarding-registration'],
    ),
    steps: { journey: 'application', current: 'emailVerification' },
  },
  {
    path: '/application/document-upload',
    id: 'documentUpload',
    steps: { journey: 'application', current: 'uploadDocuments' },
    component: page(
      () => import('../features/document-upload/document-upload-page'),
      'DocumentUploadPage',
      // Its frame and notices are the application's.
      ['onboarding-documents', 'onboarding-application'],
    ),
  },
  {
    path: '/application/summary',
    id: 'summary',
    component: page(() => import('../features/summary/summary-page'), 'SummaryPage', [
      'onboarding-application',
    ]),
    steps: { journey: 'application', current: 'summary' },
  },
  {
    path: '/application/identity-verification',
    id: 'identityVerification',
    steps: { journey: 'application', current: 'identityVerification' },
    component: page(
      () => import('../features/identity-verification/identity-verification-page'),
      'IdentityVerificationPage',
      ['onboarding-identity', 'onboarding-application'],
    ),
  },
  {
    path: '/application/verification-complete',
    id: 'verificationComplete',
    steps: { journey: 'application', current: 'completed' },
    component: page(
      () => import('../features/identity-verification/verification-complete-page'),
      'VerificationCompletePage',
      ['onboarding-identity', 'onboarding-application'],
    ),
  },
  {
    path: '/psychometric-test/start',
    id: 'psychometricStart',
    component: page(
      () => import('../features/psychometric/psychometric-start-page'),
      'PsychometricStartPage',
      ['onboarding-psychometric'],
    ),
  },
  {
    path: '/psychometric-test/assessment',
    id: 'psychometricAssessment',
    component: page(
      () => import('../features/psychometric/psychometric-assessment-page'),
      'PsychometricAssessmentPage',
      ['onboarding-psychometric'],
    ),
  },
  {
    path: '/draft-application',
    id: 'draftApplication',
    component: page(
      () => import('../features/draft-application/draft-application-page'),
      'DraftApplicationPage',
      ['onboarding-application'],
    ),
  },
];

export const JOURNEYS: Record<string, readonly string[]> = {
  application: APPLICATION_DISPLAY_STEPS,
};
