import { createRemoteLifecycles } from '@lending/ui/remote';

import caseFileEn from '../locales/en/admin-case-file.json';
import queueEn from '../locales/en/admin-queue.json';
import en from '../locales/en/mf-admin.json';
import caseFileMs from '../locales/ms/admin-case-file.json';
import queueMs from '../locales/ms/admin-queue.json';
import ms from '../locales/ms/mf-admin.json';
import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-admin',
  buildId: __BUILD_ID__,
  App,
  translations: { en, ms },
  moreTranslations: {
    'admin-case-file': { en: caseFileEn, ms: caseFileMs },
    'admin-queue': { en: queueEn, ms: queueMs },
  },
});
