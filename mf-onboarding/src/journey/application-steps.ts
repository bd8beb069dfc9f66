import type { Application, ApplicationProgressStep, ApplicationSection } from '@lending/contracts';
import {
  APPLICATION_DISPLAY_STEPS,
  type ApplicationDisplayStep,
  isEditableApplicationStatus,
  requiredSections,
} from '@lending/domain';
import { journeySteps, type Step } from '@lending/ui';

export type ApplicationJourneyStep = ApplicationDisplayStep;

const STEP_PROGRESS: Partial<Record<ApplicationJourneyStep, ApplicationProgressStep>> = {
  applicationForm: 'APPLICATIONFORMCOMPLETED',
  emailVerification: 'EMAILVERIFICATIONCOMPLETED',
  uploadDocuments: 'DOCUMENTUPLOADCOMPLETED',
  identityVerification: 'EKYCCOMPLETED',
};

/** Which displayed steps the server reports done: the progress steps, the summary once the
 *  application is submitted, and "completed" once it is submitted with eKYC done. */
export function completedJourneySteps(
  application: Pick<Application, 'progress' | 'status'>,
): ApplicationJourneyStep[] {
  const submitted = !isEditableApplicationStatus(application.status);
  return APPLICATION_DISPLAY_STEPS.filter((step) => {
    if (step === 'summary') return submitted;
    if (step === 'completed') return submitted && application.progress.includes('EKYCCOMPLETED');
    const progress = STEP_PROGRESS[step];
    return progress ? application.progress.includes(progress) : false;
  });
}

/** The step the applicant is on: the first the server does not report done. */
export function nextJourneyStep(
  application: Pick<Application, 'progress' | 'status'>,
): ApplicationJourneyStep {
  const done = completedJourneySteps(application);
  return APPLICATION_DISPLAY_STEPS.find((step) => !done.includes(step)) ?? 'completed';
}

export function applicationJourneySteps(
  application: Pick<Application, 'progress' | 'status'> | null,
  current: ApplicationJourneyStep,
  t: (key: string) => string,
): Step[] {
  return journeySteps(
    'mf-onboarding',
    APPLICATION_DISPLAY_STEPS,
    current,
    t,
    'application',
    application ? completedJourneySteps(application) : [],
  );
}

/** The form's pages in the order they are filled, with their routes. */
export const SECTION_ROUTES: Record<ApplicationSection, string> = {
  company: '/application/company-details',
  applicant: '/application/applicant-details',
  disbursement: '/application/disbursement-details',
  emergencyContacts: '/application/emergency-contact-details',
  directors: '/application/director-details',
};

export function sectionsFor(
  application: Pick<Application, 'organizationType'>,
): ApplicationSection[] {
  return requiredSections(application.organizationType);
}

/**
 * Where to go after saving a section: the next section of the form, else the application. After
 * a referral back only what was listed opens, so the next section would be closed: back to the
 * application, where what is left to fix and "Resubmit" are.
 */
export function nextRouteAfter(
  application: Pick<Application, 'organizationType' | 'status'>,
  section: ApplicationSection,
): string {
  if (application.status === 'REFERBACK') return '/application';
  const sections = sectionsFor(application);
  const next = sections[sections.indexOf(section) + 1];
  return next ? SECTION_ROUTES[next] : '/application';
}

export function isSectionComplete(application: Application, section: ApplicationSection): boolean {
  return application.sections[section] !== null;
}
