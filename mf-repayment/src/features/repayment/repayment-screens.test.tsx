import type {
  EarlySettlementQuote,
  PaymentHistoryItem,
  RepaymentAccountSummary,
  RepaymentScheduleResponse,
  ScheduleInstalmentView,
} from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { matchEveryMediaQuery } from '@lending/ui/src/testing/jsdom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { chooseAccount, NoLoanYet } from './account-chooser';
import { PaymentHistoryList } from './payment-history-view';
import { InstalmentList, ScheduleSummary, SettlementQuote } from './schedule-view';

function instalment(
  no: number,
  status: ScheduleInstalmentView['status'],
  extra: Partial<ScheduleInstalmentView> = {},
): ScheduleInstalmentView {
  return {
    instalmentNo: no,
    dueDate: `2027-0${no}-15`,
    instalmentSen: 50_000,
    principalSen: 45_000,
    interestSen: 5_000,
    paidSen: status === 'PAID' ? 50_000 : 0,
    rebatedSen: 0,
    unpaidSen: status === 'PAID' ? 0 : 50_000,
    status,
    daysOverdue: 0,
    lateChargesSen: 0,
    lateChargesPaidSen: 0,
    paidOn: status === 'PAID' ? `2027-0${no}-10` : null,
    ...extra,
  };
}

const INSTALMENTS = [
  instalment(1, 'PAID'),
  instalment(2, 'OVERDUE', { daysOverdue: 12, lateChargesSen: 1_234 }),
  instalment(3, 'PARTLY_PAID', { paidSen: 20_000, unpaidSen: 30_000 }),
  instalment(4, 'DUE'),
  instalment(5, 'UNPAID'),
];

const SCHEDULE: RepaymentScheduleResponse = {
  agreementId: 'agr-1',
  agreementNo: 'AG-2027-0001',
  accountStatus: 'ACTIVE',
  asOf: '2027-04-15',
  scheduleVersion: 1,
  disbursedOn: '2026-12-20',
  firstDueDate: '2027-01-15',
  maturityDate: '2027-05-15',
  principalSen: 225_000,
  totalInterestSen: 25_000,
  totalRepayableSen: 250_000,
  paidSen: 70_000,
  interestRebatedSen: 0,
  unpaidInstalmentsSen: 180_000,
  lateChargesSen: 1_234,
  lateChargesPaidSen: 0,
  lateChargesOutstandingSen: 1_234,
  creditSen: 500,
  outstandingSen: 180_734,
  amountDue: {
    dueNowSen: 130_734,
    overdueSen: 50_000,
    lateChargesSen: 1_234,
    currentInstalmentSen: 80_000,
    asOf: '2027-04-15',
  },
  instalments: INSTALMENTS,
};

const QUOTE: EarlySettlementQuote = {
  agreementId: 'agr-1',
  asOf: '2027-04-15',
  validUntil: '2027-04-15T15:59:59.999Z',
  unpaidPrincipalSen: 160_000,
  accruedInterestSen: 18_000,
  unpaidInterestSen: 3_000,
  lateChargesSen: 1_234,
  interestForgoneSen: 7_000,
  creditSen: 500,
  settlementSen: 163_734,
};

const PAID: PaymentHistoryItem = {
  id: 'pay-1',
  status: 'PAID',
  paidAt: '2027-03-10T02:30:00.000Z',
  // A sandbox moved a day ahead: the books' day, not the wall clock's.
  paidOn: '2027-03-11',
  amountSen: 50_000,
  channel: 'FPX',
  receiptNo: 'RC-000042',
  receiptFileId: 'file-42',
  failureCode: null,
  failureReason: null,
  allocations: [],
};

const FAILED: PaymentHistoryItem = {
  id: 'pay-2',
  status: 'FAILED',
  paidAt: '2027-03-09T02:30:00.000Z',
  paidOn: '2027-03-09',
  amountSen: 50_000,
  channel: 'CARD',
  receiptNo: null,
  receiptFileId: null,
  // A code the product has no words for: the channel's own words are shown.
  failureCode: 'CC_99',
  failureReason: 'Insufficient funds',
  allocations: [],
};

