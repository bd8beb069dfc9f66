// Reconciling collections with the payment gateway's settlement report: finance staff run it for a
// brand and a span of payment dates, from the gateway's own report or one they upload; every line
// is kept with the run. A line that does not match is resolved by four eyes: one finance member
// proposes why (a bank error, or explained, with a note), a second confirms it.
import type {
  ReconciliationLineView,
  ReconciliationProposal,
  ReconciliationRunRequest,
  ReconciliationRunView,
  TenantId,
} from '@lending/contracts';
import {
  addDays,
  daysBetween,
  isIsoDate,
  malaysiaInstant,
  RECONCILIATION_LINE_STATUS_MACHINE,
  type ReconciliationLineStatus,
  transition,
} from '@lending/domain';

import type { PaymentGateway } from '../../adapters/payment-gateway/port';
import type { Clock } from '../../kernel/clock';
import { HttpError, sentence } from '../../kernel/errors';
import {
  RECON_LINE_NOT_FOUND,
  RECON_LINE_NOT_OPEN,
  RECON_LINE_NOT_PROPOSED,
  RECON_NO_GATEWAY_REPORT,
  RECON_RUN_NOT_FOUND,
  RECON_SAME_STAFF,
  SPAN_INVALID,
  SPAN_TOO_LONG,
} from './messages';
import { matchReport, readSettlementCsv } from './reconciliation-match';
import type {
  ReconciliationLineRow,
  ReconciliationRunRow,
  ReconciliationStore,
} from './reconciliation-store';

/** A settlement report is daily; a run covers at most a month of them. */
export const MAX_RECONCILIATION_DAYS = 31;

function lineView(row: ReconciliationLineRow, staffId: string): ReconciliationLineView {
  return {
    id: row.id,
    kind: row.kind,
    txnId: row.txnId,
    orderId: row.orderId,
    reportAmountSen: row.reportAmountSen,
    bookedAmountSen: row.bookedAmountSen,
    paidAt: row.paidAt?.toISOString() ?? null,
    status: row.status,
    resolution: row.resolution,
    note: row.note,
    proposedBy: row.proposedBy,
    confirmedBy: row.confirmedBy,
    proposedByMe: row.proposedBy === staffId,
  };
}

function runSummary(row: ReconciliationRunRow): Omit<ReconciliationRunView, 'lines'> {
  return {
    id: row.id,
    tenant: row.tenant as TenantId,
    from: row.fromDate,
    to: row.toDate,
    source: row.source,
    startedBy: row.startedBy,
    startedAt: row.startedAt.toISOString(),
    counts: {
      matched: row.matched,
      reportOnly: row.reportOnly,
      booksOnly: row.booksOnly,
      amountDifferences: row.amountDifferences,
    },
  };
}

