import '@lending/ui/src/testing/jsdom';

import type { HomeLoanStatusResponse } from '@lending/contracts';
import { accountStore, setLanguage } from '@lending/platform';
import { queryClient, queryKeys } from '@lending/platform/query';
import { screen } from '@testing-library/react';

import { draftApplication, renderInPlatform } from '../../testing/test-harness';
import { EmergencyContactDetailsForm } from './emergency-contact-details-page';

const referred = draftApplication({ status: 'REFERBACK', applicationStatus: 'REFERBACK' });

function referBack(items: HomeLoanStatusResponse['referback']) {
  const home: HomeLoanStatusResponse = {
    status: {
      state: 'APPLICATION_INCOMPLETE',
      newLoanAllowedAfter: null,
      resumeAt: null,
      interviewScheduled: false,
      directDebitReady: false,
      accountTerminated: false,
    },
    user: { allowToApplyNewLoanAfterDateTime: null, newLoanBlockKind: null },
    application: {
      id: referred.id,
      referenceNo: referred.referenceNo,
      status: 'REFERBACK',
      progressSteps: [],
      requestedAmountSen: referred.requestedAmountSen,
      tenureMonths: referred.tenureMonths,
      submittedAt: null,
      createdAt: referred.createdAt,
    },
    agreement: null,
    account: null,
    interview: null,
    referback: items,
  };
  // What the server answered for the home card, already in the page's cache.
  queryClient.setQueryData(queryKeys.application.home(referred.userId), home);
}

describe('a form while the application is referred back', () => {
  beforeEach(() => {
    setLanguage('EN');
    accountStore.set({ user: { id: referred.userId, firstName: 'Siti' }, agreement: null });
  });
  afterEach(() => queryClient.clear());

  it('shows the reason and lets the referred section be saved', () => {
    referBack({
      requestedAt: '2026-11-20T02:00:00.000Z',
      items: [
        { kind: 'section', target: 'emergencyContacts', reason: 'Contact number does not answer' },
      ],
    });
    renderInPlatform(<EmergencyContactDetailsForm application={referred} />);
    const notice = screen.getByTestId('referback-notice');
    expect(notice.textContent).toMatch(/Contact number does not answer/);
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeTruthy();
  });

  it('keeps a section the lender did not list closed, and says why', () => {
    referBack({
      requestedAt: '2026-11-20T02:00:00.000Z',
      items: [{ kind: 'document', target: 'BANK_STATEMENT', reason: 'Unreadable' }],
    });
    renderInPlatform(<EmergencyContactDetailsForm application={referred} />);
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    expect(screen.getByText(/was not referred back to you/)).toBeTruthy();
    expect(screen.queryByTestId('referback-notice')).toBeNull();
  });

  it('says it in Bahasa Melayu too', () => {
    setLanguage('MS');
    referBack({
      requestedAt: '2026-11-20T02:00:00.000Z',
      items: [{ kind: 'document', target: 'BANK_STATEMENT', reason: 'Unreadable' }],
    });
    renderInPlatform(<EmergencyContactDetailsForm application={referred} />);
    expect(screen.getByText(/tidak dirujuk kembali kepada anda/)).toBeTruthy();
  });
});
