import type { TranslationLoaders } from '@lending/platform';

// One namespace per area of the journey, fetched with its first screen (see screens.ts). Each
// its own file: one chunk name for all would bring every area's words to every route.
export const SCREEN_WORDS = {
  'onboarding-application': {
    en: () =>
      import(
        /* webpackChunkName: "words-en-application" */ '../locales/en/onboarding-application.json'
      ),
    ms: () =>
      import(
        /* webpackChunkName: "words-ms-application" */ '../locales/ms/onboarding-application.json'
      ),
  },
  'onboarding-documents': {
    en: () =>
      import(
        /* webpackChunkName: "words-en-documents" */ '../locales/en/onboarding-documents.json'
      ),
    ms: () =>
      import(
        /* webpackChunkName: "words-ms-documents" */ '../locales/ms/onboarding-documents.json'
      ),
  },
  'onboarding-identity': {
    en: () =>
      import(/* webpackChunkName: "words-en-identity" */ '../locales/en/onboarding-identity.json'),
    ms: () =>
      import(/* webpackChunkName: "words-ms-identity" */ '../locales/ms/onboarding-identity.json'),
  },
  'onboarding-psychometric': {
    en: () =>
      import(
        /* webpackChunkName: "words-en-psychometric" */ '../locales/en/onboarding-psychometric.json'
      ),
    ms: () =>
      import(
        /* webpackChunkName: "words-ms-psychometric" */ '../locales/ms/onboarding-psychometric.json'
      ),
  },
  'onboarding-registration': {
    en: () =>
      import(
        /* webpackChunkName: "words-en-registration" */ '../locales/en/onboarding-registration.json'
      ),
    ms: () =>
      import(
        /* webpackChunkName: "words-ms-registration" */ '../locales/ms/onboarding-registration.json'
      ),
  },
} satisfies Record<string, TranslationLoaders>;

/** A namespace of some screens only. */
export type ScreenNamespace = keyof typeof SCREEN_WORDS;
