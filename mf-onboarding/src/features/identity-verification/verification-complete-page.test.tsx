import '@lending/ui/src/testing/jsdom';

import type { Application } from '@lending/contracts';
import { accountStore, registerTranslations, session } from '@lending/platform';
import { queryClient, queryKeys } from '@lending/platform/query';
import { screen } from '@testing-library/react';

import en from '../../locales/en/onboarding-identity.json';
import ms from '../../locales/ms/onboarding-identity.json';
import { renderInPlatform } from '../../testing/test-harness';
import { VerificationCompletePage } from './verification-complete-page';

jest.setTimeout(30_000);

const USER = '00000000-0000-4000-8000-000000000001';

function holding(application: Partial<Application> | null) {
  session.setApplicantTokens({ accessToken: 'access', refreshToken: 'refresh' });
  accountStore.set({ user: { id: USER, firstName: 'Siti' }, application: null, agreement: null });
  queryClient.setQueryDefaults(queryKeys.application.all(), { staleTime: Infinity });
  queryClient.setQueryData(
    queryKeys.application.current(USER),
    application
      ? ({
          id: 'app-1',
          userId: USER,
          referenceNo: 'AC-1',
          status: 'PENDING',
          ...application,
        } as Application)
      : null,
  );
  registerTranslations('onboarding-identity', { en, ms });
  renderInPlatform(<VerificationCompletePage />);
}

afterEach(() => {
  queryClient.clear();
  accountStore.clear();
  session.clear();
});

describe('/application/verification-complete', () => {
  it('thanks an applicant whose identity verification is done', () => {
    holding({ progress: ['APPLICATIONFORMCOMPLETED', 'EKYCCOMPLETED'] } as Partial<Application>);
    expect(screen.getByRole('status').textContent).toContain('have been received');
  });

  it('does not thank an applicant who has not verified their identity: it leads there', () => {
    holding({ progress: ['APPLICATIONFORMCOMPLETED'] } as Partial<Application>);
    expect(screen.queryByText(/have been received/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify my identity' })).toBeTruthy();
  });

  it('does not thank someone with no application: it offers to start one', () => {
    holding(null);
    expect(screen.queryByText(/have been received/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Start an application' })).toBeTruthy();
  });
});
