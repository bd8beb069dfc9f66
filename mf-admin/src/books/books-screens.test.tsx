// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type {
  AccountAdjustment,
  AocAgreementResponse,
  StatementSearchResponse,
  WaiverChargesResponse,
} from '@lending/contracts';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen, within } from '@testing-library/react';

import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';
import { AccountSummary, TenureTable } from './accounts-page';
import { AdjustmentItem, WaiverForm } from './adjustments-panel';
import { waiverProblems } from './books-api';
import { searchBody, StatementResults } from './statements-page';

jest.setTimeout(30_000);
brandStore.set(arkcash);
registerTranslations('mf-admin', { en, ms });

const renderInAdmin = (node: React.ReactNode) => render(<PlatformRoot>{node}</PlatformRoot>);

const ENQUIRY: AocAgreementResponse = {
  accountDetails: {
    id: '00000000-0000-4000-8000-0000000000a1',
    agreementId: '00000000-0000-4000-8000-000000000001',
    agreementNo: 'AGR-AC-2026-000042',
    borrowerName: 'Aisyah',
    status: 'ACTIVE',
    disbursedOn: '2026-01-05',
    principalSen: 1_000_000,
    totalRepayableSen: 1_240_000,
    outstandingSen: 1_188_446,
    overdueSen: 51_667,
    lateChargesOutstandingSen: 113,
    creditSen: 0,
  },
  agreementDetails: {
    agreementNo: 'AGR-AC-2026-000042',
    tenureMonths: 24,
    annualRateBp: 1200,
    secured: false,
    firstDueDate: '2026-02-05',
    maturityDate: '2028-01-05',
    totalInterestSen: 240_000,
    monthlyInstalmentSen: 51_667,
  },
  tenureDetails: {
    agreementId: '00000000-0000-4000-8000-000000000001',
    agreementNo: 'AGR-AC-2026-000042',
    asOf: '2026-03-15',
    instalments: [
      {
        instalmentNo: 1,
        dueDate: '2026-02-05',
        instalmentSen: 51_667,
        principalSen: 41_667,
        interestSen: 10_000,
        paidSen: 51_667,
        rebatedSen: 0,
        unpaidSen: 0,
        status: 'PAID',
        daysOverdue: 0,
        lateChargesSen: 0,
        lateChargesPaidSen: 0,
        lateChargesWaivedSen: 0,
        paidOn: '2026-02-01',
      },
      {
        instalmentNo: 2,
        dueDate: '2026-03-05',
        instalmentSen: 51_667,
        principalSen: 41_667,
        interestSen: 10_000,
        paidSen: 0,
        rebatedSen: 0,
        unpaidSen: 51_667,
        status: 'OVERDUE',
        daysOverdue: 10,
        lateChargesSen: 113,
        lateChargesPaidSen: 0,
        lateChargesWaivedSen: 0,
        paidOn: null,
      },
    ],
  },
};

const WAIVERS: WaiverChargesResponse = {
  accountDetailsId: ENQUIRY.accountDetails.id,
  agreementId: ENQUIRY.accountDetails.agreementId,
  agreementNo: ENQUIRY.accountDetails.agreementNo,
  status: 'ACTIVE',
  lateChargesOutstandingSen: 113,
  items: [],
  actions: { proposeWaiver: { allowed: true }, proposeWriteOff: { allowed: true } },
};

const PROPOSED: AccountAdjustment = {
  id: '00000000-0000-4000-8000-0000000000b1',
  kind: 'LATE_CHARGE_WAIVER',
  status: 'PROPOSED',
  amountSen: 100,
  reason: 'Hospitalised in the month',
  proposedBy: 'maker',
  proposedByName: 'Farid',
  proposedAt: '2026-03-15T02:00:00.000Z',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionNote: null,
  lines: [],
  actions: { decide: { allowed: true } },
};

