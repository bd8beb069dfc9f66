import type {
  EarlySettlementQuote,
  PaymentHistoryResponse,
  RepaymentAccountSummary,
  RepaymentScheduleResponse,
} from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { queryClient, queryKeys } from '@lending/platform/query';
import { matchEveryMediaQuery } from '@lending/ui/src/testing/jsdom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { PaymentHistoryPage } from './payment-history-page';
import { dischargeLettersKey, messagesKey, refundLettersKey } from './repayment-api';
import { RepaymentSchedulePage } from './repayment-schedule-page';
import { SettleNow } from './settle-now';

// Chakra's first render in jsdom is slow on a busy machine.
jest.setTimeout(30_000);

const account = (agreementId: string, agreementNo: string): RepaymentAccountSummary => ({
  agreementId,
  agreementNo,
  accountStatus: 'ACTIVE',
  disbursedOn: '2027-01-01',
  principalSen: 100_000,
  totalRepayableSen: 110_000,
  outstandingSen: 110_000,
});

const schedule = (agreementId: string, agreementNo: string): RepaymentScheduleResponse => ({
  agreementId,
  agreementNo,
  accountStatus: 'ACTIVE',
  asOf: '2027-02-01',
  scheduleVersion: 1,
  disbursedOn: '2027-01-01',
  firstDueDate: '2027-02-15',
  maturityDate: '2027-03-15',
  principalSen: 100_000,
  totalInterestSen: 10_000,
  totalRepayableSen: 110_000,
  paidSen: 0,
  interestRebatedSen: 0,
  unpaidInstalmentsSen: 110_000,
  lateChargesSen: 0,
  lateChargesPaidSen: 0,
  lateChargesOutstandingSen: 0,
  creditSen: 0,
  outstandingSen: 110_000,
  amountDue: {
    dueNowSen: 0,
    overdueSen: 0,
    lateChargesSen: 0,
    currentInstalmentSen: 55_000,
    asOf: '2027-02-01',
  },
  instalments: [1, 2].map((no) => ({
    instalmentNo: no,
    dueDate: `2027-0${no + 1}-15`,
    instalmentSen: 55_000,
    principalSen: 50_000,
    interestSen: 5_000,
    paidSen: 0,
    rebatedSen: 0,
    unpaidSen: 55_000,
    status: 'UNPAID' as const,
    daysOverdue: 0,
    lateChargesSen: 0,
    lateChargesPaidSen: 0,
    paidOn: null,
  })),
});

const quote = (agreementId: string, settlementSen: number): EarlySettlementQuote => ({
  agreementId,
  asOf: '2027-02-01',
  validUntil: '2027-02-01T15:59:59.999Z',
  unpaidPrincipalSen: settlementSen,
  accruedInterestSen: 0,
  unpaidInterestSen: 0,
  lateChargesSen: 0,
  interestForgoneSen: 10_000,
  creditSen: 0,
  settlementSen,
});

/** What the page already read, fresh enough not to be fetched again. */
function cached<T>(key: readonly unknown[], data: T) {
  queryClient.setQueryData(key, data);
}

beforeEach(() => {
  queryClient.setQueryDefaults(queryKeys.repayment.all(), { staleTime: Infinity });
  matchEveryMediaQuery(true);
});
afterEach(() => {
  queryClient.clear();
  setLanguage('EN');
});

