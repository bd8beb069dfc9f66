import { createRemoteLifecycles } from '@lending/ui/remote';

import en from '../locales/en/mf-loan-status.json';
import ms from '../locales/ms/mf-loan-status.json';
import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-loan-status',
  buildId: __BUILD_ID__,
  App,
  translations: { en, ms },
});
