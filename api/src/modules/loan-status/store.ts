// What the applicant reads of their loans after submitting: a read model over the applications,
// their status history and the underwriting rows staff write. Nothing here writes.
import { and, asc, count, desc, eq, isNull, max, sum } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';

export type LoanApplicationRow = typeof t.applications.$inferSelect & {
  organizationType: (typeof t.organizations.$inferSelect)['organizationType'] | null;
};

const withOrganization = {
  application: t.applications,
  organizationType: t.organizations.organizationType,
};

function flatten(row: {
  application: typeof t.applications.$inferSelect;
  organizationType: LoanApplicationRow['organizationType'];
}): LoanApplicationRow {
  return { ...row.application, organizationType: row.organizationType };
}

export function createLoanStatusStore(db: Orm) {
  const ownedBy = (userId: string) => eq(t.applications.userId, userId);
  const newestFirst = [desc(t.applications.createdAt), desc(t.applications.referenceNo)];

  const applicationsOf = () =>
    db
      .select(withOrganization)
      .from(t.applications)
      .leftJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId));

  return {
    async user(userId: string) {
      const [row] = await db
        .select({
          allowToApplyNewLoanAfter: t.users.allowToApplyNewLoanAfter,
          newLoanBlockKind: t.users.newLoanBlockKind,
        })
        .from(t.users)
        .where(eq(t.users.id, userId));
      return row;
    },

    async latestApplication(userId: string): Promise<LoanApplicationRow | undefined> {
      const [row] = await applicationsOf()
        .where(ownedBy(userId))
        .orderBy(...newestFirst)
        .limit(1);
      return row ? flatten(row) : undefined;
    },

    async page(
      userId: string,
      page: number,
      size: number,
    ): Promise<{ rows: LoanApplicationRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        applicationsOf()
          .where(ownedBy(userId))
          .orderBy(...newestFirst)
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(t.applications).where(ownedBy(userId)),
      ]);
      return { rows: rows.map(flatten), total: total?.n ?? 0 };
    },

    async owned(userId: string, applicationId: string): Promise<LoanApplicationRow | undefined> {
      const [row] = await applicationsOf().where(
        and(ownedBy(userId), eq(t.applications.id, applicationId)),
      );
      return row ? flatten(row) : undefined;
    },

    async ownedByReference(
      userId: string,
      referenceNo: string,
    ): Promise<LoanApplicationRow | undefined> {
      const [row] = await applicationsOf().where(
        and(ownedBy(userId), eq(t.applications.referenceNo, referenceNo)),
      );
      return row ? flatten(row) : undefined;
    },

    timeline(applicationId: string) {
      return db
        .select({
          status: t.applicationStatusHistory.toStatus,
          actor: t.applicationStatusHistory.actor,
          at: t.applicationStatusHistory.at,
        })
        .from(t.applicationStatusHistory)
        .where(eq(t.applicationStatusHistory.applicationId, applicationId))
        .orderBy(asc(t.applicationStatusHistory.at), asc(t.applicationStatusHistory.id));
    },

    async latestInterview(applicationId: string) {
      const [row] = await db
        .select({
          scheduledAt: t.applicationInterviews.scheduledAt,
          mode: t.applicationInterviews.mode,
          details: t.applicationInterviews.details,
        })
        .from(t.applicationInterviews)
        .where(eq(t.applicationInterviews.applicationId, applicationId))
        .orderBy(desc(t.applicationInterviews.requestedAt))
        .limit(1);
      return row;
    },

    async openReferback(applicationId: string) {
      const [row] = await db
        .select({
          items: t.applicationReferbacks.items,
          requestedAt: t.applicationReferbacks.requestedAt,
        })
        .from(t.applicationReferbacks)
        .where(
          and(
            eq(t.applicationReferbacks.applicationId, applicationId),
            isNull(t.applicationReferbacks.resolvedAt),
          ),
        )
        .orderBy(desc(t.applicationReferbacks.requestedAt))
        .limit(1);
      return row;
    },

    /** The loan account of an agreement, with its payout, payments and status changes. */
    async accountOf(agreementId: string) {
      const [account] = await db
        .select()
        .from(t.loanAccounts)
        .where(eq(t.loanAccounts.agreementId, agreementId));
      if (!account) return undefined;
      const [payout, payments, history] = await Promise.all([
        db
          .select({ amountSen: t.disbursements.amountSen, paidAt: t.disbursements.paidAt })
          .from(t.disbursements)
          .where(eq(t.disbursements.id, account.disbursementId)),
        db
          .select({
            paid: sum(t.payments.amountSen),
            last: max(t.payments.paidAt),
            lastOn: max(t.payments.businessDate),
          })
          .from(t.payments)
          .where(eq(t.payments.agreementId, agreementId)),
        db
          .select({
            to: t.loanAccountStatusHistory.toStatus,
            reason: t.loanAccountStatusHistory.reason,
            at: t.loanAccountStatusHistory.at,
            on: t.loanAccountStatusHistory.businessDate,
          })
          .from(t.loanAccountStatusHistory)
          .where(eq(t.loanAccountStatusHistory.accountId, account.id))
          .orderBy(asc(t.loanAccountStatusHistory.at), asc(t.loanAccountStatusHistory.id)),
      ]);
      return {
        account,
        payout: payout[0],
        paidSen: Number(payments[0]?.paid ?? 0),
        lastPaidAt: payments[0]?.last ?? null,
        lastPaidOn: payments[0]?.lastOn ?? null,
        history,
      };
    },
  };
}

export type LoanStatusStore = ReturnType<typeof createLoanStatusStore>;
