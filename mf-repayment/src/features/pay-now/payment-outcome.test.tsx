import type { GatewayPaymentView } from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { PaymentOutcome } from './payment-outcome';

const PAYMENT: GatewayPaymentView = {
  orderId: 'AC2026000123P1A2B3C4D5E',
  agreementId: '6f1c2a3e-1111-4222-8333-444455556666',
  amountSen: 51_966,
  channel: 'FPX',
  status: 'PAID',
  failureCode: null,
  failureReason: null,
  receiptNo: 'RC-000042',
  paymentId: '0d9a1f1e-2222-4333-8444-555566667777',
  createdAt: '2026-11-24T02:00:00.000Z',
  paidAt: '2026-11-24T02:01:00.000Z',
  purpose: 'INSTALMENT',
  quoteAsOf: null,
  settlementOutcome: null,
};

describe('the payment result', () => {
  beforeEach(() => setLanguage('EN'));

  it('confirms a paid payment with its receipt', async () => {
    let asked = 0;
    renderInRemote(
      <PaymentOutcome
        payment={PAYMENT}
        onReceipt={async () => {
          asked += 1;
          return asked > 1;
        }}
      />,
      '/payment-result',
    );
    expect(screen.getByRole('status').textContent).toContain('Payment successful');
    expect(screen.getByText('RC-000042')).toBeTruthy();
    expect(screen.getByText('RM 519.66')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payment history' }).getAttribute('href')).toBe(
      '/payment-history',
    );
    // Not made yet: the borrower is told, and may ask again.
    await userEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
    expect((await screen.findByRole('alert')).textContent).toContain('being prepared');
    await userEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(asked).toBe(2);
  });

  it('gives a failed payment its reason in the reader’s language and a way to try again', () => {
    setLanguage('MS');
    renderInRemote(
      <PaymentOutcome
        payment={{
          ...PAYMENT,
          channel: 'CARD',
          status: 'FAILED',
          failureCode: 'CC_05',
          failureReason: 'Card declined by the issuer',
          receiptNo: null,
          paymentId: null,
          paidAt: null,
        }}
      />,
      '/payment-result',
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Pembayaran tidak berjaya');
    expect(alert.textContent).toContain('Kad anda ditolak oleh pengeluar kad.');
    expect(screen.getByRole('link', { name: 'Cuba lagi' }).getAttribute('href')).toBe(
      '/pay-instalment-now',
    );
  });

  it('shows the gateway’s own words for a reason it does not know', () => {
    renderInRemote(
      <PaymentOutcome
        payment={{
          ...PAYMENT,
          status: 'FAILED',
          failureCode: 'X99',
          failureReason: 'Transaction timed out at the acquirer',
          receiptNo: null,
          paymentId: null,
        }}
      />,
      '/payment-result',
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Transaction timed out at the acquirer',
    );
  });

  it('shows progress while the bank has not answered', () => {
    renderInRemote(<PaymentOutcome payment={{ ...PAYMENT, status: 'PENDING', receiptNo: null }} />);
    expect(screen.getByRole('status').textContent).toContain('Waiting for your bank');
    expect(screen.getByRole('progressbar', { name: 'Waiting for the bank' })).toBeTruthy();
  });

  it('says a settlement payment closed the loan and where its discharge letter is', () => {
    renderInRemote(
      <PaymentOutcome
        payment={{
          ...PAYMENT,
          purpose: 'SETTLEMENT',
          quoteAsOf: '2026-11-24',
          settlementOutcome: 'SETTLED',
        }}
      />,
      '/payment-result',
    );
    expect(screen.getByRole('status').textContent).toContain('Your loan is settled');
    expect(screen.getByRole('link', { name: 'Discharge letter' }).getAttribute('href')).toBe(
      `/repayment-schedule?agreementId=${PAYMENT.agreementId}`,
    );
    expect(screen.queryByTestId('settlement-not-done')).toBeNull();
  });

  it('tells the borrower, in Malay, that a settlement paid after its day did not close the loan', () => {
    setLanguage('MS');
    renderInRemote(
      <PaymentOutcome
        payment={{
          ...PAYMENT,
          purpose: 'SETTLEMENT',
          quoteAsOf: '2026-11-23',
          settlementOutcome: 'QUOTE_EXPIRED',
        }}
      />,
      '/payment-result',
    );
    // The money is recorded (paid), but the loan is not settled: said plainly, with the way on.
    expect(screen.getByRole('status').textContent).toContain('Pembayaran berjaya');
    const notice = screen.getByTestId('settlement-not-done');
    expect(notice.textContent).toContain('Pinjaman anda belum diselesaikan');
    expect(notice.textContent).toContain('23 Nov 2026');
    expect(screen.getByRole('link', { name: 'Lihat jumlah hari ini' }).getAttribute('href')).toBe(
      `/repayment-schedule?agreementId=${PAYMENT.agreementId}`,
    );
    expect(screen.queryByRole('link', { name: 'Surat pelepasan' })).toBeNull();
  });

  it('sends a failed settlement back to the schedule to try again', () => {
    renderInRemote(
      <PaymentOutcome
        payment={{
          ...PAYMENT,
          status: 'FAILED',
          purpose: 'SETTLEMENT',
          quoteAsOf: '2026-11-24',
          failureCode: 'FPX_51',
          receiptNo: null,
          paymentId: null,
        }}
      />,
      '/payment-result',
    );
    expect(screen.getByRole('alert').textContent).toContain('Insufficient funds');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      `/repayment-schedule?agreementId=${PAYMENT.agreementId}`,
    );
  });
});
