// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { Bank, DisbursementDetail, PayoutView } from '@lending/contracts';
import type { StaffRole } from '@lending/domain';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen } from '@testing-library/react';

import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';
import { recordProblems } from './disbursement-api';
import { PayoutPanel } from './disbursements-page';

jest.setTimeout(30_000);
brandStore.set(arkcash);
registerTranslations('mf-admin', { en, ms });

const BANKS: Bank[] = [
  { id: 1, code: 'MBB', name: 'Malayan Banking Berhad (Maybank)', swiftCode: 'MBBEMYKL' },
  { id: 2, code: 'CIMB', name: 'CIMB Bank Berhad', swiftCode: 'CIBBMYKL' },
];

const WAITING: DisbursementDetail = {
  agreementId: '00000000-0000-4000-8000-000000000001',
  agreementNo: 'AGR-AC-2026-000042',
  agreementStatus: 'PENDING_DISBURSEMENT',
  version: 9,
  borrowerName: 'Aisyah',
  signedAt: '2026-01-05T01:00:00.000Z',
  principalSen: 1_000_000,
  tenureMonths: 24,
  netAmountSen: 925_000,
  payout: null,
  nominated: {
    bankId: 2,
    bankName: 'CIMB Bank Berhad',
    accountName: 'Kedai Runcit Aisyah',
    accountNumber: '8001234567',
  },
  payouts: [],
  account: null,
  schedule: null,
  actions: { record: { allowed: true }, confirm: { allowed: false, reason: 'nothingToDecide' } },
};

const MAKERS = ['ADMIN', 'CREDIT_OFFICER'] as StaffRole[];
const CHECKERS = ['ADMIN', 'APPROVER'] as StaffRole[];

const RECORDED: PayoutView = {
  id: '00000000-0000-4000-8000-0000000000aa',
  status: 'RECORDED',
  amountSen: 925_000,
  beneficiaryName: 'Kedai Runcit Aisyah',
  bankCode: 'CIMB',
  bankName: 'CIMB Bank Berhad',
  accountLast4: '4567',
  reference: 'AGR-AC-2026-000042-01',
  recordedBy: { id: 'maker', name: 'Farid' },
  recordedAt: '2026-01-06T02:00:00.000Z',
  confirmedBy: null,
  confirmedAt: null,
  bankReference: null,
  rejectionReason: null,
  paidAt: null,
};

const renderInAdmin = (node: React.ReactNode) => render(<PlatformRoot>{node}</PlatformRoot>);

