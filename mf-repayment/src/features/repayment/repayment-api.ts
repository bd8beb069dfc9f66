import {
  type BorrowerMessagesResponse,
  COLLECTION_PATHS,
  type CollectionLettersResponse,
  type DischargeLettersResponse,
  type EarlySettlementQuote,
  GATEWAY_PAYMENT_PATHS,
  type GatewayPaymentRequest,
  type GatewayPaymentStarted,
  JOMPAY_PATHS,
  type JompayDetails,
  type PaymentHistoryResponse,
  type RefundLettersResponse,
  REPAYMENT_PATHS,
  type RepaymentAccountsResponse,
  type RepaymentScheduleResponse,
  STATEMENT_PATHS,
  type StatementLanguage,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The borrower's side of the repayments API: their own loans only (others answer 404). */
export const repaymentApi = {
  async accounts(): Promise<RepaymentAccountsResponse> {
    return (await api.core.get<RepaymentAccountsResponse>(REPAYMENT_PATHS.accounts)).data;
  },
  async schedule(agreementId: string): Promise<RepaymentScheduleResponse> {
    return (await api.core.get<RepaymentScheduleResponse>(REPAYMENT_PATHS.schedule(agreementId)))
      .data;
  },
  async payments(agreementId: string): Promise<PaymentHistoryResponse> {
    return (await api.core.get<PaymentHistoryResponse>(REPAYMENT_PATHS.paymentHistory(agreementId)))
      .data;
  },
  async earlySettlement(agreementId: string): Promise<EarlySettlementQuote> {
    return (await api.core.get<EarlySettlementQuote>(REPAYMENT_PATHS.earlySettlement(agreementId)))
      .data;
  },
  async letters(agreementId: string): Promise<CollectionLettersResponse> {
    return (await api.core.get<CollectionLettersResponse>(COLLECTION_PATHS.letters(agreementId)))
      .data;
  },
  /** The messages and letters sent to the borrower about the loan, newest first. */
  async messages(agreementId: string): Promise<BorrowerMessagesResponse> {
    return (await api.core.get<BorrowerMessagesResponse>(COLLECTION_PATHS.messages(agreementId)))
      .data;
  },
  /** A letter's PDF as bytes, with the borrower's token. */
  async letter(letterId: string): Promise<Blob> {
    return (await api.core.get<Blob>(COLLECTION_PATHS.letter(letterId), { responseType: 'blob' }))
      .data;
  },
  /** The lender's JomPAY biller code and this loan's Ref-1. */
  async jompay(agreementId: string): Promise<JompayDetails> {
    return (await api.core.get<JompayDetails>(JOMPAY_PATHS.details(agreementId))).data;
  },
  /** The receipt PDF as bytes: the request carries the borrower's token, which a plain link
   *  could not. */
  async receipt(fileId: string): Promise<Blob> {
    return (await api.core.get<Blob>(REPAYMENT_PATHS.receipt(fileId), { responseType: 'blob' }))
      .data;
  },
  /** The statement of account PDF of the borrower's own loan, made as of today. */
  async statement(agreementId: string, language: StatementLanguage): Promise<Blob> {
    return (
      await api.core.get<Blob>(STATEMENT_PATHS.mine(agreementId, language), {
        responseType: 'blob',
      })
    ).data;
  },
  /** Starts paying today's settlement quote on the gateway: the page to send the browser to. */
  async startSettlement(
    body: Omit<GatewayPaymentRequest, 'purpose'> & { amountSen: number; quoteAsOf: string },
  ): Promise<GatewayPaymentStarted> {
    return (
      await api.core.post<GatewayPaymentStarted>(GATEWAY_PAYMENT_PATHS.create, {
        ...body,
        purpose: 'SETTLEMENT',
      })
    ).data;
  },
  /** The discharge letters of a closed loan, newest version first. */
  async dischargeLetters(agreementId: string): Promise<DischargeLettersResponse> {
    return (
      await api.core.get<DischargeLettersResponse>(REPAYMENT_PATHS.dischargeLetters(agreementId))
    ).data;
  },
  /** A discharge letter PDF as bytes (the request carries the borrower's token). */
  async dischargeLetter(letterId: string): Promise<Blob> {
    return (
      await api.core.get<Blob>(REPAYMENT_PATHS.dischargeLetter(letterId), { responseType: 'blob' })
    ).data;
  },
  /** The letters of the credit refunded on a closed loan, newest first. */
  async refundLetters(agreementId: string): Promise<RefundLettersResponse> {
    return (await api.core.get<RefundLettersResponse>(REPAYMENT_PATHS.refundLetters(agreementId)))
      .data;
  },
  /** A refund letter PDF as bytes (the request carries the borrower's token). */
  async refundLetter(refundId: string): Promise<Blob> {
    return (
      await api.core.get<Blob>(REPAYMENT_PATHS.refundLetter(refundId), { responseType: 'blob' })
    ).data;
  },
};

/** The messages sent about the loan: under the repayment keys so they refresh with them. */
export const messagesKey = (agreementId: string) => ['repayment', 'messages', agreementId] as const;

/** The discharge letters' cache entry, under the repayment keys so it is refreshed with them. */
export const dischargeLettersKey = (agreementId: string) =>
  ['repayment', 'dischargeLetters', agreementId] as const;

/** The refund letters' cache entry, under the repayment keys so it is refreshed with them. */
export const refundLettersKey = (agreementId: string) =>
  ['repayment', 'refundLetters', agreementId] as const;
