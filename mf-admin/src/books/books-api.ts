import {
  ACCOUNT_PATHS,
  type AccountAdjustment,
  type AccountSearchResponse,
  type AocAgreementResponse,
  type CreditRefundsResponse,
  type CreditRefundView,
  type IdealExportRefusal,
  LEDGER_PATHS,
  REGULATOR_PATHS,
  type StaffPaymentHistoryResponse,
  STATEMENT_PATHS,
  type StatementLanguage,
  type StatementSearchBody,
  type StatementSearchResponse,
  type WaiverChargesResponse,
} from '@lending/contracts';
import { api } from '@lending/platform';

import { blobText } from '../audit/audit-api';

/** The back office's books: accounts, waivers and write-offs, statements, through the one staff
 *  API client. */
export const booksApi = {
  search: async (agreementNo: string) =>
    (
      await api.admin.get<AccountSearchResponse>(ACCOUNT_PATHS.search, {
        params: { agreementNo },
      })
    ).data,
  enquiry: async (agreementNo: string) =>
    (await api.admin.get<AocAgreementResponse>(ACCOUNT_PATHS.aocAgreement(agreementNo))).data,
  payments: async (agreementId: string) =>
    (await api.admin.get<StaffPaymentHistoryResponse>(ACCOUNT_PATHS.paymentHistory(agreementId)))
      .data,
  waivers: async (accountId: string) =>
    (await api.admin.get<WaiverChargesResponse>(ACCOUNT_PATHS.waiverCharges(accountId))).data,
  proposeWaiver: async (accountId: string, amountSen: number, reason: string) =>
    (
      await api.admin.post<AccountAdjustment>(ACCOUNT_PATHS.waiverCharges(accountId), {
        amountSen,
        reason,
      })
    ).data,
  proposeWriteOff: async (accountId: string, reason: string) =>
    (await api.admin.post<AccountAdjustment>(ACCOUNT_PATHS.writeOff(accountId), { reason })).data,
  approve: async (requestId: string, note: string) =>
    (
      await api.admin.post<AccountAdjustment>(
        ACCOUNT_PATHS.approve(requestId),
        note.trim() ? { note: note.trim() } : {},
      )
    ).data,
  reject: async (requestId: string, note: string) =>
    (
      await api.admin.post<AccountAdjustment>(
        ACCOUNT_PATHS.reject(requestId),
        note.trim() ? { note: note.trim() } : {},
      )
    ).data,
  refunds: async (accountId: string) =>
    (await api.admin.get<CreditRefundsResponse>(ACCOUNT_PATHS.refunds(accountId))).data,
  proposeRefund: async (accountId: string, amountSen: number, reason: string) =>
    (
      await api.admin.post<CreditRefundView>(ACCOUNT_PATHS.refunds(accountId), {
        amountSen,
        reason,
      })
    ).data,
  decideRefund: async (refundId: string, outcome: 'approve' | 'reject', note: string) =>
    (
      await api.admin.post<CreditRefundView>(
        outcome === 'approve'
          ? ACCOUNT_PATHS.approveRefund(refundId)
          : ACCOUNT_PATHS.rejectRefund(refundId),
        note.trim() ? { note: note.trim() } : {},
      )
    ).data,
  statements: async (body: StatementSearchBody) =>
    (await api.admin.post<StatementSearchResponse>(STATEMENT_PATHS.search, body)).data,
  /** The PDF as bytes: the request carries the staff token, which a plain link could not. */
  statement: async (agreementId: string, language: StatementLanguage) =>
    (
      await api.admin.get<Blob>(STATEMENT_PATHS.staff(agreementId, language), {
        responseType: 'blob',
      })
    ).data,
  /** The borrower ledger (Lampiran A): PDF in English or Bahasa Melayu, or CSV. */
  ledgerPdf: async (agreementId: string, language: StatementLanguage) =>
    (
      await api.admin.get<Blob>(LEDGER_PATHS.pdf(agreementId, language), {
        responseType: 'blob',
      })
    ).data,
  ledgerCsv: async (agreementId: string) =>
    (await api.admin.get<Blob>(LEDGER_PATHS.csv(agreementId), { responseType: 'blob' })).data,
  /** The regulator's return of a period as a file; a refusal is thrown as the server sent it. */
  idealExport: async (from: string, to: string) => {
    const response = await api.admin.get<Blob>(REGULATOR_PATHS.idealExport, {
      params: { from, to },
      responseType: 'blob',
    });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `kpkt-ideal-${from}-${to}.csv`;
    return { blob: response.data, fileName };
  },
};

/** The bad rows of a refused return, read from the error body a blob request received as bytes;
 *  null when the failure was anything else. */
export async function idealRefusalOf(error: unknown): Promise<IdealExportRefusal | null> {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (!(data instanceof Blob)) return null;
  try {
    const body = JSON.parse(await blobText(data)) as Partial<IdealExportRefusal>;
    return body.code === 'IDEAL_EXPORT_REFUSED' && Array.isArray(body.badRows)
      ? (body as IdealExportRefusal)
      : null;
  } catch {
    return null;
  }
}

export type WaiverProblem = 'amountInvalid' | 'amountTooLarge' | 'reasonInvalid';

/**
 * What the waiver form refuses before asking the server, as the server would: an amount in
 * ringgit with at most two decimals, above zero and within the late charges outstanding, and a
 * reason of 5 to 500 characters. Gives the amount in sen when it is valid.
 */
export function waiverProblems(
  amount: string,
  reason: string,
  outstandingSen: number,
): { problems: WaiverProblem[]; amountSen: number | null } {
  const problems: WaiverProblem[] = [];
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(amount.trim().replace(/,/g, ''));
  const amountSen = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
  if (amountSen === null || amountSen <= 0) problems.push('amountInvalid');
  else if (amountSen > outstandingSen) problems.push('amountTooLarge');
  if (!reasonOk(reason)) problems.push('reasonInvalid');
  return { problems, amountSen: problems.length === 0 ? amountSen : null };
}

export function reasonOk(reason: string): boolean {
  const length = reason.trim().length;
  return length >= 5 && length <= 500;
}
