import { createRemoteLifecycles } from '@lending/ui';

import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';
import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-admin',
  buildId: __BUILD_ID__,
  App,
  translations: { en, ms },
});
