// Reading a settlement report uploaded as CSV, and matching a report's lines with the payments
// booked. Both are pure: the service fetches, stores and audits.
import { RECONCILIATION_CSV_COLUMNS, type ReconciliationKind } from '@lending/contracts';
import { malaysiaDate } from '@lending/domain';

import type { SettlementReportLine } from '../../adapters/payment-gateway/port';
import { dateOfPayDate, senOf } from '../../adapters/payment-gateway/protocol';
import { HttpError, sentence } from '../../kernel/errors';
import { csvFields } from '../master-setup/content';
import {
  RECON_CSV_HEADER,
  RECON_CSV_LINE,
  RECON_CSV_OUTSIDE,
  RECON_CSV_TOO_LONG,
} from './messages';
import type { BookedGatewayPayment } from './reconciliation-store';

export const MAX_REPORT_LINES = 20_000;

const CHANNELS: Record<string, SettlementReportLine['channel']> = {
  fpx: 'FPX',
  credit: 'CARD',
  card: 'CARD',
};

const refused = (said: ReturnType<typeof sentence>) =>
  new HttpError(400, said, 'VALIDATION_FAILED');

/**
 * The lines of a settlement report in RECONCILIATION_CSV_COLUMNS order (a header first), each
 * paid within [from, to] in Malaysia; the first line that is not one is refused with its number.
 */
export function readSettlementCsv(text: string, from: string, to: string): SettlementReportLine[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '');
  const header = rows.shift();
  const columns = RECONCILIATION_CSV_COLUMNS.join(',');
  if (!header || csvFields(header.line)?.join(',').toLowerCase() !== columns) {
    throw refused(sentence(RECON_CSV_HEADER, { columns }));
  }
  if (rows.length > MAX_REPORT_LINES)
    throw refused(sentence(RECON_CSV_TOO_LONG, { lines: MAX_REPORT_LINES }));
  return rows.map(({ line, number }) => {
    const fields = csvFields(line);
    const [txnId, orderId, amount, currency, channel, paidAt] = fields ?? [];
    const amountSen = senOf(amount);
    const at = dateOfPayDate(paidAt);
    const paidOn = CHANNELS[channel?.toLowerCase() ?? ''];
    const reference = /^[A-Za-z0-9_-]{1,40}$/;
    if (
      fields?.length !== RECONCILIATION_CSV_COLUMNS.length ||
      !reference.test(txnId ?? '') ||
      !reference.test(orderId ?? '') ||
      amountSen === null ||
      amountSen <= 0 ||
      currency?.toUpperCase() !== 'MYR' ||
      !paidOn ||
      !at
    ) {
      throw refused(sentence(RECON_CSV_LINE, { line: number }));
    }
    const date = malaysiaDate(at);
    if (date < from || date > to)
      throw refused(sentence(RECON_CSV_OUTSIDE, { line: number, date }));
    return { txnId: txnId!, orderId: orderId!, amountSen, channel: paidOn, paidAt: at };
  });
}

export interface MatchedLine {
  kind: ReconciliationKind;
  report: SettlementReportLine | null;
  booked: BookedGatewayPayment | null;
}

/**
 * Each report line against the payment booked under the gateway's reference (its transaction id),
 * then the amount: the same amount is matched, another is a difference, no payment (or one a line
 * above already took: the money arrived twice) leaves the line in the report only. Payments of
 * `inSpan` no line took are in the books only. `booked` holds the brand's payments alone, so
 * another brand's never match.
 */
export function matchReport(
  report: readonly SettlementReportLine[],
  booked: readonly BookedGatewayPayment[],
  inSpan: readonly BookedGatewayPayment[],
): MatchedLine[] {
  const byTxn = new Map(booked.map((payment) => [payment.txnId, payment]));
  const taken = new Set<string>();
  const lines: MatchedLine[] = report.map((line) => {
    const payment = byTxn.get(line.txnId);
    if (!payment || taken.has(payment.id))
      return { kind: 'REPORT_ONLY', report: line, booked: null };
    taken.add(payment.id);
    const kind = payment.amountSen === line.amountSen ? 'MATCHED' : 'AMOUNT_DIFFERENCE';
    return { kind, report: line, booked: payment };
  });
  for (const payment of inSpan) {
    if (!taken.has(payment.id)) lines.push({ kind: 'BOOKS_ONLY', report: null, booked: payment });
  }
  return lines;
}
