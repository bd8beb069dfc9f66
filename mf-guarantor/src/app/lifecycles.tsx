import { createRemoteLifecycles } from '@lending/ui/remote';

import en from '../locales/en/mf-guarantor.json';
import ms from '../locales/ms/mf-guarantor.json';
import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-guarantor',
  buildId: __BUILD_ID__,
  App,
  translations: { en, ms },
});
