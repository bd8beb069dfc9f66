import { createRemoteLifecycles } from '@lending/ui/remote';

import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-admin',
  buildId: __BUILD_ID__,
  App,
  translations: {
    en: () => import(/* webpackChunkName: "words-en" */ '../locales/en/mf-admin.json'),
    ms: () => import(/* webpackChunkName: "words-ms" */ '../locales/ms/mf-admin.json'),
  },
  moreTranslations: {
    'admin-case-file': {
      en: () => import(/* webpackChunkName: "words-en" */ '../locales/en/admin-case-file.json'),
      ms: () => import(/* webpackChunkName: "words-ms" */ '../locales/ms/admin-case-file.json'),
    },
    'admin-queue': {
      en: () => import(/* webpackChunkName: "words-en" */ '../locales/en/admin-queue.json'),
      ms: () => import(/* webpackChunkName: "words-ms" */ '../locales/ms/admin-queue.json'),
    },
  },
});
