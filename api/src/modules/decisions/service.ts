import type {
  ApplicationSection,
  DecisionOptions,
  DecisionRequest as DecisionBody,
  DecisionResult,
  DocumentFileType,
  InterviewOutcomeRequest,
  InterviewView,
  Language,
  OfferView,
  RecommendationPreview,
  RecommendTerms,
} from '@lending/contracts';
import { DOCUMENT_FILE_TYPES } from '@lending/contracts';
import {
  type AgreementStatus,
  allowToApplyNewLoanAfter,
  type ApplicationStatus,
  approvalLevelsFor,
  type ApprovedLoanSummary,
  approvedLoanSummary,
  bookableSlots,
  CANCELLABLE_BY_APPLICANT,
  checkRecommendation,
  decide,
  type DecisionRefusal,
  type DecisionRequest,
  interestCapFor,
  malaysiaDate,
  type ProductSettings,
  type RecommendationFailure,
  requiredSections,
  slotRefusal,
  type StaffDecision,
  staffDecisions,
} from '@lending/domain';

import type { EmailSender } from '../../adapters/email/port';
import type { SmsSender } from '../../adapters/sms/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import type { Clock } from '../../kernel/clock';
import { HttpError, type Sentence, sentence } from '../../kernel/errors';
import type { PublicUrl } from '../../kernel/public-url';
import { inTransaction, type OrmTransaction } from '../../kernel/transaction';
import type { AgreementRow, AgreementService } from '../agreements/service';
import type { ApplicationRow, ApplicationService, StatusChange } from '../applications/service';
import type { MasterService } from '../master/service';
import type { SettingsService } from '../settings/service';
import type { UserAccounts } from '../users/service';
import {
  decisionEmail,
  decisionSms,
  EKYC_NOT_PASSED,
  isNoticeStatus,
  type NoticeFacts,
} from './messages';
import type { ApprovalRow, DecisionStore, RecommendationRow } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;

export interface DecisionServiceDeps {
  db: Orm;
  store: DecisionStore;
  applications: Pick<
    ApplicationService,
    'applicationById' | 'changeStatus' | 'adminCancel' | 'get'
  >;
  /** The agreement of an approved application, which cancelling the application ends too. */
  agreements: Pick<AgreementService, 'ofApplication' | 'lock' | 'changeStatus'>;
  settings: Pick<SettingsService, 'currentSettings'>;
  /** The referral campaign behind an application's code, for the fee it waives. */
  campaigns: Pick<MasterService, 'campaignFeeWaiverBp'>;
  users: Pick<UserAccounts, 'byId'>;
  email: EmailSender;
  sms: SmsSender;
  sealer: Sealer;
  clock: Clock;
  publicUrl: PublicUrl;
  log?: { warn(object: unknown, message: string): void };
  /** Runs once an agreement's cancellation has committed (its direct debit ends at the bank). */
  onAgreementCancelled: (agreementId: string) => Promise<void>;
  /** Runs inside the transaction that approves the application: the offer opens with it. */
  onApproved?: (
    tx: OrmTransaction,
    approved: ApprovedApplication,
    actorRef: string,
  ) => Promise<unknown>;
}

/** What the offer is opened from when an application is approved. */
export interface ApprovedApplication {
  tenant: string;
  applicationId: string;
  userId: string;
  campaignCode: string | null;
  recommendation: RecommendationRow;
  /** The product settings' late charge rate at approval: the agreement is made on it. */
  lateChargeRateBp: number;
}

/** How far ahead the interview slot picker looks. */
export const INTERVIEW_SLOT_DAYS = 14;

const REFUSALS: Readonly<Record<Exclude<DecisionRefusal, 'wrongStatus'>, string>> = {
  roleNotAllowed: 'Your role may not take this decision',
  notApprover: 'Only an approver may decide at this stage',
  recommenderCannotApprove: 'You recommended these terms, so another approver must decide',
  alreadyApproved: 'You approved this file already, so another approver must decide',
  approverUnknown: 'The earlier approval of this file could not be found',
  recommenderUnknown: 'The recommendation of this file could not be found',
  approvalLevelsUnknown: 'The approvals this amount needs could not be worked out',
};

