// Approved applications and agreements for the suites of the agreement's life: the application is
// approved through the staff API (a credit officer recommends, an approver approves), the
// agreement is created from the approved recommendation and walked along the status machine the
// way the borrower, staff and the system would move it.
import { DISBURSEMENT_PATHS, MANDATE_PATHS } from '@lending/contracts';
import type { AgreementStatus } from '@lending/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import type { Orm } from '../db/database';
import * as t from '../db/schema';
import { type AgreementRow, createAgreementStore } from '../modules/agreements/store';
import { openOffer } from '../modules/offer/service';
import { createSettingsService } from '../modules/settings/service';
import { createSettingsStore } from '../modules/settings/store';
import type { Caller } from './auth-helpers';
import {
  type Applicant,
  applicant,
  decideNow,
  FAIR_TERMS,
  pendingApplication,
  type StaffMember,
  staffMember,
} from './decisions';

export interface ApprovedApplicant {
  applicant: Applicant;
  applicationId: string;
  officer: StaffMember;
  approver: StaffMember;
}

/** A fresh applicant whose application staff approved on `terms` (RM10,000, 24 months, 12%). */
export async function approvedApplicant(
  db: Orm,
  call: Caller,
  options: {
    terms?: Record<string, unknown>;
    language?: 'EN' | 'MS';
    /** The approver confirms the compliance review terms past the all-in cap need. */
    complianceReviewed?: boolean;
    /** A referral campaign code the person applied with. */
    campaignCode?: string;
  } = {},
): Promise<ApprovedApplicant> {
  const person = await applicant(call, options.language ?? 'EN');
  const applicationId = await pendingApplication(db, person.userId);
  if (options.campaignCode) {
    await db
      .update(t.applications)
      .set({ campaignCode: options.campaignCode })
      .where(eq(t.applications.id, applicationId));
  }
  const officer = await staffMember(db, call, ['CREDIT_OFFICER']);
  const approver = await staffMember(db, call, ['APPROVER']);
  const recommended = await decideNow(db, call, officer, applicationId, {
    decision: 'RECOMMEND',
    ...(options.terms ?? FAIR_TERMS),
  });
  if (recommended.status !== 200) throw new Error(`recommend: ${JSON.stringify(recommended.body)}`);
  const approved = await decideNow(db, call, approver, applicationId, {
    decision: 'APPROVE',
    ...(options.complianceReviewed ? { complianceReviewed: true } : {}),
  });
  if (approved.body.status !== 'APPROVED') {
    throw new Error(`approve: ${JSON.stringify(approved.body)}`);
  }
  return { applicant: person, applicationId, officer, approver };
}

/** The order the video-attestation path takes; every state before the target is passed through. */
const PATH: { to: AgreementStatus; actor: 'applicant' | 'staff' | 'system' }[] = [
  { to: 'PENDING_ATTESTATION', actor: 'applicant' },
  { to: 'ATTESTATIONOPTION', actor: 'applicant' },
  { to: 'DONE_VIDEO_ATTESTATION', actor: 'applicant' },
  { to: 'ATTESTATIONCOMPLETED', actor: 'staff' },
  { to: 'RnRApproved', actor: 'staff' },
  { to: 'PENDING_SIGNING', actor: 'system' },
  { to: 'AGREEMENTSIGNING', actor: 'applicant' },
  { to: 'PENDING_DISBURSEMENT', actor: 'system' },
  { to: 'DISBURSED', actor: 'staff' },
];

/**
 * The agreement of an approved application, opened with the approval from its live recommendation,
 * then moved to `status` by the status machine. Evidence that a real journey leaves behind (a watched video, a
 * mandate, signatures) is not made here: suites that need it make it themselves.
 */