describe('the repayment schedule page', () => {
  it('says the loan has not been paid out when there is no loan account yet', async () => {
    cached(queryKeys.repayment.accounts(), { items: [] });
    renderInRemote(<RepaymentSchedulePage />, '/repayment-schedule');
    expect(await screen.findByText('Your loan has not been paid out yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the loan named in the address and lets the borrower choose another', async () => {
    cached(queryKeys.repayment.accounts(), {
      items: [account('agr-new', 'AG-NEW'), account('agr-old', 'AG-OLD')],
    });
    for (const [id, no, settles] of [
      ['agr-new', 'AG-NEW', 90_000],
      ['agr-old', 'AG-OLD', 40_000],
    ] as const) {
      cached(queryKeys.repayment.schedule(id), schedule(id, no));
      cached(queryKeys.repayment.earlySettlement(id), quote(id, settles));
      cached(queryKeys.repayment.jompay(id), {
        agreementId: id,
        agreementNo: no,
        billerCode: '98001',
        ref1: id === 'agr-old' ? '20270000011' : '20270000029',
      });
    }
    renderInRemote(<RepaymentSchedulePage />, '/repayment-schedule?agreementId=agr-old');
    const summary = await screen.findByTestId('schedule-summary');
    expect(within(summary).getByText('AG-OLD')).toBeTruthy();
    expect(screen.getByTestId('quote-amount').textContent).toBe('RM 400.00');
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/pay-instalment-now?agreementId=agr-old',
    );
    expect(screen.getAllByRole('row')).toHaveLength(3);
    // Paying at the bank by JomPAY: the biller code and this loan's Ref-1.
    expect(screen.getByTestId('jompay-biller').textContent).toBe('98001');
    expect(screen.getByTestId('jompay-ref1').textContent).toBe('20270000011');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Loan' }), 'agr-new');
    expect(within(screen.getByTestId('schedule-summary')).getByText('AG-NEW')).toBeTruthy();
    expect(screen.getByTestId('quote-amount').textContent).toBe('RM 900.00');
    expect(screen.getByTestId('jompay-ref1').textContent).toBe('20270000029');
  });
});

describe('settling early and the discharge letter', () => {
  it('pays the quote shown by the way chosen, and says when the quote changed', async () => {
    const asked: string[] = [];
    renderInRemote(
      <SettleNow
        quote={quote('agr-1', 95_000)}
        onSettle={async (channel) => {
          asked.push(channel);
          return { kind: 'quoteChanged' };
        }}
      />,
      '/repayment-schedule',
    );
    await userEvent.click(screen.getByRole('radio', { name: /^Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Settle now (RM 950.00)' }));
    expect(asked).toEqual(['CARD']);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your settlement amount has changed',
    );
    // The borrower may try again once they have read the new figure.
    expect(
      screen.getByRole('button', { name: 'Settle now (RM 950.00)' }).hasAttribute('disabled'),
    ).toBe(false);
  });

  it('offers a closed loan’s discharge letter on the schedule, in Malay, and no settlement', async () => {
    setLanguage('MS');
    cached(queryKeys.repayment.accounts(), {
      items: [{ ...account('agr-1', 'AG-1'), accountStatus: 'CLOSED', outstandingSen: 0 }],
    });
    cached(queryKeys.repayment.schedule('agr-1'), {
      ...schedule('agr-1', 'AG-1'),
      accountStatus: 'CLOSED',
      outstandingSen: 0,
    });
    cached(dischargeLettersKey('agr-1'), {
      agreementId: 'agr-1',
      items: [
        {
          id: 'letter-2',
          agreementId: 'agr-1',
          version: 2,
          language: 'MS',
          closedBy: 'EARLY_SETTLEMENT',
          closedOn: '2027-02-01',
          issuedAt: '2027-02-03T02:00:00.000Z',
        },
        {
          id: 'letter-1',
          agreementId: 'agr-1',
          version: 1,
          language: 'MS',
          closedBy: 'EARLY_SETTLEMENT',
          closedOn: '2027-02-01',
          issuedAt: '2027-02-01T02:00:00.000Z',
        },
      ],
    });
    renderInRemote(<RepaymentSchedulePage />, '/repayment-schedule');
    const letters = await screen.findByTestId('discharge-letters');
    expect(letters.textContent).toContain('Surat pelepasan');
    expect(within(letters).getByTestId('discharge-letter-2').textContent).toContain(
      'Versi 2: diselesaikan awal',
    );
    expect(
      within(letters).getByRole('button', { name: 'Muat turun surat pelepasan, versi 1' }),
    ).toBeTruthy();
    expect(screen.queryByTestId('settlement-quote')).toBeNull();
    expect(screen.queryByTestId('settle-now')).toBeNull();
  });
});

describe('the payment history page', () => {
  it('lists the payments of the borrower’s loan', async () => {
    const history: PaymentHistoryResponse = {
      agreementId: 'agr-1',
      agreementNo: 'AG-1',
      items: [
        {
          id: 'pay-1',
          status: 'PAID',
          paidAt: '2027-02-10T02:30:00.000Z',
          paidOn: '2027-02-10',
          amountSen: 55_000,
          channel: 'DIRECT_DEBIT',
          receiptNo: 'RC-000007',
          receiptFileId: null,
          failureCode: null,
          failureReason: null,
          allocations: [],
        },
      ],
    };
    cached(queryKeys.repayment.accounts(), { items: [account('agr-1', 'AG-1')] });
    cached(queryKeys.repayment.payments('agr-1'), history);
    cached(queryKeys.repayment.letters('agr-1'), {
      agreementId: 'agr-1',
      items: [
        {
          id: 'letter-1',
          kind: 'ARREARS',
          version: 1,
          language: 'EN',
          issuedOn: '2027-03-16',
          overdueSen: 55_000,
          lateChargesSen: 12,
          remedyBy: null,
          issuedBy: 'system:collections',
          emailedAt: '2027-03-16T00:00:00.000Z',
        },
      ],
    });
    cached(messagesKey('agr-1'), {
      agreementId: 'agr-1',
      items: [
        {
          id: 'contact-1',
          channel: 'LETTER',
          kind: 'ARREARS_NOTICE',
          subject: 'Notice of arrears: agreement AG-1',
          body: 'Amount overdue RM 550.12.',
          letterId: 'letter-1',
          language: 'EN',
          businessDate: '2027-03-16',
          at: '2027-03-16T00:00:01.000Z',
        },
      ],
    });
    renderInRemote(<PaymentHistoryPage />, '/payment-history');
    expect(await screen.findByText('RC-000007')).toBeTruthy();
    // Every message sent about the loan, as the contact log holds it.
    const messages = screen.getByRole('region', { name: 'Messages we sent you' });
    expect(within(messages).getByText('Notice of arrears: agreement AG-1')).toBeTruthy();
    expect(within(messages).getByText(/^Notice of arrears · Sent .* by letter$/)).toBeTruthy();
    expect(within(messages).getByText('Amount overdue RM 550.12.')).toBeTruthy();
    // The notice sent after a missed due date sits under the payments, to download.
    const letters = screen.getByTestId('letters');
    expect(within(letters).getByText('Notice of arrears')).toBeTruthy();
    expect(within(letters).getByText('Amount overdue then: RM 550.12')).toBeTruthy();
    expect(
      within(letters).getByRole('button', { name: 'Download Notice of arrears of 16 Mar 2027' }),
    ).toBeTruthy();
    expect(screen.getByText('Direct debit')).toBeTruthy();
    // One loan: nothing to choose.
    expect(screen.queryByRole('combobox')).toBeNull();
    // The receipt is still being made: said, not offered as a broken download.
    expect(screen.getByText(/receipt is being prepared/)).toBeTruthy();
    // The statement of account of the loan, in either language.
    const statement = screen.getByRole('region', { name: 'Statement of account' });
    expect(within(statement).getByRole('button', { name: 'Download in English' })).toBeTruthy();
    expect(
      within(statement).getByRole('button', { name: 'Download in Bahasa Melayu' }),
    ).toBeTruthy();
  });

  it('offers a closed loan’s refund letter with its discharge letter', async () => {
    const closed = { ...account('agr-1', 'AG-1'), accountStatus: 'CLOSED' as const };
    cached(queryKeys.repayment.accounts(), { items: [{ ...closed, outstandingSen: 0 }] });
    cached(queryKeys.repayment.payments('agr-1'), {
      agreementId: 'agr-1',
      agreementNo: 'AG-1',
      items: [],
    });
    cached(queryKeys.repayment.letters('agr-1'), { agreementId: 'agr-1', items: [] });
    cached(messagesKey('agr-1'), { agreementId: 'agr-1', items: [] });
    cached(dischargeLettersKey('agr-1'), { agreementId: 'agr-1', items: [] });
    cached(refundLettersKey('agr-1'), {
      agreementId: 'agr-1',
      items: [
        {
          id: 'refund-1',
          agreementId: 'agr-1',
          reference: 'RF-1A2B3C4D',
          amountSen: 1_234,
          refundedOn: '2027-05-06',
          accountLast4: '9012',
          language: 'EN',
        },
      ],
    });
    renderInRemote(<PaymentHistoryPage />, '/payment-history');
    const letters = await screen.findByTestId('refund-letters');
    expect(within(letters).getByRole('heading', { name: 'Refund letters' })).toBeTruthy();
    expect(
      within(letters).getByRole('button', {
        name: 'Download refund letter RF-1A2B3C4D of 6 May 2027',
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('discharge-letters')).toBeTruthy();
  });

  it('says the loan has not been paid out, in Malay', async () => {
    setLanguage('MS');
    cached(queryKeys.repayment.accounts(), { items: [] });
    renderInRemote(<PaymentHistoryPage />, '/payment-history');
    expect(await screen.findByText('Pinjaman anda belum dibayar lagi')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kembali ke laman utama' })).toBeTruthy();
  });
});
