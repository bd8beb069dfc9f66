// Disbursement: the back office pays out a signed agreement. One staff member records the payout
// (the net amount is the domain engine's, the account the borrower nominated); a different one
// confirms it, which sends it by instant transfer. The transfer is marked SENDING in one
// transaction, sent outside any transaction (the bank is never called holding a lock), and its
// answer is applied in a second one: paid moves the agreement to DISBURSED, opens the ACTIVE loan
// account and stores the repayment schedule, with their audit rows; rejected keeps the agreement
// waiting with the bank's reason. The payout's reference is the bank's idempotency key, so a
// repeated or resumed confirmation never pays twice.
import { createHash } from 'node:crypto';

import type {
  DisbursementDetail,
  DisbursementQueue,
  DisbursementQueueItem,
  Language,
  PayoutView,
  RecordPayoutRequest,
  TenantId,
} from '@lending/contracts';
import { PAYOUT_CHECKER_ROLES, PAYOUT_MAKER_ROLES } from '@lending/contracts';
import {
  type ApprovedLoanSummary,
  canonicalScheduleText,
  DEFAULT_REPAYMENT_SETTINGS,
  firstDueDateAfterDisbursement,
  firstRefusal,
  instalmentSchedule,
  type IsoDate,
  isValidBankAccountNumber,
  netReceived,
  refusedByRole,
  repaymentScheduleRows,
} from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { EmailSender } from '../../adapters/email/port';
import type { PayoutProvider, PayoutResult } from '../../adapters/payout/port';
import type { SmsSender } from '../../adapters/sms/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError, sentence } from '../../kernel/errors';
import type { PublicUrl } from '../../kernel/public-url';
import type { OrmExecutor } from '../../kernel/transaction';
import type { AgreementDocumentService } from '../agreement-documents/service';
import type { AgreementService } from '../agreements/service';
import type { ApplicationService } from '../applications/service';
import type { LedgerPosting } from '../finance/service';
import type { SettingsService } from '../settings/service';
import type { UserAccounts } from '../users/service';
import {
  ACCOUNT_NAME_REQUIRED,
  AGREEMENT_CHANGED,
  BANK_UNREACHABLE,
  disbursedEmail,
  type DisbursedNoticeFacts,
  disbursedSms,
  GUARANTOR_EKYC_MISSING,
  INVALID_ACCOUNT,
  NOT_PENDING_DISBURSEMENT,
  PAYOUT_ALREADY_RECORDED,
  PAYOUT_NOT_FOUND,
  PAYOUT_REJECTED_ALREADY,
  SAME_PERSON,
  UNKNOWN_BANK,
} from './messages';
import {
  type DisbursementStore,
  LIVE_PAYOUT_STATUSES,
  type PayoutRow,
  type ScheduleLine,
} from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;
type AgreementRow = Awaited<ReturnType<AgreementService['byId']>>;

export interface DisbursementServiceDeps {
  db: Orm;
  store: DisbursementStore;
  agreements: AgreementService;
  applications: Pick<ApplicationService, 'get'>;
  settings: Pick<SettingsService, 'currentSettings'>;
  documents: Pick<AgreementDocumentService, 'agreedFirstRepaymentDate'>;
  users: Pick<UserAccounts, 'byId'>;
  payout: PayoutProvider;
  email: EmailSender;
  sms: SmsSender;
  sealer: Sealer;
  clock: Clock;
  publicUrl: PublicUrl;
  log?: FastifyBaseLogger;
  /** The general ledger: the payout posts there in the transaction that opens the account. */
  ledger?: Pick<LedgerPosting, 'payout'>;
}

/** What sets the first due date: the date the signed agreement states, and the product's interval. */
interface FirstDue {
  agreed: IsoDate | null;
  months: number;
}

/**
 * The signed agreement's first repayment date is what the borrower agreed to, so the schedule
 * keeps it. Only a payout on or after that date (money that went out late) moves it: then the
 * product's interval runs from the payout, as it must not fall due before the money arrives.
 */
export function firstDueDateOf(disbursedOn: IsoDate, due: FirstDue): IsoDate {
  if (due.agreed && due.agreed > disbursedOn) return due.agreed;
  return firstDueDateAfterDisbursement(disbursedOn, {
    firstDueMonthsAfterDisbursement: due.months,
  });
}

/** SHA-256 (hex) of the schedule's rows in the domain's canonical form. */
export function scheduleSha256(
  rows: readonly Omit<ScheduleLine, 'scheduleId'>[] | readonly ScheduleLine[],
): string {
  return createHash('sha256').update(canonicalScheduleText(rows)).digest('hex');
}

