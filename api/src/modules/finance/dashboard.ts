// The portfolio dashboard of a brand: twelve months of the books (disbursed, collected, principal
// outstanding, due against collected) up to the business date, the portfolio at risk and arrears
// ageing on the business date, and the applications' journey. Money figures come from the general
// ledger, so the principal outstanding is the trial balance's loans receivable to the sen; arrears
// come from each loan's instalments as the repayment books read them on the business date.
import {
  AGEING_BUCKETS,
  type AgeingBucket,
  PAR_DAYS,
  type PortfolioDashboardResponse,
  type PortfolioMonth,
  type TenantId,
} from '@lending/contracts';
import {
  addDays,
  addMonths,
  arrearsOf,
  type InstalmentPosition,
  type IsoDate,
  malaysiaInstant,
} from '@lending/domain';

import { type Clock, malaysiaToday } from '../../kernel/clock';
import type { DashboardStore } from './dashboard-store';
import { firstDayAfter, periodOf } from './post-entry';
import type { FinanceStore } from './store';

export interface DashboardDeps {
  store: FinanceStore;
  dashboardStore: DashboardStore;
  clock: Clock;
  /** A loan's instalments on a day as the repayment books read them (nothing written). */
  positionsOf(
    agreementId: string,
    asOf: IsoDate,
  ): Promise<{ positions: readonly InstalmentPosition[] } | null>;
}

const MONTHS = 12;

/** `part` of `whole` in basis points, rounded half up in whole numbers. */
export function shareBp(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((part * 10_000 * 2 + whole) / (whole * 2));
}

/** The ageing bucket of an account overdue `days` days (0: not in arrears). */
export function bucketOf(days: number): AgeingBucket | null {
  if (days <= 0) return null;
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

export function createPortfolioDashboard(deps: DashboardDeps) {
  const { store, dashboardStore, clock } = deps;

  async function months(tenant: TenantId, from: IsoDate, to: IsoDate): Promise<PortfolioMonth[]> {
    const [opening, movements, due] = await Promise.all([
      store.sumBefore(tenant, 'LOANS_RECEIVABLE', from),
      dashboardStore.monthlyMovements(tenant, from, to),
      dashboardStore.dueByMonth(tenant, from, to),
    ]);
    let outstanding = opening.debitSen - opening.creditSen;
    const series: PortfolioMonth[] = [];
    for (
      let month = periodOf(from);
      month <= periodOf(to);
      month = periodOf(firstDayAfter(month))
    ) {
      const of = movements.filter((row) => row.month === month);
      const sum = (pick: (row: (typeof of)[number]) => number) =>
        of.reduce((total, row) => total + pick(row), 0);
      const disbursedSen = sum((row) =>
        row.accountKey === 'LOANS_RECEIVABLE' && row.event === 'PAYOUT' ? row.debitSen : 0,
      );
      const collectedSen = sum((row) =>
        row.accountKey === 'CASH_AT_BANK' && row.event === 'PAYMENT' ? row.debitSen : 0,
      );
      outstanding += sum((row) =>
        row.accountKey === 'LOANS_RECEIVABLE' ? row.debitSen - row.creditSen : 0,
      );
      const dueSen = due.get(month) ?? 0;
      series.push({
        month,
        disbursedSen,
        collectedSen,
        outstandingPrincipalSen: outstanding,
        dueSen,
        collectionRateBp: dueSen === 0 ? null : shareBp(collectedSen, dueSen),
      });
    }
    return series;
  }

  /** PAR and ageing of the loans with principal outstanding on `asOf`. */
  async function atRisk(tenant: TenantId, asOf: IsoDate) {
    const loans = await dashboardStore.principalByLoan(tenant, asOf);
    const outstanding = loans.reduce((sum, loan) => sum + loan.principalSen, 0);
    const ageing = new Map(
      AGEING_BUCKETS.map((bucket) => [bucket, { count: 0, principalSen: 0, overdueSen: 0 }]),
    );
    const atRiskSen = new Map<number, number>(PAR_DAYS.map((days) => [days, 0]));
    // One loan after another: each reads its own books (a few queries), as the daily jobs do.
    for (const loan of loans) {
      if (!loan.agreementId) continue;
      const found = await deps.positionsOf(loan.agreementId, asOf);
      if (!found) continue;
      const arrears = arrearsOf(found.positions);
      const bucket = bucketOf(arrears.daysPastDue);
      if (!bucket) continue;
      const row = ageing.get(bucket)!;
      row.count += 1;
      row.principalSen += loan.principalSen;
      row.overdueSen += arrears.overdueSen;
      for (const days of PAR_DAYS) {
        if (arrears.daysPastDue > days)
          atRiskSen.set(days, atRiskSen.get(days)! + loan.principalSen);
      }
    }
    return {
      outstanding,
      par: PAR_DAYS.map((days) => ({
        days,
        principalSen: atRiskSen.get(days)!,
        bp: shareBp(atRiskSen.get(days)!, outstanding),
      })),
      ageing: AGEING_BUCKETS.map((bucket) => ({ bucket, ...ageing.get(bucket)! })),
    };
  }

  return async function dashboard(tenant: TenantId): Promise<PortfolioDashboardResponse> {
    const businessDate = malaysiaToday(clock);
    const from = addMonths(`${periodOf(businessDate)}-01`, -(MONTHS - 1));
    const [series, risk, funnel] = await Promise.all([
      months(tenant, from, businessDate),
      atRisk(tenant, businessDate),
      dashboardStore.funnel(tenant, {
        since: malaysiaInstant(from),
        until: malaysiaInstant(addDays(businessDate, 1)),
        from,
        to: businessDate,
      }),
    ]);
    return {
      businessDate,
      from,
      months: series,
      outstandingPrincipalSen: risk.outstanding,
      par: risk.par,
      ageing: risk.ageing,
      funnel,
    };
  };
}

export type PortfolioDashboard = ReturnType<typeof createPortfolioDashboard>;
