// The offer: the agreement an approved application becomes, as the borrower reads it, lowers it,
// opts in to loan protection, accepts or declines it. Every figure is the domain engine's; every
// change is made on the locked row, version-checked, with its audit row.
import type {
  AgreementDetails,
  AgreementListItem,
  AgreementPage,
  AgreementView,
  BorrowerLoanFigures,
  DeclineOfferRequest,
  UpdateLoanAmountRequest,
} from '@lending/contracts';
import {
  type AgreementStatus,
  type ApprovedLoanSummary,
  approvedLoanSummary,
  checkLoanAmount,
  type FeeSettings,
  formatRinggit,
  instalmentSchedule,
  interestCapFor,
  type LoanProtectionPremium,
  loanProtectionPremium,
  loanProtectionRateFor,
  type ProductSettings,
} from '@lending/domain';

import type { Orm } from '../../db/database';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError, type Sentence, sentence } from '../../kernel/errors';
import { inTransaction, type OrmTransaction } from '../../kernel/transaction';
import type { AgreementService } from '../agreements/service';
import type { ApplicationService } from '../applications/service';
import type { MasterService } from '../master/service';
import type { SettingsService } from '../settings/service';
import type { OfferStore } from './store';

type AgreementRow = Awaited<ReturnType<AgreementService['byId']>>;

export const OFFER_CLOSED =
  'This offer was already accepted or declined; its terms can no longer change';
export const LOAN_PROTECTION_UNAVAILABLE = 'Loan protection is not offered for this tenure';

/** The state in which the borrower may still change the terms and accept. */
const OPEN: AgreementStatus = 'LOANAPPLICATIONAPPROVED';

/** The terms an offer's figures are computed from. */
export interface OfferTermsInput {
  amountSen: number;
  tenureMonths: number;
  annualRateBp: number;
  secured: boolean;
  /** The referral campaign's share of the attestation fee waived (0 without a campaign). */
  attestationFeeWaiverBp: number;
  /** The borrower's cover, when they opt in: the rate for the tenure, and how it is paid. */
  loanProtection: { rateBp: number; deducted: boolean } | null;
}

/**
 * Every figure of the offer from the domain engine. Loan protection covers the amount lent: the
 * sum covered is the principal, so the premium follows the amount the borrower chooses.
 */
export function offerFigures(terms: OfferTermsInput, fees: FeeSettings): ApprovedLoanSummary {
  return approvedLoanSummary(
    {
      approvedSen: terms.amountSen,
      tenureMonths: terms.tenureMonths,
      annualRateBp: terms.annualRateBp,
      security: terms.secured ? 'SECURED' : 'UNSECURED',
      attestationFeeWaiverBp: terms.attestationFeeWaiverBp,
      ...(terms.loanProtection
        ? {
            loanProtection: {
              sumCoveredSen: terms.amountSen,
              rateBp: terms.loanProtection.rateBp,
              deducted: terms.loanProtection.deducted,
            },
          }
        : {}),
    },
    fees,
  );
}

/** What an approval hands the offer: the application and the terms staff approved. */
export interface ApprovedOffer {
  tenant: string;
  applicationId: string;
  userId: string;
  campaignCode: string | null;
  recommendation: {
    id: string;
    amountSen: number;
    tenureMonths: number;
    annualRateBp: number;
    secured: boolean;
    settingsVersion: number;
    /** The domain's figures for these terms, as staff approved them. */
    offer: unknown;
  };
  /** The late charge rate in the product settings when the agreement is made. */
  lateChargeRateBp: number;
}

/**
 * Opens the offer of an approved application inside the approving transaction: the agreement at
 * the approved terms, numbered, with its history and audit rows. Tests open offers the same way.
 */
export function openOffer(
  agreements: Pick<AgreementService, 'create'>,
  tx: OrmTransaction,
  approved: ApprovedOffer,
  actorRef: string,
  at: Date,
): Promise<AgreementRow> {
  const { recommendation } = approved;
  return agreements.create(
    tx,
    {
      tenant: approved.tenant,
      applicationId: approved.applicationId,
      userId: approved.userId,
      recommendationId: recommendation.id,
      approvedAmountSen: recommendation.amountSen,
      amountSen: recommendation.amountSen,
      tenureMonths: recommendation.tenureMonths,
      annualRateBp: recommendation.annualRateBp,
      lateChargeRateBp: approved.lateChargeRateBp,
      secured: recommendation.secured,
      campaignCode: approved.campaignCode,
      referralWaiverSen: (recommendation.offer as ApprovedLoanSummary).referralWaiverSen,
      settingsVersion: recommendation.settingsVersion,
      offer: recommendation.offer,
    },
    actorRef,
    at,
  );
}

function withoutCommission(
  premium: LoanProtectionPremium,
): Omit<LoanProtectionPremium, 'agentCommissionSen'> {
  return {
    grossPremiumSen: premium.grossPremiumSen,
    serviceTaxSen: premium.serviceTaxSen,
    totalPremiumSen: premium.totalPremiumSen,
  };
}