describe('the payout panel', () => {
  beforeEach(() => setLanguage('EN'));

  it('prefills the record form with the nominated account and shows the net amount', () => {
    renderInAdmin(<PayoutPanel detail={WAITING} banks={BANKS} onDone={jest.fn()} />);
    expect(screen.getByTestId('payout-panel').textContent).toContain('RM 9,250.00');
    expect((screen.getByLabelText(/^Bank/) as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText(/Account name/) as HTMLInputElement).value).toBe(
      'Kedai Runcit Aisyah',
    );
    expect(screen.getByRole('button', { name: 'Record the payout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Confirm and send/ })).toBeNull();
  });

  it('refuses an account number that is not 6 to 20 digits before sending', () => {
    renderInAdmin(<PayoutPanel detail={WAITING} banks={BANKS} onDone={jest.fn()} />);
    fireEvent.change(screen.getByLabelText(/Account number/), { target: { value: '12AB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record the payout' }));
    expect(screen.getByText('Please enter a valid account number (6 to 20 digits)')).toBeTruthy();
  });

  it('lets another person confirm, and tells the maker to ask someone else', () => {
    const recorded = { ...WAITING, payouts: [RECORDED], payout: RECORDED };
    const { unmount } = renderInAdmin(
      <PayoutPanel
        detail={{
          ...recorded,
          actions: {
            record: { allowed: false, reason: 'roleNotAllowed', roles: MAKERS },
            confirm: { allowed: true },
          },
        }}
        banks={BANKS}
        onDone={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Confirm and send RM 9,250.00' })).toBeTruthy();
    expect(screen.getByTestId('payout-why-not').textContent).toContain(
      'Recording a payout is for the Admin or Credit officer role.',
    );
    unmount();
    renderInAdmin(
      <PayoutPanel
        detail={{
          ...recorded,
          actions: {
            record: { allowed: false, reason: 'inProgress' },
            confirm: { allowed: false, reason: 'sameStaff' },
          },
        }}
        banks={BANKS}
        onDone={jest.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /Confirm and send/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record the payout' })).toBeNull();
    expect(screen.getByTestId('payout-why-not').textContent).toContain(
      'You recorded this payout, so a different approver or admin must confirm it.',
    );
  });

  it('never shows an approver the payout form, and says in both languages whose it is', () => {
    const forApprover: DisbursementDetail = {
      ...WAITING,
      actions: {
        record: { allowed: false, reason: 'roleNotAllowed', roles: MAKERS },
        confirm: { allowed: false, reason: 'nothingToDecide' },
      },
    };
    const { unmount } = renderInAdmin(
      <PayoutPanel detail={forApprover} banks={BANKS} onDone={jest.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Record the payout' })).toBeNull();
    expect(screen.queryByLabelText(/Account number/)).toBeNull();
    const why = screen.getByTestId('payout-why-not').textContent;
    expect(why).toContain('Recording a payout is for the Admin or Credit officer role.');
    expect(why).toContain('No payout waits for confirmation yet');
    unmount();
    setLanguage('MS');
    renderInAdmin(
      <PayoutPanel
        detail={{
          ...forApprover,
          actions: {
            record: { allowed: false, reason: 'inProgress' },
            confirm: { allowed: false, reason: 'roleNotAllowed', roles: CHECKERS },
          },
        }}
        banks={BANKS}
        onDone={jest.fn()}
      />,
    );
    expect(screen.getByTestId('payout-why-not').textContent).toContain(
      'Mengesahkan pembayaran adalah untuk peranan Pentadbir atau Pelulus.',
    );
  });

  it('shows the bank’s reason for a rejection and the schedule of a paid loan, in Bahasa Melayu', () => {
    setLanguage('MS');
    const rejected: PayoutView = {
      ...RECORDED,
      status: 'REJECTED',
      confirmedBy: { id: 'checker', name: 'Mei Ling' },
      confirmedAt: '2026-01-06T03:00:00.000Z',
      rejectionReason: 'Account does not exist at the receiving bank',
    };
    const paid: PayoutView = {
      ...RECORDED,
      id: '00000000-0000-4000-8000-0000000000bb',
      reference: 'AGR-AC-2026-000042-02',
      status: 'PAID',
      confirmedBy: { id: 'checker', name: 'Mei Ling' },
      confirmedAt: '2026-01-07T03:00:00.000Z',
      bankReference: 'SBX0123456789ABCDEF',
      paidAt: '2026-01-07T03:00:00.000Z',
    };
    renderInAdmin(
      <PayoutPanel
        detail={{
          ...WAITING,
          agreementStatus: 'DISBURSED',
          payouts: [paid, rejected],
          payout: paid,
          actions: {
            record: { allowed: false, reason: 'notWaiting' },
            confirm: { allowed: false, reason: 'notWaiting' },
          },
          account: {
            id: 'acc',
            status: 'ACTIVE',
            disbursedOn: '2026-01-07',
            firstDueDate: '2026-02-07',
          },
          schedule: {
            version: 1,
            firstDueDate: '2026-02-07',
            totalRepayableSen: 1_240_000,
            rowsSha256: 'a'.repeat(64),
            rows: [
              {
                instalmentNo: 1,
                dueDate: '2026-02-07',
                instalmentSen: 51_667,
                principalSen: 41_667,
                interestSen: 10_000,
              },
            ],
          },
        }}
        banks={BANKS}
        onDone={jest.fn()}
      />,
    );
    expect(screen.getByText('Bank menolak pembayaran ini')).toBeTruthy();
    expect(screen.getByText('Account does not exist at the receiving bank')).toBeTruthy();
    expect(screen.getByText(/ansuran pertama perlu dibayar pada 07\/02\/2026/)).toBeTruthy();
    const schedule = screen.getByTestId('schedule');
    expect(schedule.textContent).toContain('RM 516.67');
    expect(schedule.textContent).toContain('Faedah');
    // A paid agreement has nothing to record or confirm, and says no more about it.
    expect(screen.queryByTestId('payout-why-not')).toBeNull();
  });
});

describe('the record form’s own checks', () => {
  it('asks for a bank, a name and 6 to 20 digits, ignoring spaces and dashes', () => {
    expect(recordProblems({ bankId: '', accountName: ' ', accountNumber: '12' })).toEqual([
      'bankRequired',
      'accountNameRequired',
      'accountNumberInvalid',
    ]);
    expect(
      recordProblems({ bankId: '1', accountName: 'Aisyah', accountNumber: '8001-2345 67' }),
    ).toEqual([]);
  });
});
