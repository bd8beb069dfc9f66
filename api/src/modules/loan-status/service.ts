import type {
  ApplicationProgressStep,
  ApplicationStatus,
  HomeLoanApplication,
  HomeLoanStatusResponse,
  HomeLoanStatusView,
  LoanHistoryDetail,
  LoanHistoryItem,
  LoanHistoryPage,
  LoanLifeEntry,
  LoanStatusCheckResponse,
} from '@lending/contracts';
import {
  type AccountStatus,
  type AgreementStatus,
  type GuarantorSigningStatus,
  homeGuarantors,
  type HomeLoanStatus,
  homeLoanStatus,
  type HomeStatusInput,
} from '@lending/domain';

import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { AgreementService } from '../agreements/service';
import { CLOSED_SETTLED_EARLY } from '../repayments/service';
import type { LoanApplicationRow, LoanStatusStore } from './store';

const APPLICATION_NOT_FOUND = 'Application Not Found';
/** Agreement states in which the borrower has signed, and those after the file was stamped. */
const STAMPED: readonly string[] = ['PENDING_DISBURSEMENT', 'DISBURSED'];
const SIGNED: readonly string[] = ['AGREEMENTSIGNING', ...STAMPED];

function toView(status: HomeLoanStatus): HomeLoanStatusView {
  return {
    state: status.state,
    newLoanAllowedAfter:
      'newLoanAllowedAfter' in status ? status.newLoanAllowedAfter.toISOString() : null,
    resumeAt: 'resumeAt' in status ? status.resumeAt : null,
    interviewScheduled: 'interviewScheduled' in status ? status.interviewScheduled : false,
    directDebitReady: 'directDebitReady' in status ? status.directDebitReady : false,
    accountTerminated: 'accountTerminated' in status && status.accountTerminated === true,
  };
}

