// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { CreditRefundsResponse, CreditRefundView } from '@lending/contracts';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';

import booksEn from '../locales/en/admin-books.json';
import en from '../locales/en/mf-admin.json';
import booksMs from '../locales/ms/admin-books.json';
import ms from '../locales/ms/mf-admin.json';
import { booksApi } from './books-api';
import { RefundPanel } from './refunds-panel';

jest.setTimeout(30_000);
brandStore.set(arkcash);
registerTranslations('mf-admin', { en, ms });
registerTranslations('admin-books', { en: booksEn, ms: booksMs });

const renderInAdmin = (node: React.ReactNode) => render(<PlatformRoot>{node}</PlatformRoot>);

const CLOSED: CreditRefundsResponse = {
  accountDetailsId: '00000000-0000-4000-8000-0000000000a1',
  agreementId: '00000000-0000-4000-8000-000000000001',
  agreementNo: 'AGR-AC-2026-000042',
  status: 'CLOSED',
  creditSen: 1_234,
  nominatedAccount: {
    bankName: 'Maybank',
    accountName: 'Kedai Runcit Aminah',
    accountLast4: '9012',
  },
  items: [],
  actions: { propose: { allowed: true } },
};

const PROPOSED: CreditRefundView = {
  id: '00000000-0000-4000-8000-0000000000c1',
  status: 'PROPOSED',
  amountSen: 1_234,
  reason: 'Overpaid on the final payment',
  paidTo: CLOSED.nominatedAccount!,
  proposedBy: 'maker',
  proposedByName: 'Farid',
  proposedAt: '2026-03-15T02:00:00.000Z',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionNote: null,
  businessDate: null,
  reference: 'RF-00000000',
  letterSent: false,
  actions: { decide: { allowed: true } },
};

describe('the credit refund panel', () => {
  beforeEach(() => setLanguage('EN'));
  afterEach(() => jest.restoreAllMocks());

  it('shows the credit and where it goes, and proposes exactly the credit', async () => {
    const propose = jest.spyOn(booksApi, 'proposeRefund').mockResolvedValue(PROPOSED);
    const onDone = jest.fn();
    renderInAdmin(<RefundPanel data={CLOSED} onDone={onDone} />);
    expect(screen.getByTestId('refund-credit').textContent).toBe('Credit on the account: RM 12.34');
    expect(
      screen.getByText('Refund goes to Maybank, account ending 9012 (Kedai Runcit Aminah)'),
    ).toBeTruthy();
    // A reason is needed before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Propose refunding RM 12.34' }));
    expect(screen.getByText('Give a reason of 5 to 500 characters')).toBeTruthy();
    expect(propose).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Reason/), {
      target: { value: 'Overpaid on the final payment' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Propose refunding RM 12.34' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(propose).toHaveBeenCalledWith(
      CLOSED.accountDetailsId,
      1_234,
      'Overpaid on the final payment',
    );
  });

  it('says why a member may not propose, in Malay too', () => {
    const { unmount } = renderInAdmin(
      <RefundPanel
        data={{
          ...CLOSED,
          actions: { propose: { allowed: false, reason: 'roleNotAllowed', roles: ['FINANCE'] } },
        }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.queryByRole('form', { name: 'Propose the refund' })).toBeNull();
    expect(screen.getByTestId('refund-propose-why-not').textContent).toBe(
      'Proposing a refund is for the Finance role.',
    );
    unmount();
    setLanguage('MS');
    renderInAdmin(
      <RefundPanel
        data={{
          ...CLOSED,
          creditSen: 0,
          actions: { propose: { allowed: false, reason: 'nothingOutstanding' } },
        }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.getByTestId('refund-credit').textContent).toBe('Kredit dalam akaun: RM 0.00');
    expect(screen.getByTestId('refund-propose-why-not').textContent).toBe(
      'Tiada kredit untuk dibayar balik dalam akaun ini.',
    );
  });

  it('lets a second member approve, and tells the proposer why they may not', async () => {
    const decide = jest
      .spyOn(booksApi, 'decideRefund')
      .mockResolvedValue({ ...PROPOSED, status: 'APPROVED' });
    const onDone = jest.fn();
    const data = {
      ...CLOSED,
      items: [PROPOSED],
      actions: { propose: { allowed: false, reason: 'inProgress' as const } },
    };
    const { unmount } = renderInAdmin(<RefundPanel data={data} onDone={onDone} />);
    expect(screen.getByText(/Refund of RM 12.34 \(RF-00000000\)/)).toBeTruthy();
    expect(screen.getByTestId('refund-propose-why-not').textContent).toBe(
      "A refund is proposed and waits for a second person's decision.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(decide).toHaveBeenCalledWith(PROPOSED.id, 'approve', '');
    unmount();

    setLanguage('MS');
    renderInAdmin(
      <RefundPanel
        data={{
          ...data,
          items: [{ ...PROPOSED, actions: { decide: { allowed: false, reason: 'sameStaff' } } }],
        }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Luluskan' })).toBeNull();
    expect(screen.getByTestId('refund-why-not').textContent).toBe(
      'Anda mencadangkan bayaran balik ini, jadi ahli kewangan lain atau pentadbir mesti meluluskan atau menolaknya.',
    );
  });

  it('shows an approved refund with its date and letter', () => {
    renderInAdmin(
      <RefundPanel
        data={{
          ...CLOSED,
          creditSen: 0,
          items: [
            {
              ...PROPOSED,
              status: 'APPROVED',
              decidedBy: 'checker',
              decidedByName: 'Mei Ling',
              decidedAt: '2026-03-16T02:00:00.000Z',
              businessDate: '2026-03-16',
              letterSent: true,
              actions: { decide: { allowed: false, reason: 'nothingToDecide' } },
            },
          ],
          actions: { propose: { allowed: false, reason: 'nothingOutstanding' } },
        }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.getByText('Refunded')).toBeTruthy();
    expect(screen.getByText(/The refund letter has gone to the borrower/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Propose refunding/ })).toBeNull();
  });
});
