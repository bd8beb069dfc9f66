// What the decisions carry: recommendations and their approvals, interviews, referrals back and
// notes. The status change itself is the applications module's; these rows are written in the
// same transaction as it, through `tx`.
import type { ApprovedLoanSummary } from '@lending/domain';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import type { ReferbackItem } from '../../db/schema';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import type { OrmExecutor } from '../../kernel/transaction';

export type RecommendationRow = typeof t.applicationRecommendations.$inferSelect;
export type ApprovalRow = typeof t.applicationApprovals.$inferSelect;
export type InterviewRow = typeof t.applicationInterviews.$inferSelect;

export interface NewRecommendation {
  applicationId: string;
  recommendedBy: string;
  amountSen: number;
  tenureMonths: number;
  annualRateBp: number;
  secured: boolean;
  securitySealed: string | null;
  settingsVersion: number;
  offer: ApprovedLoanSummary;
  complianceReview: boolean;
  approvalLevels: number;
}

export function createDecisionStore(db: Orm) {
  return {
    /** Whether the applicant of the application passed an identity check (eKYC) for it. */
    async applicantEkycPassed(applicationId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: t.ekycSessions.id })
        .from(t.ekycSessions)
        .where(
          and(
            eq(t.ekycSessions.applicationId, applicationId),
            eq(t.ekycSessions.userId, userId),
            eq(t.ekycSessions.status, 'PASSED'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The recommendation awaiting approval (not sent back), with its approvals by level. */
    async openRecommendation(
      applicationId: string,
    ): Promise<{ recommendation: RecommendationRow; approvals: ApprovalRow[] } | undefined> {
      const [recommendation] = await db
        .select()
        .from(t.applicationRecommendations)
        .where(
          and(
            eq(t.applicationRecommendations.applicationId, applicationId),
            isNull(t.applicationRecommendations.supersededAt),
          ),
        )
        .orderBy(desc(t.applicationRecommendations.createdAt))
        .limit(1);
      if (!recommendation) return undefined;
      const approvals = await db
        .select()
        .from(t.applicationApprovals)
        .where(eq(t.applicationApprovals.recommendationId, recommendation.id))
        .orderBy(asc(t.applicationApprovals.level));
      return { recommendation, approvals };
    },

    /** Everyone who approved any recommendation of this application, oldest first. */
    async approverIds(applicationId: string): Promise<string[]> {
      const rows = await db
        .select({ approverId: t.applicationApprovals.approverId })
        .from(t.applicationApprovals)
        .innerJoin(
          t.applicationRecommendations,
          eq(t.applicationRecommendations.id, t.applicationApprovals.recommendationId),
        )
        .where(eq(t.applicationRecommendations.applicationId, applicationId))
        .orderBy(asc(t.applicationApprovals.approvedAt));
      return rows.map((row) => row.approverId);
    },

    async insertRecommendation(tx: OrmExecutor, values: NewRecommendation): Promise<string> {
      // Any earlier one still open is replaced by this one.
      await this.supersede(tx, values.applicationId);
      const [row] = await tx
        .insert(t.applicationRecommendations)
        .values(values)
        .returning({ id: t.applicationRecommendations.id });
      return row!.id;
    },

    async supersede(tx: OrmExecutor, applicationId: string): Promise<void> {
      await tx
        .update(t.applicationRecommendations)
        .set({ supersededAt: new Date() })
        .where(
          and(
            eq(t.applicationRecommendations.applicationId, applicationId),
            isNull(t.applicationRecommendations.supersededAt),
          ),
        );
    },

    async insertApproval(
      tx: OrmExecutor,
      values: { recommendationId: string; level: number; approverId: string },
    ): Promise<void> {
      await tx.insert(t.applicationApprovals).values(values);
    },

    async insertNote(
      tx: OrmExecutor,
      values: { applicationId: string; staffId: string; body: string },
    ): Promise<void> {
      await tx.insert(t.applicationNotes).values(values);
    },

    async insertInterview(
      tx: OrmExecutor,
      values: {
        applicationId: string;
        scheduledAt: Date;
        mode: InterviewRow['mode'];
        details: string | null;
        requestedBy: string;
      },
    ): Promise<void> {
      await tx.insert(t.applicationInterviews).values(values);
    },

    async interviews(applicationId: string): Promise<InterviewRow[]> {
      return db
        .select()
        .from(t.applicationInterviews)
        .where(eq(t.applicationInterviews.applicationId, applicationId))
        .orderBy(desc(t.applicationInterviews.requestedAt));
    },

    /** Records an interview's outcome with its audit row; undefined when there is no such
     *  interview on this application. */
    async recordOutcome(
      applicationId: string,
      interviewId: string,
      outcome: {
        outcome: NonNullable<InterviewRow['outcome']>;
        note: string | null;
        staffId: string;
        ip: string | null;
      },
    ): Promise<InterviewRow | undefined> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .update(t.applicationInterviews)
          .set({
            outcome: outcome.outcome,
            outcomeNote: outcome.note,
            outcomeRecordedBy: outcome.staffId,
            outcomeRecordedAt: now,
          })
          .where(
            and(
              eq(t.applicationInterviews.id, interviewId),
              eq(t.applicationInterviews.applicationId, applicationId),
            ),
          )
          .returning();
        if (!row) return undefined;
        await writeAudit(tx, {
          action: 'interview.outcome_recorded',
          actor: `staff:${outcome.staffId}`,
          subject: `application:${applicationId}`,
          entity: `interview:${interviewId}`,
          to: outcome.outcome,
          reason: outcome.note,
          ip: outcome.ip,
          at: now,
        });
        return row;
      });
    },

    async insertReferback(
      tx: OrmExecutor,
      values: { applicationId: string; items: ReferbackItem[]; requestedBy: string },
    ): Promise<void> {
      await tx.insert(t.applicationReferbacks).values(values);
    },

    /** The wait before the user may apply again, written with the rejection. */
    async banUser(
      tx: OrmExecutor,
      userId: string,
      ban: { until: Date; kind: 'REJECTION' | 'TEMPORARY_BAN' },
    ): Promise<void> {
      await tx
        .update(t.users)
        .set({
          allowToApplyNewLoanAfter: ban.until,
          newLoanBlockKind: ban.kind,
          updatedAt: new Date(),
        })
        .where(eq(t.users.id, userId));
    },
  };
}

export type DecisionStore = ReturnType<typeof createDecisionStore>;