const FAILURE_TEXT: Readonly<Record<RecommendationFailure['code'], Sentence>> = {
  amountNotWhole: sentence('the amount must be a whole number of sen'),
  tenureNotWhole: sentence('the tenure must be a whole number of months'),
  amountBelowMinimum: sentence('the amount is below the product minimum'),
  amountAboveMaximum: sentence('the amount is above the product maximum'),
  tenureBelowMinimum: sentence('the tenure is below the product minimum'),
  tenureAboveMaximum: sentence('the tenure is above the product maximum'),
  rateInvalid: sentence('the rate must be a positive whole number of basis points'),
  rateAboveCap: sentence('the rate is above the Moneylenders Act cap'),
  interestAbovePrincipal: sentence('the total interest would be more than the principal'),
  securityParticularsMissing: sentence('a secured loan needs the security described'),
  securityValueMissing: sentence('a secured loan needs the security valued'),
};

/** The recommendation awaiting approval and what four eyes needs to know about it. */
interface ApprovalFacts {
  recommendation: RecommendationRow | undefined;
  approvals: ApprovalRow[];
  earlierApproverIds: string[];
}

function refusal(reason: DecisionRefusal, from: ApplicationStatus, decision: StaffDecision) {
  if (reason === 'wrongStatus') {
    return new HttpError(
      409,
      sentence('{decision} cannot be taken on an application that is {from}', { decision, from }),
      'STATUS_CHANGE_REFUSED',
    );
  }
  return new HttpError(403, REFUSALS[reason], 'DECISION_REFUSED');
}

/** Signed means past the states the borrower may still cancel in; a cancelled one never was. */
function isSigned(agreement: AgreementRow | undefined): boolean {
  if (!agreement || agreement.status === 'CANCELLED') return false;
  return !CANCELLABLE_BY_APPLICANT.includes(agreement.status as AgreementStatus);
}

function offerOf(
  terms: RecommendTerms,
  settings: ProductSettings,
  attestationFeeWaiverBp: number,
): ApprovedLoanSummary {
  return approvedLoanSummary(
    {
      approvedSen: terms.amountSen,
      tenureMonths: terms.tenureMonths,
      annualRateBp: terms.annualRateBp,
      security: terms.security,
      attestationFeeWaiverBp,
    },
    settings.fees,
  );
}