function toHistoryItem(row: LoanApplicationRow): LoanHistoryItem {
  return {
    id: row.id,
    referenceNo: row.referenceNo,
    status: row.status as ApplicationStatus,
    organizationType: row.organizationType,
    requestedAmountSen: row.requestedAmountSen,
    tenureMonths: row.tenureMonths,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toHomeApplication(row: LoanApplicationRow): HomeLoanApplication {
  return {
    id: row.id,
    referenceNo: row.referenceNo,
    status: row.status as ApplicationStatus,
    progressSteps: row.progress as ApplicationProgressStep[],
    requestedAmountSen: row.requestedAmountSen,
    tenureMonths: row.tenureMonths,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

type LoanRecord = NonNullable<Awaited<ReturnType<LoanStatusStore['accountOf']>>>;

/** The loan's life after approval, oldest first: paid out, repaid so far, settled, closed. */
function lifeOf(loan: LoanRecord): LoanLifeEntry[] {
  const life: LoanLifeEntry[] = [
    {
      event: 'PAID_OUT',
      at: (loan.payout?.paidAt ?? loan.account.openedAt).toISOString(),
      on: loan.account.disbursedOn,
      amountSen: loan.payout?.amountSen ?? null,
    },
  ];
  if (loan.lastPaidAt && loan.lastPaidOn) {
    life.push({
      event: 'REPAID',
      at: loan.lastPaidAt.toISOString(),
      on: loan.lastPaidOn,
      amountSen: loan.paidSen,
    });
  }
  for (const change of loan.history) {
    const at = change.at.toISOString();
    const { on } = change;
    if (change.to === 'CLOSED') {
      if (change.reason === CLOSED_SETTLED_EARLY)
        life.push({ event: 'SETTLED', at, on, amountSen: null });
      life.push({ event: 'CLOSED', at, on, amountSen: null });
    }
    if (change.to === 'TERMINATED') life.push({ event: 'TERMINATED', at, on, amountSen: null });
    if (change.to === 'WRITEOFF') life.push({ event: 'WRITTEN_OFF', at, on, amountSen: null });
  }
  return life;
}

/** The applicant's view of their loans: the home card, the history and the status check. Every
 *  read is of the caller's own records; another person's answers like one that does not exist. */
type AgreementRow = Awaited<ReturnType<AgreementService['byId']>>;

export function createLoanStatusService(deps: {
  store: LoanStatusStore;
  clock: Clock;
  /** The agreement an approved application became. */
  agreements?: Pick<AgreementService, 'ofApplication'>;
  /** The guarantors of an agreement as the signing journey keeps them, names unsealed. */
  guarantors?: (
    agreementId: string,
  ) => Promise<{ position: number; name: string; status: GuarantorSigningStatus }[]>;
}) {
  const { store, clock } = deps;

  /** Only an approved application has an agreement. */
  async function agreementOf(
    application: LoanApplicationRow | undefined,
  ): Promise<AgreementRow | undefined> {
    if (application?.status !== 'APPROVED' || !deps.agreements) return undefined;
    return deps.agreements.ofApplication(application.id);
  }

  function stateOf(
    user: Awaited<ReturnType<LoanStatusStore['user']>>,
    application: LoanApplicationRow | undefined,
    interviewScheduledAt: Date | null,
    agreement?: AgreementRow,
    account?: { status: AccountStatus },
  ): HomeLoanStatus {
    const input: HomeStatusInput = {
      user: user
        ? {
            allowToApplyNewLoanAfterDateTime: user.allowToApplyNewLoanAfter,
            temporarilyBanned: user.newLoanBlockKind === 'TEMPORARY_BAN',
          }
        : null,
      application: application
        ? {
            status: application.status as ApplicationStatus,
            progressSteps: application.progress as ApplicationProgressStep[],
            interviewScheduledAt,
          }
        : null,
      agreement: agreement
        ? { status: agreement.status as AgreementStatus, signDate: agreement.signedAt }
        : null,
      account: account ? { status: account.status } : null,
      now: clock.now(),
    };
    return homeLoanStatus(input);
  }

  async function owned(userId: string, applicationId: string): Promise<LoanApplicationRow> {
    const row = await store.owned(userId, applicationId);
    if (!row) throw new HttpError(404, APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
    return row;
  }

  return {
    async home(userId: string): Promise<HomeLoanStatusResponse> {
      const application = await store.latestApplication(userId);
      const interview =
        application?.status === 'REQUESTED_FOR_INTERVIEW'
          ? await store.latestInterview(application.id)
          : undefined;
      const referback =
        application?.status === 'REFERBACK' ? await store.openReferback(application.id) : undefined;
      const user = await store.user(userId);
      const agreement = await agreementOf(application);
      const account = agreement ? (await store.accountOf(agreement.id))?.account : undefined;
      const status = stateOf(user, application, interview?.scheduledAt ?? null, agreement, account);
      return {
        status: toView(status),
        user: {
          allowToApplyNewLoanAfterDateTime: user?.allowToApplyNewLoanAfter?.toISOString() ?? null,
          newLoanBlockKind: user?.newLoanBlockKind ?? null,
        },
        application: application ? toHomeApplication(application) : null,
        agreement: agreement
          ? {
              id: agreement.id,
              agreementStatus: agreement.status,
              signDate: agreement.signedAt?.toISOString() ?? null,
            }
          : null,
        account: account ? { status: account.status } : null,
        interview: interview
          ? {
              scheduledAt: interview.scheduledAt.toISOString(),
              mode: interview.mode,
              details: interview.details,
            }
          : null,
        referback: referback
          ? {
              requestedAt: referback.requestedAt.toISOString(),
              items: referback.items.map(({ kind, target, reason }) => ({ kind, target, reason })),
            }
          : null,
        guarantors:
          agreement && status.state === 'PENDING_AGREEMENT' && deps.guarantors
            ? homeGuarantors(status.state, await deps.guarantors(agreement.id))
            : [],
      };
    },

    async history(userId: string, page: number, size: number): Promise<LoanHistoryPage> {
      const { rows, total } = await store.page(userId, page, size);
      return { data: rows.map(toHistoryItem), total, page, pageSize: size };
    },

    async historyItem(userId: string, applicationId: string): Promise<LoanHistoryDetail> {
      const row = await owned(userId, applicationId);
      const timeline = await store.timeline(row.id);
      const agreement = await agreementOf(row);
      const loan = agreement ? await store.accountOf(agreement.id) : undefined;
      return {
        ...toHistoryItem(row),
        account: loan ? { status: loan.account.status, life: lifeOf(loan) } : null,
        timeline: timeline.map((entry) => ({
          status: entry.status as ApplicationStatus,
          at: entry.at.toISOString(),
          by: entry.actor.startsWith('user:') ? 'applicant' : 'lender',
        })),
        agreement: agreement
          ? {
              id: agreement.id,
              agreementNo: agreement.agreementNo,
              signed: agreement.signedAt !== null && SIGNED.includes(agreement.status),
              // The stamp certificate is issued in the transaction that moves the agreement on to
              // disbursement: from then on it exists.
              eCertificateIssued: STAMPED.includes(agreement.status),
            }
          : null,
      };
    },

    async check(userId: string, referenceNo: string): Promise<LoanStatusCheckResponse> {
      const row = await store.ownedByReference(userId, referenceNo.trim().toUpperCase());
      if (!row) throw new HttpError(404, APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
      const interview =
        row.status === 'REQUESTED_FOR_INTERVIEW' ? await store.latestInterview(row.id) : undefined;
      const latest = await store.latestApplication(userId);
      // A block on new loans belongs to the latest decision: an older application's state is
      // read without it.
      const user = latest?.id === row.id ? await store.user(userId) : undefined;
      const agreement = await agreementOf(row);
      const account = agreement ? (await store.accountOf(agreement.id))?.account : undefined;
      const status = stateOf(user, row, interview?.scheduledAt ?? null, agreement, account);
      return {
        referenceNo: row.referenceNo,
        status: row.status as ApplicationStatus,
        state: status.state,
        updatedAt: row.updatedAt.toISOString(),
      };
    },
  };
}

export type LoanStatusService = ReturnType<typeof createLoanStatusService>;