describe('the books screens', () => {
  beforeEach(() => setLanguage('EN'));

  it('checks a waiver as the server would: ringgit to the sen, within what is outstanding', () => {
    expect(waiverProblems('1.13', 'Hospitalised', 113)).toEqual({ problems: [], amountSen: 113 });
    expect(waiverProblems('1,000.5', 'Hospitalised', 200_000).amountSen).toBe(100_050);
    expect(waiverProblems('1.14', 'Hospitalised', 113).problems).toEqual(['amountTooLarge']);
    expect(waiverProblems('0', 'ok', 113).problems).toEqual(['amountInvalid', 'reasonInvalid']);
    expect(waiverProblems('1.234', 'Hospitalised', 500).problems).toEqual(['amountInvalid']);
  });

  it('sends only the filters given, and pages of twenty', () => {
    expect(
      searchBody(
        {
          agreementNo: ' AGR-AC ',
          borrowerName: '',
          status: 'ACTIVE',
          disbursedFrom: '',
          disbursedTo: '',
        },
        3,
      ),
    ).toEqual({ currentPage: 3, pageSize: 20, agreementNo: 'AGR-AC', status: 'ACTIVE' });
  });

  it('lists statements with a download in each language and the pages', () => {
    const data: StatementSearchResponse = {
      items: [
        {
          accountDetailsId: ENQUIRY.accountDetails.id,
          agreementId: ENQUIRY.accountDetails.agreementId,
          agreementNo: 'AGR-AC-2026-000042',
          borrowerName: 'Aisyah',
          status: 'WRITEOFF',
          disbursedOn: '2026-01-05',
          principalSen: 1_000_000,
        },
      ],
      total: 21,
      currentPage: 1,
      pageSize: 20,
    };
    const onPage = jest.fn();
    renderInAdmin(<StatementResults data={data} page={1} onPage={onPage} />);
    const table = screen.getByTestId('statements');
    expect(table.textContent).toContain('Written off');
    expect(table.textContent).toContain('RM 10,000.00');
    expect(
      within(table).getByRole('button', {
        name: 'Download the statement of AGR-AC-2026-000042 in Bahasa Melayu',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('says when no account matches', () => {
    renderInAdmin(
      <StatementResults
        data={{ items: [], total: 0, currentPage: 1, pageSize: 20 }}
        page={1}
        onPage={jest.fn()}
      />,
    );
    expect(screen.getByTestId('no-statements')).toBeTruthy();
  });

  it('shows the account and each instalment, in Malay too', () => {
    setLanguage('MS');
    renderInAdmin(
      <>
        <AccountSummary enquiry={ENQUIRY} />
        <TenureTable enquiry={ENQUIRY} />
      </>,
    );
    const summary = screen.getByTestId('account-summary');
    expect(summary.textContent).toContain('RM 11,884.46');
    expect(summary.textContent).toContain('24 bulan pada 12.00% setahun');
    const tenure = screen.getByTestId('tenure');
    expect(tenure.textContent).toContain('Tertunggak (lewat 10 hari)');
    expect(tenure.textContent).toContain('RM 1.13');
  });

  it('refuses a waiver above the late charges outstanding without asking the server', () => {
    const onDone = jest.fn();
    renderInAdmin(<WaiverForm waivers={WAIVERS} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText(/Amount to waive/), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Hospitalised' } });
    fireEvent.click(screen.getByRole('button', { name: 'Propose the waiver' }));
    expect(screen.getByText('A waiver may not exceed the late charges outstanding')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('offers approval of a proposal to whom the API allows it, and says why to the others', () => {
    const { unmount } = renderInAdmin(<AdjustmentItem item={PROPOSED} onDone={jest.fn()} />);
    expect(screen.getByText(/Late charge waiver of RM 1.00/)).toBeTruthy();
    expect(screen.getByTestId('four-eyes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
    unmount();
    const own = renderInAdmin(
      <AdjustmentItem
        item={{ ...PROPOSED, actions: { decide: { allowed: false, reason: 'sameStaff' } } }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByTestId('decide-why-not').textContent).toBe(
      'You proposed this, so a different approver or admin must approve or reject it.',
    );
    own.unmount();
    setLanguage('MS');
    renderInAdmin(
      <AdjustmentItem
        item={{
          ...PROPOSED,
          actions: {
            decide: { allowed: false, reason: 'roleNotAllowed', roles: ['ADMIN', 'APPROVER'] },
          },
        }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.getByTestId('decide-why-not').textContent).toBe(
      'Meluluskan atau menolaknya adalah untuk peranan Pentadbir atau Pelulus.',
    );
  });

  it('shows where an approved waiver went', () => {
    renderInAdmin(
      <AdjustmentItem
        item={{
          ...PROPOSED,
          status: 'APPROVED',
          decidedBy: 'checker',
          decidedByName: 'Mei Ling',
          decidedAt: '2026-03-16T02:00:00.000Z',
          lines: [{ instalmentNo: 2, amountSen: 100 }],
          actions: { decide: { allowed: false, reason: 'nothingToDecide' } },
        }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.getByText(/decided by Mei Ling/)).toBeTruthy();
    expect(screen.getByText('instalment 2: RM 1.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