export function createReconciliationService(deps: {
  store: ReconciliationStore;
  gateway: PaymentGateway;
  clock: Clock;
}) {
  const { store, gateway, clock } = deps;

  async function read(staffId: string, runId: string): Promise<ReconciliationRunView> {
    const run = await store.run(runId);
    if (!run) throw new HttpError(404, RECON_RUN_NOT_FOUND, 'NOT_FOUND');
    const lines = await store.linesOf(run.id);
    return { ...runSummary(run), lines: lines.map((line) => lineView(line, staffId)) };
  }

  /** Moves a line through the domain's machine: refused unless `from`, or by the proposer. */
  function move(
    line: ReconciliationLineRow,
    from: ReconciliationLineStatus,
    to: ReconciliationLineStatus,
    staffId: string,
  ) {
    if (line.status !== from) {
      throw new HttpError(
        409,
        from === 'OPEN' ? RECON_LINE_NOT_OPEN : RECON_LINE_NOT_PROPOSED,
        'CONFLICT',
      );
    }
    const verdict = transition(RECONCILIATION_LINE_STATUS_MACHINE, from, to, {
      actor: 'staff',
      actorId: staffId,
      proposerId: line.proposedBy ?? undefined,
    });
    if (!verdict.ok) {
      throw new HttpError(403, RECON_SAME_STAFF, 'RECONCILIATION_SAME_STAFF');
    }
  }

  return {
    read,

    async runs(tenant: TenantId) {
      return { runs: (await store.runs(tenant)).map(runSummary) };
    },

    async start(staffId: string, input: ReconciliationRunRequest): Promise<ReconciliationRunView> {
      const { tenant, from, to } = input;
      if (!isIsoDate(from) || !isIsoDate(to) || from > to) {
        throw new HttpError(400, SPAN_INVALID, 'VALIDATION_FAILED');
      }
      if (daysBetween(from, to) >= MAX_RECONCILIATION_DAYS) {
        throw new HttpError(
          400,
          sentence(SPAN_TOO_LONG, { days: MAX_RECONCILIATION_DAYS }),
          'VALIDATION_FAILED',
        );
      }
      let report;
      if (input.csv !== undefined) {
        report = readSettlementCsv(input.csv, from, to);
      } else if (gateway.settlementReport) {
        report = await gateway.settlementReport(from, to);
      } else {
        throw new HttpError(409, RECON_NO_GATEWAY_REPORT, 'RECONCILIATION_NO_REPORT');
      }
      const [inSpan, byTxn] = await Promise.all([
        store.bookedBetween(tenant, malaysiaInstant(from), malaysiaInstant(addDays(to, 1))),
        store.bookedByTxn(tenant, [...new Set(report.map((line) => line.txnId))]),
      ]);
      const matched = matchReport(report, [...inSpan, ...byTxn], inSpan);
      const count = (kind: string) => matched.filter((line) => line.kind === kind).length;
      const at = clock.now();
      const run = await store.insertRun(
        {
          tenant,
          fromDate: from,
          toDate: to,
          source: input.csv === undefined ? 'GATEWAY' : 'UPLOAD',
          startedBy: staffId,
          startedAt: at,
          matched: count('MATCHED'),
          reportOnly: count('REPORT_ONLY'),
          booksOnly: count('BOOKS_ONLY'),
          amountDifferences: count('AMOUNT_DIFFERENCE'),
        },
        matched.map((line) => ({
          kind: line.kind,
          txnId: line.report?.txnId ?? line.booked?.txnId ?? null,
          orderId: line.report?.orderId ?? line.booked?.orderId ?? null,
          reportAmountSen: line.report?.amountSen ?? null,
          bookedAmountSen: line.booked?.amountSen ?? null,
          paidAt: line.report?.paidAt ?? line.booked?.paidAt ?? null,
          gatewayPaymentId: line.booked?.id ?? null,
          status: line.kind === 'MATCHED' ? null : 'OPEN',
        })),
        (row) => ({
          action: 'reconciliation.run',
          actor: `staff:${staffId}`,
          subject: null,
          entity: `reconciliation:${row.id}`,
          at,
          detail: {
            tenant,
            from,
            to,
            source: row.source,
            gateway: gateway.name,
            reportLines: report.length,
            ...runSummary(row).counts,
          },
        }),
      );
      return read(staffId, run.id);
    },

    async propose(
      staffId: string,
      lineId: string,
      proposal: ReconciliationProposal,
    ): Promise<ReconciliationRunView> {
      const at = clock.now();
      const changed = await store.changeLine(lineId, (line, run) => {
        move(line, 'OPEN', 'PROPOSED', staffId);
        return {
          set: {
            status: 'PROPOSED',
            resolution: proposal.resolution,
            note: proposal.note.trim(),
            proposedBy: staffId,
            proposedAt: at,
          },
          audit: {
            action: 'reconciliation.line_proposed',
            actor: `staff:${staffId}`,
            subject: null,
            entity: `reconciliation-line:${line.id}`,
            from: 'OPEN',
            to: 'PROPOSED',
            reason: proposal.note.trim(),
            at,
            detail: {
              runId: run.id,
              tenant: run.tenant,
              kind: line.kind,
              resolution: proposal.resolution,
            },
          },
        };
      });
      if (!changed) throw new HttpError(404, RECON_LINE_NOT_FOUND, 'NOT_FOUND');
      return read(staffId, changed.runId);
    },

    async confirm(staffId: string, lineId: string): Promise<ReconciliationRunView> {
      const at = clock.now();
      const changed = await store.changeLine(lineId, (line, run) => {
        move(line, 'PROPOSED', 'RESOLVED', staffId);
        return {
          set: { status: 'RESOLVED', confirmedBy: staffId, confirmedAt: at },
          audit: {
            action: 'reconciliation.line_resolved',
            actor: `staff:${staffId}`,
            subject: null,
            entity: `reconciliation-line:${line.id}`,
            from: 'PROPOSED',
            to: 'RESOLVED',
            reason: line.note,
            at,
            detail: {
              runId: run.id,
              tenant: run.tenant,
              kind: line.kind,
              resolution: line.resolution,
              proposedBy: line.proposedBy,
            },
          },
        };
      });
      if (!changed) throw new HttpError(404, RECON_LINE_NOT_FOUND, 'NOT_FOUND');
      return read(staffId, changed.runId);
    },
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
