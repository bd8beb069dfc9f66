import { createRemoteLifecycles } from '@lending/ui/remote';

import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-repayment',
  buildId: __BUILD_ID__,
  App,
  translations: {
    en: () => import(/* webpackChunkName: "words-en" */ '../locales/en/mf-repayment.json'),
    ms: () => import(/* webpackChunkName: "words-ms" */ '../locales/ms/mf-repayment.json'),
  },
});
