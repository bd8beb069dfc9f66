import '@lending/ui/src/testing/jsdom';

import { accountStore, registerTranslations, session } from '@lending/platform';
import { queryClient, queryKeys } from '@lending/platform/query';
import { screen } from '@testing-library/react';

import en from '../../locales/en/onboarding-psychometric.json';
import ms from '../../locales/ms/onboarding-psychometric.json';
import { renderInPlatform } from '../../testing/test-harness';
import { PsychometricAssessmentPage } from './psychometric-assessment-page';

jest.setTimeout(30_000);

const USER = '00000000-0000-4000-8000-000000000001';

afterEach(() => {
  queryClient.clear();
  accountStore.clear();
  session.clear();
});

describe('/psychometric-test/assessment with no test to take', () => {
  it('says so and leads home', () => {
    session.setApplicantTokens({ accessToken: 'access', refreshToken: 'refresh' });
    accountStore.set({ user: { id: USER, firstName: 'Siti' }, application: null, agreement: null });
    queryClient.setQueryDefaults(queryKeys.application.all(), { staleTime: Infinity });
    queryClient.setQueryData(queryKeys.application.current(USER), null);
    registerTranslations('onboarding-psychometric', { en, ms });
    renderInPlatform(<PsychometricAssessmentPage />);
    expect(
      screen.getByText('There is no psychometric test to take for your application at the moment.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to home' })).toBeTruthy();
  });
});
