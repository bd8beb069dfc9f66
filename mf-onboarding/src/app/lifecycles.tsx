import { createRemoteLifecycles } from '@lending/ui';
import en from '../locales/en/mf-onboarding.json';
import ms from '../locales/ms/mf-onboarding.json';
import { App } from './app';

export default createRemoteLifecycles({
  name: 'mf-onboarding',
  buildId: __BUILD_ID__,
  App,
  translations: { en, ms },
});
