import { createRemoteLifecycles } from '@lending/ui/remote';

import { App } from './app';
import { SCREEN_WORDS } from './screen-words';

export default createRemoteLifecycles({
  name: 'mf-onboarding',
  buildId: __BUILD_ID__,
  App,
  translations: {
    en: () => import(/* webpackChunkName: "words-en" */ '../locales/en/mf-onboarding.json'),
    ms: () => import(/* webpackChunkName: "words-ms" */ '../locales/ms/mf-onboarding.json'),
  },
  screenTranslations: SCREEN_WORDS,
});
