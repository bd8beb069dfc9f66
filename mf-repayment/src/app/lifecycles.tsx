import { createRemoteLifecycles } from '@lending/ui/remote';

import en from '../locales/en/mf-repayment.json';
import ms from '../locales/ms/mf-repayment.json';
import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-repayment',
  buildId: __BUILD_ID__,
  App,
  translations: { en, ms },
});
