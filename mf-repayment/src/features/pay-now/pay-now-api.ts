import {
  type DueNowView,
  GATEWAY_PAYMENT_PATHS,
  type GatewayPaymentRequest,
  type GatewayPaymentStarted,
  type GatewayPaymentView,
  type PaymentHistoryResponse,
  REPAYMENT_PATHS,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The receipt is drawn just after the payment is booked, in the background: a press on
 *  "Download receipt" in that moment waits for it (a second or two) rather than saying "try again". */
const RECEIPT_TRIES = 8;
const RECEIPT_WAIT_MS = 1000;

export const payNowApi = {
  /** The borrower's amount due now, broken down, on the loan named or else their newest. */
  async dueNow(agreementId?: string): Promise<DueNowView> {
    return (
      await api.core.get<DueNowView>(GATEWAY_PAYMENT_PATHS.dueNow, {
        ...(agreementId ? { params: { agreementId } } : {}),
      })
    ).data;
  },

  /** Starts the payment: the gateway's page to send the browser to. */
  async start(body: GatewayPaymentRequest): Promise<GatewayPaymentStarted> {
    return (await api.core.post<GatewayPaymentStarted>(GATEWAY_PAYMENT_PATHS.create, body)).data;
  },

  /** The receipt PDF of a payment, as bytes: the request carries the borrower's token, which a
   *  plain link could not. Null while the receipt is not made yet. */
  async receipt(agreementId: string, paymentId: string): Promise<Blob | null> {
    const history = (
      await api.core.get<PaymentHistoryResponse>(REPAYMENT_PATHS.paymentHistory(agreementId))
    ).data;
    const fileId = history.items.find((item) => item.id === paymentId)?.receiptFileId;
    if (!fileId) return null;
    return (await api.core.get<Blob>(REPAYMENT_PATHS.receipt(fileId), { responseType: 'blob' }))
      .data;
  },

  /** The receipt once it is made: asks again a few times, a second apart; null if it is still
   *  not made after that. */
  async receiptWhenReady(
    agreementId: string,
    paymentId: string,
    waitMs = RECEIPT_WAIT_MS,
  ): Promise<Blob | null> {
    for (let attempt = 1; ; attempt += 1) {
      const blob = await payNowApi.receipt(agreementId, paymentId);
      if (blob || attempt === RECEIPT_TRIES) return blob;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  },

  /** One order; the server asks the gateway again while it is pending. */
  async order(orderId: string): Promise<GatewayPaymentView> {
    return (await api.core.get<GatewayPaymentView>(GATEWAY_PAYMENT_PATHS.order(orderId))).data;
  },
};