/**
 * What the borrower receives, from the domain engine: the offer's figures are checked against the
 * engine (instalments, net received) before any money moves on them.
 */
export function netAmountOf(agreement: AgreementRow): number {
  const offer = agreement.offer as ApprovedLoanSummary;
  const schedule = instalmentSchedule({
    principalSen: agreement.amountSen,
    tenureMonths: agreement.tenureMonths,
    annualRateBp: agreement.annualRateBp,
  });
  const net = netReceived({
    approvedSen: offer.approvedSen,
    stampDutySen: offer.stampDutySen,
    attestationFeeSen: offer.attestationFeeSen,
    referralWaiverSen: offer.referralWaiverSen,
    loanProtectionDeductedSen: offer.loanProtection?.deducted
      ? offer.loanProtection.totalPremiumSen
      : 0,
  });
  if (
    offer.approvedSen !== agreement.amountSen ||
    schedule.totalRepayableSen !== offer.totalRepayableSen ||
    net !== offer.netReceivedSen
  ) {
    throw new Error('The stored offer disagrees with the domain engine');
  }
  return net;
}

const staffRef = (staff: Staff) => `staff:${staff.staffId}`;

export function createDisbursementService(deps: DisbursementServiceDeps) {
  const { db, store, agreements, sealer, clock } = deps;

  async function views(rows: PayoutRow[]): Promise<PayoutView[]> {
    const names = await store.staffNames(
      rows.flatMap((row) => [row.recordedBy, ...(row.confirmedBy ? [row.confirmedBy] : [])]),
    );
    const ref = (id: string) => ({ id, name: names.get(id) ?? '' });
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      amountSen: row.amountSen,
      beneficiaryName: sealer.openText(row.beneficiaryNameSealed),
      bankCode: row.bankCode,
      bankName: row.bankName,
      accountLast4: row.accountLast4,
      reference: row.reference,
      recordedBy: ref(row.recordedBy),
      recordedAt: row.recordedAt.toISOString(),
      confirmedBy: row.confirmedBy ? ref(row.confirmedBy) : null,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      bankReference: row.bankReference,
      rejectionReason: row.rejectionReason,
      paidAt: row.paidAt?.toISOString() ?? null,
    }));
  }

  function item(
    agreement: AgreementRow,
    borrowerName: string,
    payout: PayoutView | null,
  ): DisbursementQueueItem {
    return {
      agreementId: agreement.id,
      agreementNo: agreement.agreementNo,
      agreementStatus: agreement.status,
      version: agreement.version,
      borrowerName,
      signedAt: agreement.signedAt?.toISOString() ?? null,
      principalSen: agreement.amountSen,
      tenureMonths: agreement.tenureMonths,
      netAmountSen: netAmountOf(agreement),
      payout,
    };
  }

  async function nominated(viewer: Staff, agreement: AgreementRow) {
    const application = await deps.applications.get(viewer, agreement.applicationId);
    const section = application.sections.disbursement;
    if (!section) return null;
    const bank = await store.bank(section.bankId);
    return {
      bankId: section.bankId,
      bankName: bank?.name ?? '',
      accountName: section.accountName,
      accountNumber: section.accountNumber,
    };
  }

  async function detail(viewer: Staff, agreementId: string): Promise<DisbursementDetail> {
    const agreement = await agreements.byId(agreementId);
    const payouts = await views(await store.payoutsOf([agreementId]));
    const account = await store.account(agreementId);
    const schedule = await store.latestSchedule(agreementId);
    const live = payouts.find((payout) =>
      (LIVE_PAYOUT_STATUSES as readonly string[]).includes(payout.status),
    );
    const pending = agreement.status === 'PENDING_DISBURSEMENT';
    return {
      ...item(agreement, await store.borrowerName(agreement.id), payouts[0] ?? null),
      nominated: await nominated(viewer, agreement),
      payouts,
      account: account
        ? {
            id: account.id,
            status: account.status,
            disbursedOn: account.disbursedOn,
            firstDueDate: account.firstDueDate,
          }
        : null,
      schedule: schedule
        ? {
            version: schedule.schedule.version,
            firstDueDate: schedule.schedule.firstDueDate,
            totalRepayableSen: schedule.schedule.totalRepayableSen,
            rowsSha256: schedule.schedule.rowsSha256,
            rows: schedule.rows.map((row) => ({
              instalmentNo: row.instalmentNo,
              dueDate: row.dueDate,
              instalmentSen: row.instalmentSen,
              principalSen: row.principalSen,
              interestSen: row.interestSen,
            })),
          }
        : null,
      actions: {
        // Why not, in the order a person asks: is it mine to do, is it time, is it done already.
        record: firstRefusal(
          refusedByRole(viewer.roles, PAYOUT_MAKER_ROLES),
          !pending && 'notWaiting',
          live !== undefined && 'inProgress',
        ),
        confirm: firstRefusal(
          !pending && 'notWaiting',
          !live && 'nothingToDecide',
          refusedByRole(viewer.roles, PAYOUT_CHECKER_ROLES),
          live?.recordedBy.id === viewer.staffId && 'sameStaff',
        ),
      },
    };
  }

  async function notify(agreement: AgreementRow, facts: DisbursedNoticeFacts): Promise<void> {
    try {
      const user = await deps.users.byId(agreement.userId);
      if (!user) return;
      const language = user.language as Language;
      await deps.email.send(
        disbursedEmail({
          to: user.email,
          firstName: user.firstName,
          language,
          facts,
          homeUrl: `${deps.publicUrl()}/home`,
        }),
      );
      if (user.phoneNo) await deps.sms.send(disbursedSms({ to: user.phoneNo, language, facts }));
    } catch (error) {
      // The money has moved and the books are written: a notice that fails is logged, not undone.
      deps.log?.warn(
        { agreementId: agreement.id, error: (error as Error).message },
        'disbursement notice not sent',
      );
    }
  }

  /** Applies the bank's answer to a payout being sent; a payout already settled is left as is. */
  async function settle(
    staff: Staff,
    agreementId: string,
    payoutId: string,
    result: PayoutResult,
    due: FirstDue,
    ip: string | null,
  ): Promise<DisbursedNoticeFacts | null> {
    return db.transaction(async (tx) => {
      const agreement = await agreements.lock(tx, agreementId);
      const payout = await store.lockPayout(tx, agreementId, payoutId);
      if (!payout || payout.status !== 'SENDING') return null;
      const actor = staffRef(staff);
      const at = clock.now();
      if (result.status === 'REJECTED') {
        await store.updatePayout(tx, payout, {
          status: 'REJECTED',
          provider: deps.payout.name,
          rejectionReason: result.reason,
        });
        await writeAudit(tx, {
          action: 'disbursement.rejected',
          actor,
          subject: `user:${agreement.userId}`,
          entity: `disbursement:${payout.id}`,
          from: 'SENDING',
          to: 'REJECTED',
          reason: result.reason,
          ip,
          at,
          detail: { agreementId, reference: payout.reference },
        });
        return null;
      }
      await store.updatePayout(tx, payout, {
        status: 'PAID',
        provider: deps.payout.name,
        bankReference: result.transferRef,
        paidAt: result.at,
      });
      await writeAudit(tx, {
        action: 'disbursement.paid',
        actor,
        subject: `user:${agreement.userId}`,
        entity: `disbursement:${payout.id}`,
        from: 'SENDING',
        to: 'PAID',
        ip,
        at,
        detail: {
          agreementId,
          reference: payout.reference,
          bankReference: result.transferRef,
          amountSen: payout.amountSen,
        },
      });
      await agreements.changeStatus(
        {
          agreementId,
          to: 'DISBURSED',
          actor: 'staff',
          actorRef: actor,
          actorId: staff.staffId,
          ...(ip ? { ip } : {}),
          detail: { payoutId: payout.id, bankReference: result.transferRef },
        },
        tx,
      );
      // The books' date, not the bank's clock: where the business date was moved (a sandbox),
      // a loan paid out today must not fall due in the books' past.
      const disbursedOn = malaysiaToday(clock);
      const firstDueDate = firstDueDateOf(disbursedOn, due);
      const terms = {
        principalSen: agreement.amountSen,
        tenureMonths: agreement.tenureMonths,
        annualRateBp: agreement.annualRateBp,
      };
      const figures = instalmentSchedule(terms);
      const account = await store.openAccount(
        tx,
        {
          tenant: agreement.tenant,
          agreementId,
          userId: agreement.userId,
          disbursementId: payout.id,
          disbursedOn,
          firstDueDate,
          principalSen: figures.principalSen,
          totalInterestSen: figures.totalInterestSen,
          totalRepayableSen: figures.totalRepayableSen,
          openedAt: at,
        },
        actor,
      );
      await writeAudit(tx, {
        action: 'account.opened',
        actor,
        subject: `user:${agreement.userId}`,
        entity: `account:${account.id}`,
        to: 'ACTIVE',
        ip,
        at,
        detail: { agreementId, disbursedOn, firstDueDate },
      });
      const rows = repaymentScheduleRows(terms, firstDueDate);
      const rowsSha256 = scheduleSha256(rows);
      const schedule = await store.storeSchedule(
        tx,
        {
          agreementId,
          accountId: account.id,
          firstDueDate,
          instalments: rows.length,
          totalRepayableSen: figures.totalRepayableSen,
          rowsSha256,
          reason: 'DISBURSEMENT',
          createdBy: actor,
          createdAt: at,
        },
        rows,
      );
      await writeAudit(tx, {
        action: 'schedule.stored',
        actor,
        subject: `user:${agreement.userId}`,
        entity: `schedule:${schedule.id}`,
        at,
        detail: { agreementId, version: schedule.version, rowsSha256, firstDueDate },
      });
      await deps.ledger?.payout(tx, {
        tenant: agreement.tenant,
        loanAccountId: account.id,
        reference: payout.reference,
        businessDate: disbursedOn,
        actor,
        offer: agreement.offer as ApprovedLoanSummary,
      });
      return {
        agreementNo: agreement.agreementNo,
        amountSen: payout.amountSen,
        accountLast4: payout.accountLast4,
        firstDueDate,
        firstInstalmentSen: rows[0]!.instalmentSen,
      };
    });
  }

  /** No payout while a guarantor's identity is unverified; maker and checker both meet the
   *  rule, as a guarantor may change between them. */
  async function assertGuarantorsVerified(tx: OrmExecutor, agreementId: string) {
    const unverified = await store.guarantorsUnverified(agreementId, tx);
    if (unverified.length > 0) {
      throw new HttpError(
        409,
        sentence(GUARANTOR_EKYC_MISSING, { positions: unverified.join(', ') }),
        'GUARANTOR_EKYC_REQUIRED',
      );
    }
  }

  return {
    async queue(): Promise<DisbursementQueue> {
      const rows = await store.pending();
      // Newest first: the first payout met for an agreement is its newest.
      const newest = new Map<string, PayoutRow>();
      for (const payout of await store.payoutsOf(rows.map((row) => row.agreement.id))) {
        if (!newest.has(payout.agreementId)) newest.set(payout.agreementId, payout);
      }
      const payoutViews = await views([...newest.values()]);
      const byAgreement = new Map(
        [...newest.keys()].map((agreementId, i) => [agreementId, payoutViews[i]!]),
      );
      return {
        items: rows.map((row) =>
          item(row.agreement, row.borrowerName, byAgreement.get(row.agreement.id) ?? null),
        ),
      };
    },

    detail,

    /** The maker: records the payout of an agreement waiting for disbursement. */
    async record(
      viewer: Staff,
      agreementId: string,
      request: RecordPayoutRequest,
      ip: string | null,
    ): Promise<DisbursementDetail> {
      const bank = await store.bank(request.bankId);
      if (!bank) throw new HttpError(400, UNKNOWN_BANK, 'BAD_REQUEST');
      const accountNumber = request.accountNumber.replace(/[\s-]/g, '');
      if (!isValidBankAccountNumber(accountNumber)) {
        throw new HttpError(400, INVALID_ACCOUNT, 'BAD_REQUEST');
      }
      const accountName = request.accountName.trim();
      if (!accountName) throw new HttpError(400, ACCOUNT_NAME_REQUIRED, 'BAD_REQUEST');
      await db.transaction(async (tx) => {
        const agreement = await agreements.lock(tx, agreementId);
        if (agreement.status !== 'PENDING_DISBURSEMENT') {
          throw new HttpError(409, NOT_PENDING_DISBURSEMENT, 'NOT_PENDING_DISBURSEMENT');
        }
        if (agreement.version !== request.version) {
          throw new HttpError(409, AGREEMENT_CHANGED, 'AGREEMENT_CHANGED');
        }
        await assertGuarantorsVerified(tx, agreementId);
        const earlier = await store.payoutsOf([agreementId], tx);
        if (
          earlier.some((row) => (LIVE_PAYOUT_STATUSES as readonly string[]).includes(row.status))
        ) {
          throw new HttpError(409, PAYOUT_ALREADY_RECORDED, 'PAYOUT_ALREADY_RECORDED');
        }
        const at = clock.now();
        const payout = await store.insertPayout(tx, {
          tenant: agreement.tenant as TenantId,
          agreementId,
          amountSen: netAmountOf(agreement),
          beneficiaryNameSealed: sealer.seal(accountName),
          bankCode: bank.code,
          bankName: bank.name,
          bankSwiftCode: bank.swiftCode,
          accountNoSealed: sealer.seal(accountNumber),
          accountLast4: accountNumber.slice(-4),
          reference: `${agreement.agreementNo}-${String(earlier.length + 1).padStart(2, '0')}`,
          status: 'RECORDED',
          recordedBy: viewer.staffId,
          recordedAt: at,
        });
        await writeAudit(tx, {
          action: 'disbursement.recorded',
          actor: staffRef(viewer),
          subject: `user:${agreement.userId}`,
          entity: `disbursement:${payout.id}`,
          to: 'RECORDED',
          ip,
          at,
          detail: {
            agreementId,
            reference: payout.reference,
            amountSen: payout.amountSen,
            bankCode: bank.code,
            accountLast4: payout.accountLast4,
          },
        });
      });
      return detail(viewer, agreementId);
    },

    /**
     * The checker: confirms a payout someone else recorded and sends it. Confirming again (a
     * double click, a retry after the bank was unreachable) resumes the same transfer under the
     * same reference; a settled payout is answered as it stands.
     */
    async confirm(
      viewer: Staff,
      agreementId: string,
      payoutId: string,
      ip: string | null,
    ): Promise<DisbursementDetail> {
      const settings = await deps.settings.currentSettings(
        (await agreements.byId(agreementId)).tenant,
      );
      const due: FirstDue = {
        agreed: await deps.documents.agreedFirstRepaymentDate(agreementId),
        months: (settings.repayment ?? DEFAULT_REPAYMENT_SETTINGS).firstDueMonthsAfterDisbursement,
      };
      const sending = await db.transaction(async (tx) => {
        const agreement = await agreements.lock(tx, agreementId);
        const payout = await store.lockPayout(tx, agreementId, payoutId);
        if (!payout) throw new HttpError(404, PAYOUT_NOT_FOUND, 'PAYOUT_NOT_FOUND');
        if (payout.recordedBy === viewer.staffId) {
          throw new HttpError(403, SAME_PERSON, 'PAYOUT_SAME_STAFF');
        }
        if (payout.status === 'PAID') return null;
        if (payout.status === 'REJECTED') {
          throw new HttpError(409, PAYOUT_REJECTED_ALREADY, 'PAYOUT_REJECTED');
        }
        if (agreement.status !== 'PENDING_DISBURSEMENT') {
          throw new HttpError(409, NOT_PENDING_DISBURSEMENT, 'NOT_PENDING_DISBURSEMENT');
        }
        if (payout.status === 'RECORDED') {
          await assertGuarantorsVerified(tx, agreementId);
          const at = clock.now();
          const updated = await store.updatePayout(tx, payout, {
            status: 'SENDING',
            confirmedBy: viewer.staffId,
            confirmedAt: at,
          });
          await writeAudit(tx, {
            action: 'disbursement.sent',
            actor: staffRef(viewer),
            subject: `user:${agreement.userId}`,
            entity: `disbursement:${payout.id}`,
            from: 'RECORDED',
            to: 'SENDING',
            ip,
            at,
            detail: { agreementId, reference: payout.reference, amountSen: payout.amountSen },
          });
          return updated;
        }
        return payout;
      });
      if (sending) {
        let result: PayoutResult;
        try {
          result = await deps.payout.send({
            reference: sending.reference,
            amountSen: sending.amountSen,
            beneficiaryName: sealer.openText(sending.beneficiaryNameSealed),
            bankSwiftCode: sending.bankSwiftCode,
            accountNo: sealer.openText(sending.accountNoSealed),
            narrative: `Loan ${sending.reference}`,
          });
        } catch (error) {
          deps.log?.warn(
            { agreementId, payoutId, error: (error as Error).message },
            'payout not answered',
          );
          throw new HttpError(503, BANK_UNREACHABLE, 'PAYOUT_BANK_UNREACHABLE');
        }
        const facts = await settle(viewer, agreementId, payoutId, result, due, ip);
        if (facts) await notify(await agreements.byId(agreementId), facts);
      }
      return detail(viewer, agreementId);
    },
  };
}

export type DisbursementService = ReturnType<typeof createDisbursementService>;