export async function agreementAt(
  db: Orm,
  approved: Pick<ApprovedApplicant, 'applicant' | 'applicationId'>,
  status: AgreementStatus = 'LOANAPPLICATIONAPPROVED',
): Promise<AgreementRow> {
  const store = createAgreementStore(db);
  const [recommendation] = await db
    .select()
    .from(t.applicationRecommendations)
    .where(
      and(
        eq(t.applicationRecommendations.applicationId, approved.applicationId),
        isNull(t.applicationRecommendations.supersededAt),
      ),
    )
    .orderBy(desc(t.applicationRecommendations.createdAt))
    .limit(1);
  if (!recommendation) throw new Error('the application has no live recommendation');
  const userRef = `user:${approved.applicant.userId}`;
  // Approval opens the offer; an agreement removed by a suite is opened again the same way.
  const settings = await createSettingsService(createSettingsStore(db)).currentSettings('arkcash');
  const agreement =
    (await store.ofApplication(approved.applicationId)) ??
    (await db.transaction((tx) =>
      openOffer(
        store,
        tx,
        {
          tenant: 'arkcash',
          applicationId: approved.applicationId,
          userId: approved.applicant.userId,
          campaignCode: null,
          recommendation,
          lateChargeRateBp: settings.rates.lateChargeAnnualRateBp,
        },
        'system:offer',
        new Date(),
      ),
    ));
  if (status === 'LOANAPPLICATIONAPPROVED') return agreement;
  if (status === 'CANCELLED') {
    await store.changeStatus({
      agreementId: agreement.id,
      to: 'CANCELLED',
      actor: 'applicant',
      actorRef: userRef,
    });
    return store.agreement(agreement.id);
  }
  const target = PATH.findIndex((step) => step.to === status);
  if (target < 0) throw new Error(`agreementAt: ${status} is not on the video path`);
  for (const step of PATH.slice(0, target + 1)) {
    await store.changeStatus({
      agreementId: agreement.id,
      to: step.to,
      actor: step.actor,
      actorRef:
        step.actor === 'applicant'
          ? userRef
          : step.actor === 'staff'
            ? 'staff:test'
            : 'system:test',
      guarantorSignaturesPending: 0,
      ...(step.to === 'PENDING_ATTESTATION' ? { set: { acceptedAt: new Date() } } : {}),
      ...(step.to === 'AGREEMENTSIGNING' ? { set: { signedAt: new Date() } } : {}),
    });
  }
  return store.agreement(agreement.id);
}

/** A payer the sandbox bank knows, for suites that need the direct debit in place. */
export const SANDBOX_PAYER = {
  payerName: 'Siti Aminah binti Abdullah',
  payerIdType: 'NRIC',
  payerIdNo: '900101-14-5678',
  bankCode: 'MB2U0227',
  accountNo: '5123 4567 8901',
} as const;

/** Registers the borrower's mandate and approves it on the sandbox bank: ACTIVE, as after the
 *  bank's page. */
export async function activeMandate(
  app: FastifyInstance,
  call: Caller,
  token: string,
  agreementId: string,
): Promise<void> {
  const created = await call('POST', MANDATE_PATHS.directDebit(agreementId), {
    token,
    body: SANDBOX_PAYER,
  });
  if (created.status !== 201) throw new Error(`mandate: ${JSON.stringify(created.body)}`);
  const approved = await app.inject({
    method: 'POST',
    url: new URL(String(created.body.authorisationUrl)).pathname,
    headers: { accept: 'application/json' },
    payload: { decision: 'approve' },
  });
  if (approved.statusCode >= 400) throw new Error(`bank: ${approved.body}`);
}

/**
 * Pays the loan out the way staff do: a credit officer records the payout to the borrower's
 * account at Maybank, a second person (the approver) confirms it. The loan account opens then.
 */
export async function paidOut(
  db: Orm,
  call: Caller,
  agreement: Pick<AgreementRow, 'id' | 'version'>,
  staff: { officer: Pick<StaffMember, 'token'>; approver: Pick<StaffMember, 'token'> },
): Promise<{ firstDueDate: string }> {
  const [maybank] = await db.select().from(t.banks).where(eq(t.banks.code, 'MBB'));
  const recorded = await call('POST', DISBURSEMENT_PATHS.record(agreement.id), {
    token: staff.officer.token,
    body: {
      version: agreement.version,
      bankId: maybank!.id,
      accountName: 'Kedai Runcit Aminah',
      accountNumber: '5123456789012',
    },
  });
  if (recorded.status !== 200) throw new Error(`record: ${JSON.stringify(recorded.body)}`);
  const confirmed = await call('POST', DISBURSEMENT_PATHS.confirm(agreement.id), {
    token: staff.approver.token,
    body: { payoutId: recorded.body.payouts[0].id },
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  return { firstDueDate: confirmed.body.account.firstDueDate };
}
