import '@lending/ui/src/testing/jsdom';

import { queryClient, queryKeys } from '@lending/platform/query';
import { screen, within } from '@testing-library/react';

import { approvedOfferKey } from '../../hooks/use-approved-offer';
import { PRODUCT_QUERY_KEY } from '../../hooks/use-product';
import { PUBLISHED_FIGURES_QUERY_KEY } from '../../hooks/use-published-figures';
import {
  approvedOfferOf,
  draftApplication,
  productOf,
  publishedFiguresOf,
  renderInPlatform,
} from '../../testing/test-harness';
import { LoanCard } from './loan-card';

const asked = draftApplication({
  organizationType: 'COMPANY',
  requestedAmountSen: 1_000_000,
  tenureMonths: 12,
  loanReasonId: 3,
});

beforeEach(() => {
  // Whatever the test puts in the cache is the server's answer: nothing is fetched again.
  queryClient.setQueryDefaults(['master'], { staleTime: Infinity });
  queryClient.setQueryDefaults(['application'], { staleTime: Infinity });
  queryClient.setQueryData(PRODUCT_QUERY_KEY, productOf());
  queryClient.setQueryData(PUBLISHED_FIGURES_QUERY_KEY, publishedFiguresOf());
  queryClient.setQueryData(queryKeys.master.list('loanReasons'), [
    { id: 3, name: 'Working capital', nameMs: 'Modal kerja', needsOtherText: false },
  ]);
});
afterEach(() => {
  queryClient.setQueryDefaults(['master'], { staleTime: 0 });
  queryClient.setQueryDefaults(['application'], { staleTime: 0 });
  queryClient.clear();
});

const renderCard = (application = asked) =>
  renderInPlatform(<LoanCard application={application} readOnly={false} onSave={async () => {}} />);

describe('the loan card', () => {
  it('is a business loan, whatever the organisation', () => {
    renderCard();
    const card = screen.getByTestId('loan-card');
    expect(within(card).getByRole('heading', { name: 'Business loan' })).toBeTruthy();
    expect(card.textContent).not.toContain('Personal loan');
  });

  it('simulates the instalment at the monthly rate the lender publishes', () => {
    queryClient.setQueryData(
      PUBLISHED_FIGURES_QUERY_KEY,
      publishedFiguresOf({ simulatorMonthlyRateBp: 125 }),
    );
    renderCard();
    const estimate = screen.getByTestId('estimated-instalment');
    // RM10,000 over 12 months at 1.25% a month: RM1,500 interest, RM958.33 a month.
    expect(estimate.textContent).toContain('Estimated monthly instalment');
    expect(estimate.textContent).toContain('958.33');
    expect(estimate.textContent).toContain('11,500.00');
    expect(estimate.textContent).toContain('1.25% a month');
  });

  it('shows no figure until the published rate arrives, rather than a built-in rate', () => {
    queryClient.removeQueries({ queryKey: PUBLISHED_FIGURES_QUERY_KEY });
    queryClient.setQueryDefaults(PUBLISHED_FIGURES_QUERY_KEY, { enabled: false });
    renderCard();
    expect(screen.queryByTestId('estimated-instalment')).toBeNull();
    expect(screen.getByTestId('estimated-instalment-pending').textContent).toBe(
      'Working out the estimate…',
    );
    queryClient.setQueryDefaults(PUBLISHED_FIGURES_QUERY_KEY, { enabled: true });
  });

  it('shows no figure while the product settings are unknown, rather than a built-in rate', () => {
    queryClient.removeQueries({ queryKey: PRODUCT_QUERY_KEY });
    queryClient.setQueryDefaults(['master'], { staleTime: Infinity, enabled: false });
    renderCard();
    expect(screen.queryByTestId('estimated-instalment')).toBeNull();
    queryClient.setQueryDefaults(['master'], { staleTime: Infinity, enabled: true });
  });

  it('shows the approved figures in place of the estimate once approved', () => {
    const approved = {
      ...asked,
      status: 'APPROVED' as const,
      applicationStatus: 'APPROVED' as const,
    };
    queryClient.setQueryData(approvedOfferKey(approved.id), approvedOfferOf(approved.id));
    renderCard(approved);
    const figures = screen.getByTestId('approved-figures');
    expect(within(figures).getByRole('heading', { name: 'Approved loan' })).toBeTruthy();
    expect(figures.textContent).toContain('8,000.00');
    expect(figures.textContent).toContain('16.8% a year, flat');
    expect(figures.textContent).toContain('778.67');
    expect(figures.textContent).toContain('9,344.00');
    expect(screen.queryByTestId('estimated-instalment')).toBeNull();
  });

  it('keeps the estimate, labelled so, while the application is only submitted', () => {
    const pending = { ...asked, status: 'PENDING' as const, applicationStatus: 'PENDING' as const };
    queryClient.setQueryData(approvedOfferKey(pending.id), approvedOfferOf(pending.id));
    renderCard(pending);
    expect(screen.queryByTestId('approved-figures')).toBeNull();
    expect(screen.getByTestId('estimated-instalment').textContent).toContain('Estimated');
  });
});
