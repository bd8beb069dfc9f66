// The books, staff side: the back office reads any loan account (tenure details, the account
// enquiry, waivers), proposes late charge waivers and write-offs that a second staff member
// approves or rejects, and gives statements of account. Money is never edited: an approved waiver
// adds waiver rows against the late charges still unpaid (brought up to the day first, as a
// payment would), a write-off moves the account through the status machine; each in one
// transaction with its audit row. Figures come from the ledger through the repayments service.
import type {
  AccountAdjustment,
  AccountDetails,
  AccountSearchResponse,
  AocAgreementResponse,
  DecideAdjustmentBody,
  Language,
  ProposeWaiverBody,
  ProposeWriteOffBody,
  StatementLanguage,
  StatementSearchBody,
  StatementSearchResponse,
  TenantId,
  TenureDetailsResponse,
  WaiverChargesResponse,
} from '@lending/contracts';
import { ADJUSTMENT_APPROVER_ROLES, ADJUSTMENT_PROPOSER_ROLES } from '@lending/contracts';
import {
  allocateWaiver,
  amountDue,
  firstRefusal,
  type InstalmentPosition,
  malaysiaDate,
  refusedByRole,
  statementOfAccount,
} from '@lending/domain';

import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import { LENDERS } from '../agreement-documents/lender';
import type { RepaymentModule } from '../repayments/service';
import {
  ACCOUNT_NOT_ACTIVE,
  ACCOUNT_NOT_FOUND,
  ADJUSTMENT_DECIDED,
  ADJUSTMENT_NOT_FOUND,
  ADJUSTMENT_PENDING,
  ADJUSTMENT_SAME_STAFF,
  INVALID_AMOUNT,
  INVALID_REASON,
  WAIVER_TOO_LARGE,
} from './messages';
import { statementPdf } from './statement';
import type { AccountsStore, AdjustmentRow } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;
type Applicant = Extract<Principal, { kind: 'applicant' }>;
type Listed = NonNullable<Awaited<ReturnType<AccountsStore['byAccountId']>>>;

