import '@lending/ui/src/testing/jsdom';

import type { GatewayPaymentView } from '@lending/contracts';
import { ApiError, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { renderInRemote } from '../../testing/render';
import { payNowApi } from './pay-now-api';
import { PayInstalmentPage, PaymentResultPage, PendingPaymentPage } from './pay-now-pages';

// Chakra's first render in jsdom is slow on a busy machine.
jest.setTimeout(30_000);

const ORDER: GatewayPaymentView = {
  orderId: 'AC2026000123P1A2B3C4D5E',
  agreementId: '6f1c2a3e-1111-4222-8333-444455556666',
  amountSen: 51_966,
  channel: 'FPX',
  status: 'PENDING',
  failureCode: null,
  failureReason: null,
  receiptNo: null,
  paymentId: null,
  createdAt: '2026-11-24T02:00:00.000Z',
  paidAt: null,
  purpose: 'INSTALMENT',
  quoteAsOf: null,
  settlementOutcome: null,
};

/** Both result routes, as the remote declares them: each hands an order to the other. */
function renderAt(path: string, order: GatewayPaymentView) {
  queryClient.setQueryDefaults(['gateway-payment'], { staleTime: Infinity });
  queryClient.setQueryData(['gateway-payment', order.orderId], order);
  return renderInRemote(
    <Routes>
      <Route path="/payment-result" element={<PaymentResultPage />} />
      <Route path="/pending-payment" element={<PendingPaymentPage />} />
    </Routes>,
    `${path}?orderId=${order.orderId}`,
  );
}

beforeEach(() => setLanguage('EN'));
afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('the pending payment page', () => {
  it('waits, with progress, while the bank has not answered', async () => {
    renderAt('/pending-payment', ORDER);
    expect(await screen.findByText('Waiting for your bank to confirm the payment')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pending payment' })).toBeTruthy();
  });

  it('shows the outcome once the bank has answered, on a reload too', async () => {
    renderAt('/pending-payment', {
      ...ORDER,
      status: 'PAID',
      receiptNo: 'RC-000042',
      paymentId: '0d9a1f1e-2222-4333-8444-555566667777',
      paidAt: '2026-11-24T02:01:00.000Z',
    });
    expect(await screen.findByRole('heading', { name: 'Payment result' })).toBeTruthy();
    expect(screen.getByText('RC-000042')).toBeTruthy();
  });
});

describe('the payment result page', () => {
  it('sends an order the bank has not answered to the pending page', async () => {
    renderAt('/payment-result', ORDER);
    expect(await screen.findByRole('heading', { name: 'Pending payment' })).toBeTruthy();
    expect(screen.getByText('Waiting for your bank to confirm the payment')).toBeTruthy();
  });

  it('says why a failed payment failed', async () => {
    renderAt('/payment-result', {
      ...ORDER,
      status: 'FAILED',
      failureCode: 'CC_05',
      failureReason: 'Card declined by the issuer',
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Payment unsuccessful');
  });
});

describe('the pay page of a borrower with no loan paid out', () => {
  it('says there is nothing to pay yet, not an error to retry, and leads home', async () => {
    const message = 'There is no loan to pay yet';
    jest.spyOn(payNowApi, 'dueNow').mockRejectedValue(
      new ApiError(
        message,
        'ERR_BAD_REQUEST',
        {},
        {
          status: 409,
          data: { statusCode: 409, error: 'Conflict', message, code: 'PAYMENT_NOT_ALLOWED' },
          headers: {},
          config: {},
        },
      ),
    );
    renderInRemote(<PayInstalmentPage />, '/pay-instalment-now');
    expect((await screen.findByTestId('pay-no-loan')).textContent).toContain(
      'You have no loan to pay yet',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
  });

  it('offers the way home from a result page opened without an order', () => {
    renderInRemote(<PaymentResultPage />, '/payment-result');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });
});

describe('the receipt of a payment just booked', () => {
  it('waits for the receipt being drawn instead of asking the borrower to try again', async () => {
    const pdf = new Blob(['%PDF-'], { type: 'application/pdf' });
    const receipt = jest
      .spyOn(payNowApi, 'receipt')
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(null)
      .mockResolvedValue(pdf);
    await expect(payNowApi.receiptWhenReady('agreement', 'payment', 1)).resolves.toBe(pdf);
    expect(receipt).toHaveBeenCalledTimes(3);
  });

  it('gives up after a few tries, so the page can say it is still being prepared', async () => {
    const receipt = jest.spyOn(payNowApi, 'receipt').mockResolvedValue(null);
    await expect(payNowApi.receiptWhenReady('agreement', 'payment', 1)).resolves.toBeNull();
    expect(receipt).toHaveBeenCalledTimes(8);
  });
});
