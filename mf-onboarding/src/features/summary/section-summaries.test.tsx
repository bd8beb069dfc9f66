import '@lending/ui/src/testing/jsdom';

import type { ApplicationSections } from '@lending/contracts';
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
import {
  CompanySummary,
  DirectorsSummary,
  DisbursementSummary,
  EmergencyContactsSummary,
  LoanSummary,
} from './section-summaries';

const address = {
  line1: '12 Jalan Bunga',
  postcode: '80000',
  cityId: 1,
  cityName: 'Johor Bahru',
  stateId: 1,
  stateName: 'Johor',
};

const sections = {
  company: {
    companyName: 'Kedai Runcit Maju Sdn Bhd',
    newBusinessRegistrationNo: '201901012345',
    natureOfBusinessId: 4,
    businessContactNo: '+60321234567',
    establishedDate: '2019-03-01',
    companyEmail: 'hello@kedai.example',
    businessAuthorisedAddress: address,
    registeredSsmAddress: address,
    mailingAddress: address,
  },
  applicant: null,
  disbursement: { bankId: 7, accountName: 'Kedai Runcit Maju', accountNumber: '1234567890' },
  emergencyContacts: {
    contacts: [
      {
        name: 'Ahmad',
        relationshipId: 2,
        contactNo: '+60129876543',
        email: 'ahmad@example.com',
      },
    ],
  },
  directors: {
    people: [
      {
        role: 'DIRECTOR',
        name: 'Lim Wei Ling',
        identityCardType: 'MYKAD',
        identityCardNo: '880101-14-5678',
        contactNo: '+60123334444',
        personalEmail: 'lim@example.com',
      },
    ],
  },
} as unknown as ApplicationSections;

const application = draftApplication({
  organizationType: 'COMPANY',
  sections,
  loanReasonId: 3,
  requestedAmountSen: 1_000_000,
  tenureMonths: 12,
});

beforeEach(() => {
  queryClient.setQueryDefaults(['master'], { staleTime: Infinity });
  queryClient.setQueryData(PRODUCT_QUERY_KEY, productOf());
  queryClient.setQueryData(PUBLISHED_FIGURES_QUERY_KEY, publishedFiguresOf());
  queryClient.setQueryData(queryKeys.master.list('naturesOfBusiness'), [
    { id: 4, name: 'Retail trade', nameMs: 'Perdagangan runcit' },
  ]);
  queryClient.setQueryData(queryKeys.master.list('banks'), [
    { id: 7, name: 'Maybank', nameMs: 'Maybank' },
  ]);
  queryClient.setQueryData(queryKeys.master.list('relationships'), [
    { id: 2, name: 'Spouse', nameMs: 'Pasangan' },
  ]);
  queryClient.setQueryData(queryKeys.master.list('loanReasons'), [
    { id: 3, name: 'Working capital', nameMs: 'Modal kerja' },
  ]);
});
afterEach(() => {
  queryClient.setQueryDefaults(['master'], { staleTime: 0 });
  queryClient.clear();
});

const rowValue = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent;

describe('the summary cards', () => {
  it('names the loan reason and shows the simulated instalment and total as an estimate', () => {
    renderInPlatform(<LoanSummary application={application} editable />);
    const card = screen.getByTestId('summary-loan');
    expect(within(card).getByText('Loan')).toBeTruthy();
    expect(rowValue(card, 'Loan reason')).toBe('Working capital');
    // RM10,000 over 12 months at 1.5% a month: RM11,800, RM983.33 a month.
    expect(rowValue(card, 'Estimated monthly instalment')).toContain('983.33');
    expect(rowValue(card, 'Estimated total repayable')).toContain('11,800.00');
    expect(card.textContent).toContain('1.5% a month');
  });

  it('shows the approved figures and no estimate once the loan is approved', () => {
    queryClient.setQueryDefaults(['application'], { staleTime: Infinity });
    const approved = { ...application, status: 'APPROVED' as const };
    queryClient.setQueryData(approvedOfferKey(approved.id), approvedOfferOf(approved.id));
    renderInPlatform(<LoanSummary application={approved} editable={false} />);
    const card = screen.getByTestId('summary-loan');
    expect(within(card).getByTestId('approved-figures').textContent).toContain('9,344.00');
    expect(within(card).queryByText('Estimated monthly instalment')).toBeNull();
    queryClient.setQueryDefaults(['application'], { staleTime: 0 });
  });

  it('simulates at the rate the lender publishes, not a built-in one', () => {
    queryClient.setQueryData(
      PUBLISHED_FIGURES_QUERY_KEY,
      publishedFiguresOf({ simulatorMonthlyRateBp: 125 }),
    );
    renderInPlatform(<LoanSummary application={application} editable />);
    const card = screen.getByTestId('summary-loan');
    // RM10,000 over 12 months at 1.25% a month: RM1,500 interest, RM958.33 a month.
    expect(rowValue(card, 'Estimated monthly instalment')).toContain('958.33');
    expect(rowValue(card, 'Estimated total repayable')).toContain('11,500.00');
    expect(rowValue(card, 'Simulation rate')).toBe('1.25%');
    expect(card.textContent).toContain('1.25% a month');
  });

  it('estimates nothing before the published rate is known', () => {
    queryClient.removeQueries({ queryKey: PUBLISHED_FIGURES_QUERY_KEY });
    queryClient.setQueryDefaults(PUBLISHED_FIGURES_QUERY_KEY, { enabled: false });
    renderInPlatform(<LoanSummary application={application} editable />);
    const card = screen.getByTestId('summary-loan');
    expect(rowValue(card, 'Estimated monthly instalment')).toBe('-');
    expect(rowValue(card, 'Simulation rate')).toBe('-');
    queryClient.setQueryDefaults(PUBLISHED_FIGURES_QUERY_KEY, { enabled: true });
  });

  it('labels a director masked identity card as the number and shows their phone', () => {
    renderInPlatform(<DirectorsSummary application={application} editable />);
    const card = screen.getByTestId('summary-directors');
    expect(within(card).queryByText('Identity card type')).toBeNull();
    expect(rowValue(card, 'NRIC number')).toMatch(/^880101/);
    expect(rowValue(card, 'NRIC number')).not.toContain('5678');
    expect(rowValue(card, 'Contact number')).toContain('12');
  });

  it('names the nature of business, the bank and the emergency contact relationship', () => {
    renderInPlatform(
      <>
        <CompanySummary application={application} editable />
        <DisbursementSummary application={application} editable />
        <EmergencyContactsSummary application={application} editable />
      </>,
    );
    expect(rowValue(screen.getByTestId('summary-company'), 'Nature of business')).toBe(
      'Retail trade',
    );
    expect(rowValue(screen.getByTestId('summary-disbursement'), 'Company bank')).toBe('Maybank');
    expect(rowValue(screen.getByTestId('summary-emergencyContacts'), 'Relationship')).toBe(
      'Spouse',
    );
  });
});
