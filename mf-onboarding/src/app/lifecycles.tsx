import { createRemoteLifecycles } from '@lending/ui/remote';

import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-onboarding',
  buildId: __BUILD_ID__,
  App,
  translations: {
    en: () => import(/* webpackChunkName: "words-en" */ '../locales/en/mf-onboarding.json'),
    ms: () => import(/* webpackChunkName: "words-ms" */ '../locales/ms/mf-onboarding.json'),
  },
  // One namespace per area of the journey, each kept beside the others by its own feature.
  moreTranslations: {
    'onboarding-application': {
      en: () =>
        import(/* webpackChunkName: "words-en" */ '../locales/en/onboarding-application.json'),
      ms: () =>
        import(/* webpackChunkName: "words-ms" */ '../locales/ms/onboarding-application.json'),
    },
    'onboarding-documents': {
      en: () =>
        import(/* webpackChunkName: "words-en" */ '../locales/en/onboarding-documents.json'),
      ms: () =>
        import(/* webpackChunkName: "words-ms" */ '../locales/ms/onboarding-documents.json'),
    },
    'onboarding-identity': {
      en: () => import(/* webpackChunkName: "words-en" */ '../locales/en/onboarding-identity.json'),
      ms: () => import(/* webpackChunkName: "words-ms" */ '../locales/ms/onboarding-identity.json'),
    },
    'onboarding-psychometric': {
      en: () =>
        import(/* webpackChunkName: "words-en" */ '../locales/en/onboarding-psychometric.json'),
      ms: () =>
        import(/* webpackChunkName: "words-ms" */ '../locales/ms/onboarding-psychometric.json'),
    },
    'onboarding-registration': {
      en: () =>
        import(/* webpackChunkName: "words-en" */ '../locales/en/onboarding-registration.json'),
      ms: () =>
        import(/* webpackChunkName: "words-ms" */ '../locales/ms/onboarding-registration.json'),
    },
  },
});