export interface AccountsServiceDeps {
  db: Orm;
  store: AccountsStore;
  repayments: RepaymentModule;
  clock: Clock;
  /** Credit paid back to the borrower (approved refunds), for the statement. */
  refundsOf?: (
    accountId: string,
  ) => Promise<{ reference: string; businessDate: string; amountSen: number }[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reference a waiver shows on statements. */
export function waiverReference(adjustmentId: string): string {
  return `WV-${adjustmentId.slice(0, 8).toUpperCase()}`;
}

function reasonOf(text: string): string {
  const reason = text.trim();
  if (reason.length < 5 || reason.length > 500) {
    throw new HttpError(400, INVALID_REASON, 'VALIDATION_FAILED');
  }
  return reason;
}

function noteOf(text: string | undefined): string | null {
  const note = text?.trim() ?? '';
  if (note.length > 500) throw new HttpError(400, INVALID_REASON, 'VALIDATION_FAILED');
  return note || null;
}

const lateChargesOutstanding = (positions: readonly InstalmentPosition[]) =>
  positions.reduce((sum, p) => sum + p.lateChargesUnpaidSen, 0);

export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, store, repayments, clock } = deps;
  const notFound = () => new HttpError(404, ACCOUNT_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');

  async function listed(find: Promise<Listed | undefined>): Promise<Listed> {
    const row = await find.catch(() => undefined);
    if (!row) throw notFound();
    return row;
  }

  async function details(row: Listed): Promise<AccountDetails> {
    const books = await repayments.staffAccount(row.agreementId);
    return {
      id: row.accountId,
      agreementId: row.agreementId,
      agreementNo: row.agreementNo,
      borrowerName: row.borrowerName,
      status: books.found.account.status,
      disbursedOn: row.disbursedOn,
      principalSen: row.principalSen,
      totalRepayableSen: row.totalRepayableSen,
      outstandingSen: books.outstandingSen,
      overdueSen: amountDue(books.positions, books.ledger.creditSen, books.asOf).overdueSen,
      lateChargesOutstandingSen: books.lateChargesOutstandingSen,
      creditSen: books.creditSen,
    };
  }

  async function tenure(row: Listed): Promise<TenureDetailsResponse> {
    const books = await repayments.staffAccount(row.agreementId);
    return {
      agreementId: row.agreementId,
      agreementNo: row.agreementNo,
      asOf: books.asOf,
      instalments: books.positions.map((p) => ({
        instalmentNo: p.instalmentNo,
        dueDate: p.dueDate,
        instalmentSen: p.instalmentSen,
        principalSen: p.principalSen,
        interestSen: p.interestSen,
        paidSen: p.paidSen,
        rebatedSen: p.rebatedSen,
        unpaidSen: p.unpaidSen,
        status: p.state,
        daysOverdue: p.daysOverdue,
        lateChargesSen: p.lateChargesSen,
        lateChargesPaidSen: p.lateChargesPaidSen,
        lateChargesWaivedSen: p.lateChargesWaivedSen,
        paidOn: p.paidOn,
      })),
    };
  }

  async function adjustmentViews(
    rows: AdjustmentRow[],
    staff: Staff,
  ): Promise<AccountAdjustment[]> {
    const names = await store.staffNames(
      rows.flatMap((row) => [row.proposedBy, ...(row.decidedBy ? [row.decidedBy] : [])]),
    );
    const lines = await store.waiverLines(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      amountSen: row.amountSen,
      reason: row.reason,
      proposedBy: row.proposedBy,
      proposedByName: names.get(row.proposedBy) ?? null,
      proposedAt: row.proposedAt.toISOString(),
      decidedBy: row.decidedBy,
      decidedByName: row.decidedBy ? (names.get(row.decidedBy) ?? null) : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionNote: row.decisionNote,
      lines: lines
        .filter((line) => line.adjustmentId === row.id)
        .map((line) => ({ instalmentNo: line.instalmentNo, amountSen: line.amountSen })),
      actions: {
        decide: firstRefusal(
          row.status !== 'PROPOSED' && 'nothingToDecide',
          refusedByRole(staff.roles, ADJUSTMENT_APPROVER_ROLES),
          row.proposedBy === staff.staffId && 'sameStaff',
        ),
      },
    }));
  }

  async function waiverCharges(staff: Staff, accountId: string): Promise<WaiverChargesResponse> {
    if (!UUID.test(accountId)) throw notFound();
    const row = await listed(store.byAccountId(accountId));
    const books = await repayments.staffAccount(row.agreementId);
    const items = await adjustmentViews(await store.adjustmentsOf(accountId), staff);
    const status = books.found.account.status;
    const proposal = (kind: AdjustmentRow['kind']) =>
      firstRefusal(
        refusedByRole(staff.roles, ADJUSTMENT_PROPOSER_ROLES),
        status !== 'ACTIVE' && 'notWaiting',
        kind === 'LATE_CHARGE_WAIVER' &&
          books.lateChargesOutstandingSen <= 0 &&
          'nothingOutstanding',
        items.some((item) => item.kind === kind && item.status === 'PROPOSED') && 'inProgress',
      );
    return {
      accountDetailsId: row.accountId,
      agreementId: row.agreementId,
      agreementNo: row.agreementNo,
      status,
      lateChargesOutstandingSen: books.lateChargesOutstandingSen,
      items,
      actions: {
        proposeWaiver: proposal('LATE_CHARGE_WAIVER'),
        proposeWriteOff: proposal('WRITEOFF'),
      },
    };
  }

  /** Proposes a waiver or write-off on an account still being repaid, under its lock. */
  async function propose(
    staff: Staff,
    accountId: string,
    kind: AdjustmentRow['kind'],
    reason: string,
    amountSen: number | null,
  ): Promise<AccountAdjustment> {
    if (!UUID.test(accountId)) throw notFound();
    const row = await listed(store.byAccountId(accountId));
    const proposed = await inTransaction(db, async (tx) => {
      const books = await repayments.lockedBooks(tx, row.agreementId);
      if (books.found.account.status !== 'ACTIVE') {
        throw new HttpError(409, ACCOUNT_NOT_ACTIVE, 'ACCOUNT_NOT_ACTIVE');
      }
      if (amountSen !== null && amountSen > lateChargesOutstanding(books.positions)) {
        throw new HttpError(409, WAIVER_TOO_LARGE, 'WAIVER_TOO_LARGE');
      }
      const at = clock.now();
      const inserted = await store.propose(tx, {
        tenant: books.found.account.tenant,
        accountId,
        kind,
        status: 'PROPOSED',
        amountSen,
        reason,
        proposedBy: staff.staffId,
        proposedAt: at,
      });
      if (!inserted) throw new HttpError(409, ADJUSTMENT_PENDING, 'ADJUSTMENT_PENDING');
      await writeAudit(tx, {
        action: kind === 'WRITEOFF' ? 'writeoff.proposed' : 'waiver.proposed',
        actor: `staff:${staff.staffId}`,
        subject: `user:${books.found.account.userId}`,
        entity: `account-adjustment:${inserted.id}`,
        to: 'PROPOSED',
        reason,
        at,
        detail: { accountId, agreementId: row.agreementId, amountSen },
      });
      return inserted;
    });
    return (await adjustmentViews([proposed], staff))[0]!;
  }

  /** A second staff member decides a proposed waiver or write-off. */
  async function decide(
    staff: Staff,
    adjustmentId: string,
    outcome: 'APPROVED' | 'REJECTED',
    body: DecideAdjustmentBody,
  ): Promise<AccountAdjustment> {
    const notThere = () => new HttpError(404, ADJUSTMENT_NOT_FOUND, 'ADJUSTMENT_NOT_FOUND');
    if (!UUID.test(adjustmentId)) throw notThere();
    const note = noteOf(body.note);
    const decided = await inTransaction(db, async (tx) => {
      const request = await store.lockAdjustment(tx, adjustmentId);
      if (!request) throw notThere();
      if (request.status !== 'PROPOSED') {
        throw new HttpError(409, ADJUSTMENT_DECIDED, 'ADJUSTMENT_DECIDED');
      }
      if (request.proposedBy === staff.staffId) {
        throw new HttpError(403, ADJUSTMENT_SAME_STAFF, 'ADJUSTMENT_SAME_STAFF');
      }
      // Inside the transaction: on embedded PGlite another connection would wait for it.
      const row = await listed(store.byAccountId(request.accountId, tx));
      const books = await repayments.lockedBooks(tx, row.agreementId);
      const { found, asOf } = books;
      const actor = `staff:${staff.staffId}`;
      const at = clock.now();
      const approving = outcome === 'APPROVED';
      if (approving && found.account.status !== 'ACTIVE') {
        throw new HttpError(409, ACCOUNT_NOT_ACTIVE, 'ACCOUNT_NOT_ACTIVE');
      }
      let lines: { instalmentNo: number; amountSen: number }[] = [];
      if (approving && request.kind === 'LATE_CHARGE_WAIVER') {
        // Late charges may have been paid since the proposal: never waive beyond what is unpaid.
        if (request.amountSen! > lateChargesOutstanding(books.positions)) {
          throw new HttpError(409, WAIVER_TOO_LARGE, 'WAIVER_TOO_LARGE');
        }
        lines = allocateWaiver(books.positions, request.amountSen!);
      }
      const changed = await store.decide(tx, adjustmentId, {
        status: outcome,
        decidedBy: staff.staffId,
        decidedAt: at,
        decisionNote: note,
      });
      if (!changed) throw new HttpError(409, ADJUSTMENT_DECIDED, 'ADJUSTMENT_DECIDED');
      if (approving && request.kind === 'WRITEOFF') {
        const written = await repayments.writeOff(tx, found, {
          actorId: staff.staffId,
          proposerId: request.proposedBy,
          reason: request.reason,
          adjustmentId,
        });
        if (!written) throw new HttpError(409, ACCOUNT_NOT_ACTIVE, 'ACCOUNT_NOT_ACTIVE');
        return request;
      }
      await writeAudit(tx, {
        action:
          request.kind === 'WRITEOFF'
            ? 'writeoff.rejected'
            : approving
              ? 'waiver.approved'
              : 'waiver.rejected',
        actor,
        subject: `user:${found.account.userId}`,
        entity: `account-adjustment:${adjustmentId}`,
        from: 'PROPOSED',
        to: outcome,
        reason: note,
        at,
        detail: {
          accountId: request.accountId,
          agreementId: row.agreementId,
          amountSen: request.amountSen,
          proposedBy: `staff:${request.proposedBy}`,
          ...(lines.length > 0 ? { lines, businessDate: asOf } : {}),
        },
      });
      if (lines.length > 0) {
        await store.addWaiverLines(
          tx,
          lines.map((line) => ({
            ...line,
            adjustmentId,
            accountId: request.accountId,
            businessDate: asOf,
          })),
        );
        // Late charges were all that was left: waived, the loan is paid and the account closes.
        await repayments.closeIfPaid(
          tx,
          found,
          { ...books.ledger, waivers: [...(books.ledger.waivers ?? []), ...lines] },
          asOf,
          { actor, adjustmentId, reason: 'Paid in full; late charges waived' },
        );
        await repayments.postBooks(tx, row.agreementId, {
          event: 'WAIVER',
          reference: waiverReference(adjustmentId),
          actor,
          cashSen: 0,
        });
      }
      return request;
    });
    const [fresh] = (await store.adjustmentsOf(decided.accountId)).filter(
      (row) => row.id === adjustmentId,
    );
    return (await adjustmentViews([fresh!], staff))[0]!;
  }

  async function statementFacts(row: Listed) {
    const books = await repayments.staffAccount(row.agreementId);
    const { found, asOf, ledger } = books;
    const { payments, rebates, terminatedOn, writtenOffOn } = await repayments.statementRows(found);
    const adjustments = await store.adjustmentsOf(row.accountId);
    const approvedWaivers = adjustments.filter(
      (a) => a.kind === 'LATE_CHARGE_WAIVER' && a.status === 'APPROVED',
    );
    const waiverLines = await store.waiverLines(approvedWaivers.map((a) => a.id));
    const terms = await store.terms(row.agreementId);
    const statement = statementOfAccount({
      asOf,
      disbursedOn: found.account.disbursedOn,
      principalSen: found.account.principalSen,
      totalInterestSen: found.account.totalInterestSen,
      instalments: ledger.instalments,
      payments: payments.map(({ payment, allocations }) => ({
        reference: payment.receiptNo,
        businessDate: payment.businessDate,
        amountSen: payment.amountSen,
        allocations: allocations
          .filter((line) => !line.fromCredit)
          .map((line) => ({
            instalmentNo: line.instalmentNo,
            kind: line.kind,
            amountSen: line.amountSen,
          })),
      })),
      accruals: ledger.accruals,
      waivers: approvedWaivers
        .map((a) => {
          const mine = waiverLines.filter((line) => line.adjustmentId === a.id);
          return {
            reference: waiverReference(a.id),
            businessDate: mine[0]?.businessDate ?? malaysiaDate(a.decidedAt!),
            amountSen: mine.reduce((sum, line) => sum + line.amountSen, 0),
          };
        })
        .sort((a, b) => a.businessDate.localeCompare(b.businessDate)),
      rebates,
      refunds: (await deps.refundsOf?.(row.accountId)) ?? [],
      writtenOffOn,
      terminatedOn,
    });
    return {
      found,
      // The schedule's first instalment (the last one may differ by the rounding).
      monthlyInstalmentSen: ledger.instalments[0]?.instalmentSen ?? 0,
      facts: {
        agreementNo: row.agreementNo,
        borrowerName: row.borrowerName,
        status: found.account.status,
        disbursedOn: found.account.disbursedOn,
        principalSen: found.account.principalSen,
        totalInterestSen: found.account.totalInterestSen,
        tenureMonths: terms?.tenureMonths ?? ledger.instalments.length,
        statement,
        createdAt: clock.now(),
      },
    };
  }

  async function pdfOf(row: Listed, language: StatementLanguage) {
    const { found, facts } = await statementFacts(row);
    const lang: Language = language === 'bm' ? 'MS' : 'EN';
    const lender = LENDERS[found.account.tenant as TenantId] ?? LENDERS.arkcash;
    return {
      found,
      statement: facts.statement,
      bytes: await statementPdf(facts, lang, lender),
      fileName: `statement-${row.agreementNo}-${facts.statement.asOf}-${language}.pdf`,
    };
  }

  return {
    async search(agreementNo: string): Promise<AccountSearchResponse> {
      const { rows } = await store.search({ agreementNo: agreementNo.trim() }, 0, 20);
      return { items: await Promise.all(rows.map(details)) };
    },

    async tenureDetails(agreementNo: string): Promise<TenureDetailsResponse> {
      return tenure(await listed(store.byAgreementNo(agreementNo)));
    },

    async aocAgreement(agreementNo: string): Promise<AocAgreementResponse> {
      const row = await listed(store.byAgreementNo(agreementNo));
      const tenureDetails = await tenure(row);
      const terms = await store.terms(row.agreementId);
      const books = await repayments.staffAccount(row.agreementId);
      const instalments = books.positions;
      return {
        accountDetails: await details(row),
        agreementDetails: {
          agreementNo: row.agreementNo,
          tenureMonths: terms?.tenureMonths ?? instalments.length,
          annualRateBp: terms?.annualRateBp ?? 0,
          secured: terms?.secured ?? false,
          firstDueDate: books.found.account.firstDueDate,
          maturityDate: instalments.at(-1)?.dueDate ?? books.found.account.firstDueDate,
          totalInterestSen: books.found.account.totalInterestSen,
          monthlyInstalmentSen: instalments[0]?.instalmentSen ?? 0,
        },
        tenureDetails,
      };
    },

    waiverCharges,

    paymentHistory: (agreementId: string) => repayments.staffPaymentHistory(agreementId),

    proposeWaiver(staff: Staff, accountId: string, body: ProposeWaiverBody) {
      if (!Number.isSafeInteger(body.amountSen) || body.amountSen <= 0) {
        throw new HttpError(400, INVALID_AMOUNT, 'VALIDATION_FAILED');
      }
      return propose(staff, accountId, 'LATE_CHARGE_WAIVER', reasonOf(body.reason), body.amountSen);
    },

    proposeWriteOff(staff: Staff, accountId: string, body: ProposeWriteOffBody) {
      return propose(staff, accountId, 'WRITEOFF', reasonOf(body.reason), null);
    },

    approve: (staff: Staff, id: string, body: DecideAdjustmentBody) =>
      decide(staff, id, 'APPROVED', body),
    reject: (staff: Staff, id: string, body: DecideAdjustmentBody) =>
      decide(staff, id, 'REJECTED', body),

    async statementSearch(body: StatementSearchBody): Promise<StatementSearchResponse> {
      const { currentPage, pageSize } = body;
      const { rows, total } = await store.search(
        {
          ...(body.agreementNo?.trim() ? { agreementNo: body.agreementNo.trim() } : {}),
          ...(body.borrowerName?.trim() ? { borrowerName: body.borrowerName.trim() } : {}),
          ...(body.status ? { status: body.status } : {}),
          ...(body.disbursedFrom ? { disbursedFrom: body.disbursedFrom } : {}),
          ...(body.disbursedTo ? { disbursedTo: body.disbursedTo } : {}),
        },
        (currentPage - 1) * pageSize,
        pageSize,
      );
      return {
        items: rows.map((row) => ({
          accountDetailsId: row.accountId,
          agreementId: row.agreementId,
          agreementNo: row.agreementNo,
          borrowerName: row.borrowerName,
          status: row.status,
          disbursedOn: row.disbursedOn,
          principalSen: row.principalSen,
        })),
        total,
        currentPage,
        pageSize,
      };
    },

    /** Staff: any agreement's statement; the download is audited (it holds personal data). */
    async staffStatement(staff: Staff, agreementId: string, language: StatementLanguage) {
      if (!UUID.test(agreementId)) throw notFound();
      const row = await listed(store.byAgreementId(agreementId));
      const pdf = await pdfOf(row, language);
      await writeAudit(db, {
        action: 'statement.downloaded',
        actor: `staff:${staff.staffId}`,
        subject: `user:${pdf.found.account.userId}`,
        entity: `loan-account:${row.accountId}`,
        detail: { agreementId, language, asOf: pdf.statement.asOf },
      });
      return pdf;
    },

    /** The borrower: their own agreement's statement; anyone else's answers 404. */
    async myStatement(viewer: Applicant, agreementId: string, language: StatementLanguage) {
      if (!UUID.test(agreementId)) throw notFound();
      const row = await store.byAgreementId(agreementId).catch(() => undefined);
      if (!row || row.userId !== viewer.userId) throw notFound();
      return pdfOf(row, language);
    },

    /** The statement's figures without the PDF (the regulator's records, the bench and the tests
     *  read them). */
    async statementOf(agreementId: string) {
      const { facts, monthlyInstalmentSen } = await statementFacts(
        await listed(store.byAgreementId(agreementId)),
      );
      return { ...facts, monthlyInstalmentSen };
    },
  };
}

export type AccountsModule = ReturnType<typeof createAccountsService>;