describe('the repayment schedule', () => {
  beforeEach(() => setLanguage('EN'));

  it('sums the loan up with the next payment and a link to pay it', () => {
    renderInRemote(<ScheduleSummary schedule={SCHEDULE} />, '/repayment-schedule');
    const summary = screen.getByTestId('schedule-summary');
    expect(within(summary).getByText('AG-2027-0001')).toBeTruthy();
    expect(screen.getByTestId('summary-principal').textContent).toBe('RM 2,250.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('RM 2,500.00');
    expect(screen.getByTestId('summary-paid').textContent).toBe('RM 700.00');
    expect(screen.getByTestId('summary-outstanding').textContent).toBe('RM 1,807.34');
    expect(screen.getByTestId('summary-credit').textContent).toBe('RM 5.00');
    // The first instalment with something unpaid: the overdue one.
    expect(screen.getByTestId('summary-next').textContent).toMatch(/RM 500\.00 due 15 Feb 2027/);
    const pay = screen.getByRole('link', { name: 'Pay now' });
    expect(pay.getAttribute('href')).toBe('/pay-instalment-now?agreementId=agr-1');
  });

  it('offers no payment on a closed loan', () => {
    renderInRemote(
      <ScheduleSummary schedule={{ ...SCHEDULE, accountStatus: 'CLOSED', outstandingSen: 0 }} />,
      '/repayment-schedule',
    );
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(screen.getByText('Closed')).toBeTruthy();
  });

  it('offers the payment of a terminated loan’s whole balance, and says it is terminated', () => {
    setLanguage('MS');
    renderInRemote(
      <ScheduleSummary
        schedule={{ ...SCHEDULE, accountStatus: 'TERMINATED', interestRebatedSen: 20_000 }}
      />,
      '/repayment-schedule',
    );
    expect(screen.getByText('Ditamatkan: keseluruhan baki perlu dibayar')).toBeTruthy();
    // Nothing falls due later: no next payment, and what is due now is the whole balance.
    expect(screen.queryByTestId('summary-next')).toBeNull();
    expect(screen.getByText('Perlu dibayar sekarang (seluruh baki)')).toBeTruthy();
    expect(screen.getByText('Faedah tidak dikenakan (penamatan)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bayar sekarang' }).getAttribute('href')).toBe(
      '/pay-instalment-now?agreementId=agr-1',
    );
  });

  it('lists the instalments in a captioned table with each status in words', () => {
    matchEveryMediaQuery(true);
    renderInRemote(<InstalmentList instalments={INSTALMENTS} />, '/repayment-schedule');
    const table = screen.getByRole('table', { name: /Your instalments/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Due date', 'Instalment', 'Status', 'Late charges']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '1. Jan 2027',
      '2. Feb 2027',
      '3. Mar 2027',
      '4. Apr 2027',
      '5. May 2027',
    ]);
    const status = (index: number) => within(rows[index]!).getAllByRole('cell')[2]!.textContent;
    expect(status(0)).toBe('Paid');
    expect(status(1)).toBe('Overdue by 12 days');
    expect(status(2)).toBe('Partly paid');
    expect(status(3)).toBe('Due today');
    expect(status(4)).toBe('Unpaid');
    expect(within(rows[1]!).getByText('RM 12.34')).toBeTruthy();
    expect(within(rows[2]!).getByText('RM 200.00 paid')).toBeTruthy();
  });

  it('shows each instalment as a card on a phone', () => {
    matchEveryMediaQuery(false);
    renderInRemote(<InstalmentList instalments={INSTALMENTS} />, '/repayment-schedule');
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: /Your instalments/ })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(5);
    expect(within(cards[1]!).getByRole('heading').textContent).toBe('2. Feb 2027');
    expect(within(cards[1]!).getByText('Overdue by 12 days')).toBeTruthy();
    expect(within(cards[1]!).getByText('RM 12.34')).toBeTruthy();
  });

  it('quotes the early settlement with what it is made of and until when', () => {
    renderInRemote(<SettlementQuote quote={QUOTE} />, '/repayment-schedule');
    expect(screen.getByTestId('quote-amount').textContent).toBe('RM 1,637.34');
    // The end of the Malaysian business day.
    expect(screen.getByTestId('quote-valid-until').textContent).toMatch(/15 Apr 2027.*11:59/);
    expect(screen.getByTestId('quote-principal').textContent).toBe('RM 1,600.00');
    expect(screen.getByTestId('quote-interest').textContent).toBe('RM 30.00');
    expect(screen.getByTestId('quote-late').textContent).toBe('RM 12.34');
    expect(screen.getByTestId('quote-credit').textContent).toBe('RM 5.00');
    expect(screen.getByTestId('quote-forgone').textContent).toMatch('RM 70.00');
  });

  it('says when the loan has not been paid out, with a way home', () => {
    renderInRemote(<NoLoanYet />, '/repayment-schedule');
    expect(screen.getByText('Your loan has not been paid out yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });

  it('reads in Bahasa Melayu', () => {
    setLanguage('MS');
    matchEveryMediaQuery(true);
    renderInRemote(
      <>
        <ScheduleSummary schedule={SCHEDULE} />
        <InstalmentList instalments={INSTALMENTS} />
        <SettlementQuote quote={QUOTE} />
        <NoLoanYet />
      </>,
      '/repayment-schedule',
    );
    expect(screen.getByRole('link', { name: 'Bayar sekarang' })).toBeTruthy();
    const table = screen.getByRole('table', { name: /Ansuran anda/ });
    expect(within(table).getByText('Tertunggak 12 hari')).toBeTruthy();
    expect(within(table).getByText('Dibayar sebahagian')).toBeTruthy();
    expect(within(table).getByText('Belum dibayar')).toBeTruthy();
    expect(screen.getByText('Selesaikan pinjaman anda lebih awal')).toBeTruthy();
    expect(screen.getByText('Pinjaman anda belum dibayar lagi')).toBeTruthy();
  });
});

describe('choosing the loan account', () => {
  const account = (agreementId: string): RepaymentAccountSummary => ({
    agreementId,
    agreementNo: `AG-${agreementId}`,
    accountStatus: 'ACTIVE',
    disbursedOn: '2027-01-01',
    principalSen: 100_000,
    totalRepayableSen: 110_000,
    outstandingSen: 110_000,
  });

  it('takes the one in the address when it is the borrower’s, else the newest', () => {
    const accounts = [account('new'), account('old')];
    expect(chooseAccount(accounts, 'old')?.agreementId).toBe('old');
    expect(chooseAccount(accounts, null)?.agreementId).toBe('new');
    expect(chooseAccount(accounts, 'someone-else')?.agreementId).toBe('new');
    expect(chooseAccount([], null)).toBeNull();
  });
});

describe('the payment history', () => {
  beforeEach(() => setLanguage('EN'));

  it('lists payments with channel, receipt and the reason of a failure', () => {
    renderInRemote(
      <PaymentHistoryList items={[PAID, FAILED]} download={async () => undefined} />,
      '/payment-history',
    );
    const [paid, failed] = within(screen.getByRole('list', { name: /Your payments/ })).getAllByRole(
      'listitem',
    );
    expect(within(paid!).getByText('RM 500.00')).toBeTruthy();
    expect(within(paid!).getByText('Online banking (FPX)')).toBeTruthy();
    expect(within(paid!).getByText('RC-000042')).toBeTruthy();
    expect(within(paid!).getByText('Paid')).toBeTruthy();
    expect(within(paid!).getByText('11 Mar 2027')).toBeTruthy();
    expect(within(paid!).queryByText(/10 Mar 2027/)).toBeNull();
    expect(within(failed!).getByText('9 Mar 2027')).toBeTruthy();
    expect(within(failed!).getByText('Failed')).toBeTruthy();
    expect(within(failed!).getByText('Card')).toBeTruthy();
    expect(within(failed!).getByText('Insufficient funds')).toBeTruthy();
    expect(within(failed!).queryByRole('button')).toBeNull();
  });

  it('puts a reason the bank gave by its code in the reader’s language', () => {
    const refused: PaymentHistoryItem = {
      ...FAILED,
      id: 'dd-1',
      channel: 'DIRECT_DEBIT',
      failureCode: 'DD_51',
      failureReason: 'Insufficient funds',
    };
    const view = renderInRemote(
      <PaymentHistoryList items={[refused]} download={async () => undefined} />,
      '/payment-history',
    );
    expect(screen.getByText('Insufficient funds in your account.')).toBeTruthy();
    view.unmount();
    setLanguage('MS');
    renderInRemote(
      <PaymentHistoryList items={[refused]} download={async () => undefined} />,
      '/payment-history',
    );
    expect(screen.getByText('Baki akaun anda tidak mencukupi.')).toBeTruthy();
    expect(screen.queryByText('Insufficient funds')).toBeNull();
  });

  it('downloads the receipt of the payment pressed and says when it fails', async () => {
    const asked: string[] = [];
    renderInRemote(
      <PaymentHistoryList
        items={[PAID]}
        download={async (payment) => {
          asked.push(payment.receiptFileId ?? '');
          if (asked.length > 1) throw new Error('Receipt not found');
        }}
      />,
      '/payment-history',
    );
    const button = screen.getByRole('button', { name: 'Download receipt RC-000042' });
    await userEvent.click(button);
    expect(asked).toEqual(['file-42']);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch('could not be downloaded'),
    );
  });

  it('says when there are no payments yet, in either language', () => {
    const { unmount } = renderInRemote(
      <PaymentHistoryList items={[]} download={async () => undefined} />,
      '/payment-history',
    );
    expect(screen.getByText('You have not made any payments on this loan yet.')).toBeTruthy();
    unmount();
    setLanguage('MS');
    renderInRemote(
      <PaymentHistoryList items={[PAID, FAILED]} download={async () => undefined} />,
      '/payment-history',
    );
    expect(screen.getByRole('button', { name: 'Muat turun resit RC-000042' })).toBeTruthy();
    expect(screen.getByText('Perbankan dalam talian (FPX)')).toBeTruthy();
    expect(screen.getByText('Gagal')).toBeTruthy();
  });
});
