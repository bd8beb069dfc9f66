import { createRemoteLifecycles } from '@lending/ui/remote';

import en from '../locales/en/mf-onboarding.json';
import applicationEn from '../locales/en/onboarding-application.json';
import documentsEn from '../locales/en/onboarding-documents.json';
import identityEn from '../locales/en/onboarding-identity.json';
import psychometricEn from '../locales/en/onboarding-psychometric.json';
import registrationEn from '../locales/en/onboarding-registration.json';
import ms from '../locales/ms/mf-onboarding.json';
import applicationMs from '../locales/ms/onboarding-application.json';
import documentsMs from '../locales/ms/onboarding-documents.json';
import identityMs from '../locales/ms/onboarding-identity.json';
import psychometricMs from '../locales/ms/onboarding-psychometric.json';
import registrationMs from '../locales/ms/onboarding-registration.json';
import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-onboarding',
  buildId: __BUILD_ID__,
  App,
  translations: { en, ms },
  // One namespace per area of the journey, each kept beside the others by its own feature.
  moreTranslations: {
    'onboarding-application': { en: applicationEn, ms: applicationMs },
    'onboarding-documents': { en: documentsEn, ms: documentsMs },
    'onboarding-identity': { en: identityEn, ms: identityMs },
    'onboarding-psychometric': { en: psychometricEn, ms: psychometricMs },
    'onboarding-registration': { en: registrationEn, ms: registrationMs },
  },
});
