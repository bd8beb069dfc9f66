import type { ScreenDefinition } from '@lending/ui';
import { EligibilityPage } from '../features/eligibility/eligibility-page';
import { EligibilityResultPage } from '../features/eligibility/eligibility-result-page';
import { EmailVerificationPage } from '../features/email-verification/email-verification-page';
import { RegistrationVerificationPage } from '../features/email-verification/registration-verification-page';
import { RegistrationPage } from '../features/registration/registration-page';
import { ApplicationPage } from '../features/application/application-page';
import { ApplicantDetailsPage } from '../features/application-forms/applicant-details-page';
import { CompanyDetailsPage } from '../features/application-forms/company-details-page';
import { DirectorDetailsPage } from '../features/application-forms/director-details-page';
import { DisbursementDetailsPage } from '../features/application-forms/disbursement-details-page';
import { EmergencyContactDetailsPage } from '../features/application-forms/emergency-contact-details-page';
import { DraftApplicationPage } from '../features/draft-application/draft-application-page';
import { SummaryPage } from '../features/summary/summary-page';
import { DocumentUploadPage } from '../features/document-upload/document-upload-page';
import { IdentityVerificationPage } from '../features/identity-verification/identity-verification-page';
import { VerificationCompletePage } from '../features/identity-verification/verification-complete-page';
import { PsychometricAssessmentPage } from '../features/psychometric/psychometric-assessment-page';
import { PsychometricStartPage } from '../features/psychometric/psychometric-start-page';

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  { path: '/registration', id: 'registration', component: RegistrationPage },
  {
    path: '/registration/verification',
    id: 'registrationVerification',
    component: RegistrationVerificationPage,
  },
  { path: '/testing-eligibility', id: 'eligibility', component: EligibilityPage },
  {
    path: '/testing-eligibility/result/:result',
    id: 'eligibilityResult',
    component: EligibilityResultPage,
  },
  {
    path: '/application',
    id: 'application',
    component: ApplicationPage,
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/company-details',
    id: 'companyDetails',
    component: CompanyDetailsPage,
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/applicant-details',
    id: 'applicantDetails',
    component: ApplicantDetailsPage,
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/disbursement-details',
    id: 'disbursementDetails',
    component: DisbursementDetailsPage,
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/emergency-contact-details',
    id: 'emergencyContactDetails',
    component: EmergencyContactDetailsPage,
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/director-details',
    id: 'directorDetails',
    component: DirectorDetailsPage,
    steps: { journey: 'application', current: 'applicationForm' },
  },
  {
    path: '/application/email-verification',
    id: 'emailVerification',
    component: EmailVerificationPage,
    steps: { journey: 'application', current: 'emailVerification' },
  },
  {
    path: '/application/document-upload',
    id: 'documentUpload',
    steps: { journey: 'application', current: 'uploadDocuments' },
    component: DocumentUploadPage,
  },
  {
    path: '/application/summary',
    id: 'summary',
    component: SummaryPage,
    steps: { journey: 'application', current: 'summary' },
  },
  {
    path: '/application/identity-verification',
    id: 'identityVerification',
    steps: { journey: 'application', current: 'identityVerification' },
    component: IdentityVerificationPage,
  },
  {
    path: '/application/verification-complete',
    id: 'verificationComplete',
    steps: { journey: 'application', current: 'completed' },
    component: VerificationCompletePage,
  },
  {
    path: '/psychometric-test/start',
    id: 'psychometricStart',
    component: PsychometricStartPage,
  },
  {
    path: '/psychometric-test/assessment',
    id: 'psychometricAssessment',
    component: PsychometricAssessmentPage,
  },
  { path: '/draft-application', id: 'draftApplication', component: DraftApplicationPage },
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