export function createDecisionService(deps: DecisionServiceDeps) {
  const { store, applications, clock } = deps;

  async function approvalFacts(applicationId: string): Promise<ApprovalFacts> {
    const open = await store.openRecommendation(applicationId);
    return {
      recommendation: open?.recommendation,
      approvals: open?.approvals ?? [],
      earlierApproverIds: await store.approverIds(applicationId),
    };
  }

  /** What the domain's decision matrix is asked: the stored offer's own approval levels
   *  count, not today's bands, since an offer keeps the settings it was made with. */
  function requestOf(
    row: ApplicationRow,
    viewer: Staff,
    facts: ApprovalFacts,
    settings: ProductSettings,
    agreement?: AgreementRow,
  ): DecisionRequest {
    const recommendation = facts.recommendation;
    return {
      ...(row.status === 'APPROVED' ? { agreementSigned: isSigned(agreement) } : {}),
      status: row.status as ApplicationStatus,
      actor: { staffId: viewer.staffId, roles: viewer.roles },
      recommenderId: recommendation?.recommendedBy ?? null,
      earlierApproverIds: facts.earlierApproverIds,
      amountSen: recommendation?.amountSen ?? null,
      approvalBands: recommendation
        ? [{ upToSen: null, levels: recommendation.approvalLevels }]
        : settings.approvalBands,
    };
  }

  function preview(
    terms: RecommendTerms,
    settings: ProductSettings,
    attestationFeeWaiverBp: number,
  ): RecommendationPreview {
    const check = checkRecommendation(
      { ...terms, securityParticulars: terms.securityParticulars ?? null },
      { limits: settings.limits, fees: settings.fees },
    );
    let offer: ApprovedLoanSummary | null = null;
    try {
      offer = offerOf(terms, settings, attestationFeeWaiverBp);
    } catch {
      // Fees larger than the amount leave nothing to price; the failures say why.
      offer = null;
    }
    return {
      ok: check.ok && offer !== null,
      failures: check.failures,
      needsComplianceReview: check.needsComplianceReview,
      offer,
      capBp: interestCapFor(terms.security),
      approvalLevels: approvalLevelsFor(terms.amountSen, settings.approvalBands) ?? null,
      settingsVersion: settings.version,
    };
  }

  /** Only an approved application has an agreement to look at. */
  function agreementOf(row: ApplicationRow): Promise<AgreementRow | undefined> {
    return row.status === 'APPROVED'
      ? deps.agreements.ofApplication(row.id)
      : Promise.resolve(undefined);
  }

  /**
   * Cancels the application through its machine and, when it was approved, its agreement
   * through the agreement's machine, in one transaction. The agreement is locked and read
   * again inside it, so a signature landing meanwhile refuses the cancellation.
   */
  async function cancel(
    viewer: Staff,
    row: ApplicationRow,
    body: { reason: string; version: number },
    ip: string,
    known: AgreementRow | undefined,
  ) {
    const reason = body.reason.trim();
    const actorRef = `staff:${viewer.staffId}`;
    const moved = await inTransaction(deps.db, async (tx) => {
      const agreement = known ? await deps.agreements.lock(tx, known.id) : undefined;
      const moved = await applications.adminCancel(
        viewer,
        row.id,
        reason,
        ip,
        {
          expectedVersion: body.version,
          detail: { decision: 'CANCEL', ...(agreement ? { agreementId: agreement.id } : {}) },
          ...(row.status === 'APPROVED' ? { agreementSigned: isSigned(agreement) } : {}),
        },
        tx,
      );
      if (agreement && agreement.status !== 'CANCELLED') {
        await deps.agreements.changeStatus(
          {
            agreementId: agreement.id,
            to: 'CANCELLED',
            actor: 'staff',
            actorRef,
            actorId: viewer.staffId,
            reason,
            ip,
            set: { cancelledAt: clock.now(), cancelReason: reason },
            detail: { applicationId: row.id, applicationCancelled: true },
          },
          tx,
        );
      }
      return moved;
    });
    if (known) await deps.onAgreementCancelled(known.id);
    return moved;
  }

  async function referbackTargets(viewer: Staff, applicationId: string) {
    const application = await applications.get(viewer, applicationId);
    const sections: (ApplicationSection | 'loan')[] = [
      'loan',
      ...(requiredSections(application.organizationType) as ApplicationSection[]),
    ];
    return { sections, documents: [...DOCUMENT_FILE_TYPES] as DocumentFileType[] };
  }

  /** Email and SMS in the applicant's language; a failed send never undoes the decision. */
  async function notify(row: ApplicationRow, status: ApplicationStatus, facts: NoticeFacts) {
    if (!isNoticeStatus(status)) return;
    const user = await deps.users.byId(row.userId);
    if (!user) return;
    const language = user.language as Language;
    const homeUrl = `${deps.publicUrl()}/home`;
    try {
      await deps.email.send(
        decisionEmail({
          to: user.email,
          firstName: user.firstName,
          language,
          status,
          facts,
          homeUrl,
        }),
      );
      if (user.phoneNo) {
        await deps.sms.send(decisionSms({ to: user.phoneNo, language, status, facts }));
      }
    } catch (error) {
      deps.log?.warn(
        { applicationId: row.id, status, error: (error as Error).message },
        'decision notice not sent',
      );
    }
  }

  return {
    /** The recommendation awaiting approval, with its approvals by level (the file shows it). */
    openRecommendation: (applicationId: string) => store.openRecommendation(applicationId),

    async options(viewer: Staff, applicationId: string): Promise<DecisionOptions> {
      const row = await applications.applicationById(applicationId);
      const settings = await deps.settings.currentSettings(row.tenant);
      const facts = await approvalFacts(row.id);
      const agreement = await agreementOf(row);
      const now = clock.now();
      const recommendation = facts.recommendation;
      let offer: OfferView | null = null;
      if (recommendation) {
        const security = recommendation.secured ? 'SECURED' : 'UNSECURED';
        offer = {
          recommendationId: recommendation.id,
          recommendedBy: recommendation.recommendedBy,
          terms: {
            amountSen: recommendation.amountSen,
            tenureMonths: recommendation.tenureMonths,
            annualRateBp: recommendation.annualRateBp,
            security,
          },
          offer: recommendation.offer as ApprovedLoanSummary,
          settingsVersion: recommendation.settingsVersion,
          approvalLevels: recommendation.approvalLevels,
          complianceReview: recommendation.complianceReview,
          capBp: interestCapFor(security),
          approvals: facts.approvals.map((approval) => ({
            level: approval.level,
            approverId: approval.approverId,
            approvedAt: approval.approvedAt.toISOString(),
          })),
        };
      }
      const interviews: InterviewView[] = (await store.interviews(row.id)).map((one) => ({
        id: one.id,
        scheduledAt: one.scheduledAt.toISOString(),
        mode: one.mode,
        details: one.details,
        outcome: one.outcome,
        outcomeNote: one.outcomeNote,
      }));
      return {
        applicationId: row.id,
        status: row.status as ApplicationStatus,
        version: row.version,
        decisions: staffDecisions(requestOf(row, viewer, facts, settings, agreement)).map(
          (verdict) => {
            if (verdict.allowed) return { decision: verdict.decision, allowed: true };
            // Which level of this offer the caller approved: the screen says "you approved level 1".
            const mine = facts.approvals.find((one) => one.approverId === viewer.staffId);
            return {
              decision: verdict.decision,
              allowed: false,
              reason: verdict.reason,
              ...(verdict.reason === 'alreadyApproved' && mine
                ? { approvedLevel: mine.level }
                : {}),
            };
          },
        ),
        interviewSlots: bookableSlots(
          malaysiaDate(now),
          INTERVIEW_SLOT_DAYS,
          settings.officeHours,
          now,
        ).map((slot) => slot.toISOString()),
        referbackTargets: await referbackTargets(viewer, row.id),
        offer,
        interviews,
      };
    },

    async preview(applicationId: string, terms: RecommendTerms): Promise<RecommendationPreview> {
      const row = await applications.applicationById(applicationId);
      return preview(
        terms,
        await deps.settings.currentSettings(row.tenant),
        await deps.campaigns.campaignFeeWaiverBp(row.tenant, row.campaignCode),
      );
    },

    async recordOutcome(
      viewer: Staff,
      applicationId: string,
      interviewId: string,
      request: InterviewOutcomeRequest,
      ip: string,
    ): Promise<InterviewView> {
      const row = await store.recordOutcome(applicationId, interviewId, {
        outcome: request.outcome,
        note: request.note?.trim() || null,
        staffId: viewer.staffId,
        ip,
      });
      if (!row) throw new HttpError(404, 'Interview not found');
      return {
        id: row.id,
        scheduledAt: row.scheduledAt.toISOString(),
        mode: row.mode,
        details: row.details,
        outcome: row.outcome,
        outcomeNote: row.outcomeNote,
      };
    },

    /**
     * One decision: the matrix of the domain says whether this staff member may take it now,
     * the status machine moves the file (refusing a stale version), and what the decision
     * carries is written in the same transaction. The applicant is told once it is committed.
     */
    async decide(
      viewer: Staff,
      applicationId: string,
      body: DecisionBody,
      ip: string,
    ): Promise<DecisionResult> {
      const row = await applications.applicationById(applicationId);
      if (row.version !== body.version) {
        throw new HttpError(
          409,
          'This application changed since you opened it; reload it and decide again',
          'APPLICATION_CHANGED',
        );
      }
      const from = row.status as ApplicationStatus;
      const settings = await deps.settings.currentSettings(row.tenant);
      const facts = await approvalFacts(row.id);
      const agreement = await agreementOf(row);
      const verdict = decide(requestOf(row, viewer, facts, settings, agreement), body.decision);
      if (!verdict.allowed) throw refusal(verdict.reason, from, body.decision);
      const now = clock.now();
      const recommendation = facts.recommendation;
      const change: StatusChange = {
        applicationId: row.id,
        to: verdict.to,
        actor: 'staff',
        actorRef: `staff:${viewer.staffId}`,
        actorId: viewer.staffId,
        expectedVersion: body.version,
        ip,
        detail: { decision: body.decision },
        ...(recommendation
          ? {
              recommenderId: recommendation.recommendedBy,
              approvalLevels: recommendation.approvalLevels,
            }
          : {}),
        earlierApproverIds: facts.earlierApproverIds,
        ...(facts.approvals[0] ? { firstApproverId: facts.approvals[0].approverId } : {}),
      };
      const notice: NoticeFacts = { referenceNo: row.referenceNo };

      if (body.decision === 'CANCEL') {
        const cancelled = await cancel(viewer, row, body, ip, agreement);
        await notify(row, 'CANCELLED', notice);
        return {
          decision: body.decision,
          from: cancelled.from,
          status: cancelled.to,
          version: cancelled.version,
        };
      }

      // Checked before the transaction: nothing here depends on what it locks.
      let write: (tx: OrmTransaction) => Promise<void> = async () => undefined;
      switch (body.decision) {
        case 'KIV': {
          const note = body.note.trim();
          change.reason = note;
          write = (tx) =>
            store.insertNote(tx, { applicationId: row.id, staffId: viewer.staffId, body: note });
          break;
        }
        case 'REQUEST_INTERVIEW': {
          const at = new Date(body.scheduledAt);
          const refused = slotRefusal(at, settings.officeHours, now);
          if (refused) {
            throw new HttpError(
              400,
              sentence(
                'The interview must be in a free office-hours slot, Monday to Friday, Malaysia time ({reason})',
                { reason: refused },
              ),
              'SLOT_NOT_BOOKABLE',
            );
          }
          notice.interview = { at, mode: body.mode };
          change.detail = { ...change.detail, scheduledAt: at.toISOString(), mode: body.mode };
          write = (tx) =>
            store.insertInterview(tx, {
              applicationId: row.id,
              scheduledAt: at,
              mode: body.mode,
              details: body.details?.trim() || null,
              requestedBy: viewer.staffId,
            });
          break;
        }
        case 'REQUEST_PSYCHOMETRIC_TEST':
        case 'REDO_PSYCHOMETRIC_TEST':
        case 'APPROVE': {
          if (body.note?.trim()) change.reason = body.note.trim();
          if (body.decision === 'APPROVE') {
            if (!recommendation) throw refusal('recommenderUnknown', from, body.decision);
            if (!(await store.applicantEkycPassed(row.id, row.userId))) {
              throw new HttpError(409, EKYC_NOT_PASSED, 'EKYC_REQUIRED');
            }
            // DOMAIN.md: an offer whose all-in rate passes the cap is never approved silently.
            if (recommendation.complianceReview && body.complianceReviewed !== true) {
              throw new HttpError(
                400,
                'The all-in rate of this offer passes the cap: confirm you reviewed it for compliance',
                'COMPLIANCE_REVIEW_REQUIRED',
              );
            }
            const level = from === 'SUBMITTED_FOR_APPROVAL_2' ? 2 : 1;
            change.detail = {
              ...change.detail,
              level,
              recommendationId: recommendation.id,
              ...(recommendation.complianceReview ? { complianceReviewed: true } : {}),
            };
            write = (tx) =>
              store.insertApproval(tx, {
                recommendationId: recommendation.id,
                level,
                approverId: viewer.staffId,
              });
          }
          break;
        }
        case 'REFER_BACK': {
          const targets = await referbackTargets(viewer, row.id);
          const items = body.items.map((item) => ({ ...item, reason: item.reason.trim() }));
          for (const item of items) {
            const valid =
              item.kind === 'section'
                ? targets.sections.includes(item.target)
                : targets.documents.includes(item.target);
            if (!valid) {
              throw new HttpError(
                400,
                item.kind === 'section'
                  ? sentence('This application has no section "{target}" to refer back', {
                      target: item.target,
                    })
                  : sentence('This application has no document "{target}" to refer back', {
                      target: item.target,
                    }),
                'VALIDATION_FAILED',
              );
            }
          }
          change.reason = items.map((item) => `${item.target}: ${item.reason}`).join('; ');
          change.detail = { ...change.detail, items };
          write = (tx) =>
            store.insertReferback(tx, {
              applicationId: row.id,
              items,
              requestedBy: viewer.staffId,
            });
          break;
        }
        case 'RETURN_TO_PENDING': {
          change.reason = body.reason.trim();
          // Back to assessment: the terms awaiting approval no longer stand.
          write = (tx) => store.supersede(tx, row.id);
          break;
        }
        case 'RECOMMEND': {
          const terms: RecommendTerms = {
            amountSen: body.amountSen,
            tenureMonths: body.tenureMonths,
            annualRateBp: body.annualRateBp,
            security: body.security,
            ...(body.securityParticulars ? { securityParticulars: body.securityParticulars } : {}),
          };
          const priced = preview(
            terms,
            settings,
            await deps.campaigns.campaignFeeWaiverBp(row.tenant, row.campaignCode),
          );
          if (!priced.ok || !priced.offer || priced.approvalLevels === null) {
            const reasons = priced.failures.map((failure) => FAILURE_TEXT[failure.code]);
            throw new HttpError(
              400,
              reasons.length > 0
                ? sentence('These terms cannot be recommended: {reasons}', { reasons })
                : sentence('These terms cannot be recommended: they cannot be priced'),
              'TERMS_REFUSED',
            );
          }
          const offer = priced.offer;
          const levels = priced.approvalLevels;
          if (body.note?.trim()) change.reason = body.note.trim();
          change.detail = {
            ...change.detail,
            amountSen: terms.amountSen,
            tenureMonths: terms.tenureMonths,
            annualRateBp: terms.annualRateBp,
            security: terms.security,
            settingsVersion: settings.version,
            complianceReview: priced.needsComplianceReview,
          };
          write = async (tx) => {
            await store.insertRecommendation(tx, {
              applicationId: row.id,
              recommendedBy: viewer.staffId,
              amountSen: terms.amountSen,
              tenureMonths: terms.tenureMonths,
              annualRateBp: terms.annualRateBp,
              secured: terms.security === 'SECURED',
              securitySealed:
                terms.security === 'SECURED' && terms.securityParticulars
                  ? deps.sealer.sealJson(terms.securityParticulars)
                  : null,
              settingsVersion: settings.version,
              offer,
              complianceReview: priced.needsComplianceReview,
              approvalLevels: levels,
            });
          };
          break;
        }
        case 'REJECT': {
          const kind = body.banKind ?? 'REJECTION';
          const until = allowToApplyNewLoanAfter(now, kind, settings.bans);
          change.reason = body.reason.trim();
          change.detail = { ...change.detail, banKind: kind, allowAfter: until.toISOString() };
          notice.allowAfter = until;
          write = (tx) => store.banUser(tx, row.userId, { until, kind });
          break;
        }
      }

      const moved = await inTransaction(deps.db, async (tx) => {
        // The status change first: it locks the file and refuses a stale version.
        const result = await applications.changeStatus(change, tx);
        await write(tx);
        if (result.to === 'APPROVED' && recommendation && deps.onApproved) {
          await deps.onApproved(
            tx,
            {
              tenant: row.tenant,
              applicationId: row.id,
              userId: row.userId,
              campaignCode: row.campaignCode,
              recommendation,
              lateChargeRateBp: settings.rates.lateChargeAnnualRateBp,
            },
            change.actorRef,
          );
        }
        return result;
      });
      await notify(row, moved.to, notice);
      return {
        decision: body.decision,
        from: moved.from,
        status: moved.to,
        version: moved.version,
      };
    },
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
