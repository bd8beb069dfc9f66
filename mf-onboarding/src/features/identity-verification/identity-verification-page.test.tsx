import '@lending/ui/src/testing/jsdom';

import { accountStore, registerTranslations, session } from '@lending/platform';
import { queryClient, queryKeys } from '@lending/platform/query';
import { screen } from '@testing-library/react';

import en from '../../locales/en/onboarding-identity.json';
import ms from '../../locales/ms/onboarding-identity.json';
import { renderInPlatform } from '../../testing/test-harness';
import { IdentityVerificationPage } from './identity-verification-page';

jest.setTimeout(30_000);

const USER = '00000000-0000-4000-8000-000000000001';

afterEach(() => {
  queryClient.clear();
  accountStore.clear();
  session.clear();
});

describe('/application/identity-verification with no application', () => {
  it('says so and leads on: start one, or go home', () => {
    session.setApplicantTokens({ accessToken: 'access', refreshToken: 'refresh' });
    accountStore.set({ user: { id: USER, firstName: 'Siti' }, application: null, agreement: null });
    queryClient.setQueryDefaults(queryKeys.application.all(), { staleTime: Infinity });
    queryClient.setQueryData(queryKeys.application.current(USER), null);
    registerTranslations('onboarding-identity', { en, ms });
    renderInPlatform(<IdentityVerificationPage />);
    expect(screen.getByRole('alert').textContent).toContain('Application Not Found');
    expect(screen.getByRole('button', { name: 'Start an application' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to home' })).toBeTruthy();
  });
});