/** The summary as the borrower reads it: the agent's commission stays in the back office. */
function borrowerFigures(summary: ApprovedLoanSummary): BorrowerLoanFigures {
  const { loanProtection, ...rest } = summary;
  return loanProtection
    ? {
        ...rest,
        loanProtection: { ...withoutCommission(loanProtection), deducted: loanProtection.deducted },
      }
    : rest;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function agreementView(row: AgreementRow, settings: ProductSettings): AgreementView {
  const security = row.secured ? 'SECURED' : 'UNSECURED';
  const schedule = instalmentSchedule({
    principalSen: row.amountSen,
    tenureMonths: row.tenureMonths,
    annualRateBp: row.annualRateBp,
  });
  const rateBp = loanProtectionRateFor(settings.loanProtectionRates, row.tenureMonths);
  return {
    id: row.id,
    agreementNo: row.agreementNo,
    applicationId: row.applicationId,
    status: row.status as AgreementStatus,
    version: row.version,
    approvedAmountSen: row.approvedAmountSen,
    amountSen: row.amountSen,
    tenureMonths: row.tenureMonths,
    annualRateBp: row.annualRateBp,
    security,
    campaignCode: row.campaignCode,
    capBp: interestCapFor(security),
    figures: borrowerFigures(row.offer as ApprovedLoanSummary),
    instalments: schedule.instalmentsSen.map((amountSen, index) => ({
      number: index + 1,
      amountSen,
    })),
    limits: {
      minAmountSen: Math.min(settings.limits.minAmountSen, row.approvedAmountSen),
      maxAmountSen: row.approvedAmountSen,
    },
    loanProtection: {
      optedIn: row.loanProtection,
      deducted: row.loanProtectionDeducted,
      available: rateBp !== undefined,
      quote:
        rateBp === undefined
          ? null
          : withoutCommission(
              loanProtectionPremium({ sumCoveredSen: row.amountSen, rateBp }, settings.fees),
            ),
    },
    open: row.status === OPEN,
    acceptedAt: iso(row.acceptedAt),
    signDate: iso(row.signedAt),
    cancelledAt: iso(row.cancelledAt),
    createdAt: row.createdAt.toISOString(),
  };
}

function listItem(row: AgreementRow): AgreementListItem {
  return {
    id: row.id,
    agreementNo: row.agreementNo,
    applicationId: row.applicationId,
    status: row.status as AgreementStatus,
    amountSen: row.amountSen,
    tenureMonths: row.tenureMonths,
    signDate: iso(row.signedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

const refused = (message: string | Sentence) => new HttpError(400, message, 'OFFER_TERMS_REFUSED');

export interface OfferServiceDeps {
  db: Orm;
  store: OfferStore;
  agreements: AgreementService;
  applications: Pick<ApplicationService, 'recordProgress'>;
  settings: Pick<SettingsService, 'settingsVersion'>;
  /** The referral campaign behind an agreement's code, for the fee it waives. */
  campaigns: Pick<MasterService, 'campaignFeeWaiverBp'>;
  clock: Clock;
  /** Runs once the borrower's cancellation has committed (the direct debit ends at the bank). */
  onAgreementCancelled: (agreementId: string) => Promise<void>;
}

export function createOfferService(deps: OfferServiceDeps) {
  const { store, agreements, clock } = deps;

  /** The settings the offer was made with: its limits, fees and cover rates stay those. */
  const settingsOf = (row: AgreementRow) =>
    deps.settings.settingsVersion(row.tenant, row.settingsVersion);

  async function view(agreementId: string): Promise<AgreementView> {
    const row = await agreements.byId(agreementId);
    return agreementView(row, await settingsOf(row));
  }

  return {
    /** Opens the offer of an application staff just approved, in the approving transaction. */
    openOnApproval(tx: OrmTransaction, approved: ApprovedOffer, actorRef: string) {
      return openOffer(agreements, tx, approved, actorRef, clock.now());
    },

    async mine(userId: string, page: number, pageSize: number): Promise<AgreementPage> {
      const { rows, total } = await store.page(userId, page, pageSize);
      return { data: rows.map(listItem), total, page, pageSize };
    },

    async get(userId: string, agreementId: string): Promise<AgreementView> {
      const row = await agreements.ownedBy(userId, agreementId);
      return agreementView(row, await settingsOf(row));
    },

    /** The newest agreement for the login response and the layout's menu. */
    async loginDetails(userId: string): Promise<AgreementDetails | null> {
      const row = await agreements.latestOfUser(userId);
      return row ? { id: row.id, agreementStatus: row.status, signDate: iso(row.signedAt) } : null;
    },

    /**
     * A lower amount (never above what staff approved, never below the product minimum) and the
     * loan protection choice; every figure is computed again by the domain engine and kept.
     */
    async updateLoanAmount(
      userId: string,
      agreementId: string,
      body: UpdateLoanAmountRequest,
      ip: string | null,
    ): Promise<AgreementView> {
      const row = await agreements.ownedBy(userId, agreementId);
      if (row.status !== OPEN) throw new HttpError(409, OFFER_CLOSED, 'OFFER_CLOSED');
      const settings = await settingsOf(row);
      const limits = {
        ...settings.limits,
        minAmountSen: Math.min(settings.limits.minAmountSen, row.approvedAmountSen),
        maxAmountSen: row.approvedAmountSen,
      };
      const amount = checkLoanAmount(body.amountSen, limits);
      if (!amount.ok) {
        throw refused(
          amount.reason === 'notWhole'
            ? 'The amount must be a whole number of sen'
            : amount.reason === 'belowMinimum'
              ? sentence('The amount must be at least {limit}', {
                  limit: formatRinggit(amount.limit),
                })
              : sentence('The amount cannot be more than the approved {limit}', {
                  limit: formatRinggit(amount.limit),
                }),
        );
      }
      const rateBp = loanProtectionRateFor(settings.loanProtectionRates, row.tenureMonths);
      if (body.loanProtection && rateBp === undefined) {
        throw new HttpError(400, LOAN_PROTECTION_UNAVAILABLE, 'LOAN_PROTECTION_UNAVAILABLE');
      }
      const deducted = body.loanProtection ? (body.loanProtectionDeducted ?? true) : true;
      const approvedFigures = row.offer as ApprovedLoanSummary;
      let figures: ApprovedLoanSummary;
      try {
        figures = offerFigures(
          {
            amountSen: body.amountSen,
            tenureMonths: row.tenureMonths,
            annualRateBp: row.annualRateBp,
            secured: row.secured,
            attestationFeeWaiverBp: await deps.campaigns.campaignFeeWaiverBp(
              row.tenant,
              row.campaignCode,
            ),
            loanProtection:
              body.loanProtection && rateBp !== undefined ? { rateBp, deducted } : null,
          },
          settings.fees,
        );
      } catch {
        throw refused('The fees and the premium would take more than the amount lent');
      }
      // The approver confirmed these terms for their all-in rate; a change that would need a new
      // compliance review is refused rather than accepted unseen.
      if (
        figures.capViolations.length > 0 ||
        (figures.needsComplianceReview && !approvedFigures.needsComplianceReview)
      ) {
        throw refused('This amount would take the loan past the legal limit on its rate');
      }
      await inTransaction(deps.db, async (tx) => {
        const locked = await agreements.lock(tx, agreementId);
        if (locked.version !== body.version) {
          throw new HttpError(
            409,
            'This agreement changed since you opened it; reload it and try again',
            'AGREEMENT_CHANGED',
          );
        }
        if (locked.status !== OPEN) throw new HttpError(409, OFFER_CLOSED, 'OFFER_CLOSED');
        await store.writeTerms(tx, {
          agreementId,
          userId,
          terms: {
            amountSen: body.amountSen,
            loanProtection: body.loanProtection,
            loanProtectionDeducted: deducted,
            referralWaiverSen: figures.referralWaiverSen,
            offer: figures,
          },
          version: locked.version,
          at: clock.now(),
          ip,
          detail: {
            from: {
              amountSen: locked.amountSen,
              loanProtection: locked.loanProtection,
              loanProtectionDeducted: locked.loanProtectionDeducted,
            },
            to: {
              amountSen: body.amountSen,
              loanProtection: body.loanProtection,
              loanProtectionDeducted: deducted,
            },
            netReceivedSen: figures.netReceivedSen,
          },
        });
      });
      return view(agreementId);
    },

    /** The borrower takes the offer as it stands: attestation comes next (ACCEPT_LOAN). */
    async accept(
      userId: string,
      agreementId: string,
      version: number,
      ip: string | null,
    ): Promise<AgreementView> {
      const row = await agreements.ownedBy(userId, agreementId);
      const now = clock.now();
      await inTransaction(deps.db, async (tx) => {
        await agreements.changeStatus(
          {
            agreementId,
            to: 'PENDING_ATTESTATION',
            actor: 'applicant',
            actorRef: `user:${userId}`,
            expectedVersion: version,
            ...(ip ? { ip } : {}),
            set: { acceptedAt: now, acceptedOn: malaysiaToday(clock) },
            detail: {
              amountSen: row.amountSen,
              loanProtection: row.loanProtection,
              netReceivedSen: (row.offer as ApprovedLoanSummary).netReceivedSen,
            },
          },
          tx,
        );
        await deps.applications.recordProgress(row.applicationId, 'ACCEPT_LOAN', true, tx);
      });
      return view(agreementId);
    },

    /** The borrower declines: the offer ends, and they may apply again. */
    async decline(
      userId: string,
      agreementId: string,
      body: DeclineOfferRequest,
      ip: string | null,
    ): Promise<AgreementView> {
      await agreements.ownedBy(userId, agreementId);
      const reason = body.reason?.trim() || 'Declined by the applicant';
      await agreements.changeStatus({
        agreementId,
        to: 'CANCELLED',
        actor: 'applicant',
        actorRef: `user:${userId}`,
        expectedVersion: body.version,
        reason,
        ...(ip ? { ip } : {}),
        set: { cancelledAt: clock.now(), cancelReason: reason },
      });
      await deps.onAgreementCancelled(agreementId);
      return view(agreementId);
    },
  };
}

export type OfferService = ReturnType<typeof createOfferService>;
