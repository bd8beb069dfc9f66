// Refunds of credit left on a closed account (money received beyond what the loan needed is kept
// as credit, DOMAIN.md; once the loan is closed nothing will spend it). A finance member proposes
// paying back exactly the credit to the account the loan was paid out to; another finance member,
// or an admin, approves. The approval, in one transaction under the account's lock, passes the
// refund status machine, takes the credit from the payments that left it and writes the audit
// row; the refund letter is built and emailed in the borrower's language after commit (a letter
// that fails to build never undoes a refund; the daily job builds it again).
import { createHash, randomUUID } from 'node:crypto';

import type {
  CreditRefundsResponse,
  CreditRefundView,
  DecideAdjustmentBody,
  Language,
  ProposeRefundBody,
  TenantId,
} from '@lending/contracts';
import { REFUND_APPROVER_ROLES, REFUND_PROPOSER_ROLES } from '@lending/contracts';
import {
  CREDIT_REFUND_STATUS_MACHINE,
  creditRefundRefusal,
  firstRefusal,
  refusedByRole,
  transition,
} from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { EmailSender } from '../../adapters/email/port';
import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { PublicUrl } from '../../kernel/public-url';
import { inTransaction } from '../../kernel/transaction';
import { LENDERS } from '../agreement-documents/lender';
import type { RepaymentModule } from '../repayments/service';
import type { UserAccounts } from '../users/service';
import {
  ACCOUNT_NOT_FOUND,
  INVALID_REASON,
  INVALID_REFUND_AMOUNT,
  REFUND_DECIDED,
  REFUND_NO_PAYOUT,
  REFUND_NOT_FOUND,
  REFUND_PENDING,
  REFUND_REFUSED,
  REFUND_SAME_STAFF,
} from './messages';
import { refundEmail, refundLetterPdf, refundReference } from './refund-letter';
import type { RefundRow, RefundStore } from './refund-store';
import type { AccountsStore } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;

export interface RefundServiceDeps {
  db: Orm;
  store: RefundStore;
  accounts: Pick<AccountsStore, 'byAccountId' | 'staffNames'>;
  repayments: Pick<RepaymentModule, 'staffAccount' | 'lockedBooks' | 'postBooks'>;
  users: Pick<UserAccounts, 'byId'>;
  storage: FileStorage;
  sealer: Sealer;
  email: EmailSender;
  clock: Clock;
  publicUrl: PublicUrl;
  log?: FastifyBaseLogger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reasonOf(text: string | undefined, optional: boolean): string | null {
  const reason = text?.trim() ?? '';
  if (optional && reason === '') return null;
  if (reason.length < (optional ? 1 : 5) || reason.length > 500) {
    throw new HttpError(400, INVALID_REASON, 'VALIDATION_FAILED');
  }
  return reason;
}

export function createRefundService(deps: RefundServiceDeps) {
  const { db, store, accounts, repayments, sealer, clock } = deps;
  const accountNotFound = () => new HttpError(404, ACCOUNT_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');
  const refundNotFound = () => new HttpError(404, REFUND_NOT_FOUND, 'REFUND_NOT_FOUND');

  async function listed(accountId: string) {
    if (!UUID.test(accountId)) throw accountNotFound();
    const row = await accounts.byAccountId(accountId).catch(() => undefined);
    if (!row) throw accountNotFound();
    return row;
  }

  async function views(rows: RefundRow[], staff: Staff): Promise<CreditRefundView[]> {
    const names = await accounts.staffNames(
      rows.flatMap((row) => [row.proposedBy, ...(row.decidedBy ? [row.decidedBy] : [])]),
    );
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      amountSen: row.amountSen,
      reason: row.reason,
      paidTo: {
        bankName: row.bankName,
        accountName: sealer.openText(row.beneficiaryNameSealed),
        accountLast4: row.accountLast4,
      },
      proposedBy: row.proposedBy,
      proposedByName: names.get(row.proposedBy) ?? null,
      proposedAt: row.proposedAt.toISOString(),
      decidedBy: row.decidedBy,
      decidedByName: row.decidedBy ? (names.get(row.decidedBy) ?? null) : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionNote: row.decisionNote,
      businessDate: row.businessDate,
      reference: refundReference(row.id),
      letterSent: row.letterEmailedAt !== null,
      actions: {
        decide: firstRefusal(
          row.status !== 'PROPOSED' && 'nothingToDecide',
          refusedByRole(staff.roles, REFUND_APPROVER_ROLES),
          row.proposedBy === staff.staffId && 'sameStaff',
        ),
      },
    }));
  }

  /** The letter of an approved refund, built, stored sealed and recorded if it has none yet,
   *  then emailed once. Never throws: a failure is retried by the daily `issueMissing`. */
  async function letterOf(refundId: string): Promise<void> {
    try {
      let refund = await store.byId(refundId);
      if (!refund || refund.status !== 'APPROVED') return;
      const row = await accounts.byAccountId(refund.accountId);
      if (!row) return;
      const user = await deps.users.byId(row.userId);
      const language: Language = user?.language === 'MS' ? 'MS' : 'EN';
      if (!refund.letterStorageKey) {
        const issuedAt = clock.now();
        const lender = LENDERS[refund.tenant as TenantId] ?? LENDERS.arkcash;
        const bytes = await refundLetterPdf(
          {
            reference: refundReference(refund.id),
            issuedOn: malaysiaToday(clock),
            issuedAt,
            borrowerName: row.borrowerName,
            agreementNo: row.agreementNo,
            amountSen: refund.amountSen,
            refundedOn: refund.businessDate!,
            bankName: refund.bankName,
            accountLast4: refund.accountLast4,
          },
          language,
          lender,
        );
        // A key of its own per attempt: a letter recorded first by another process is never
        // written over.
        const storageKey = `${refund.agreementId}/${randomUUID()}`;
        await deps.storage.put(storageKey, sealer.sealBytes(bytes));
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        const recorded = await store.setLetter(refund.id, {
          letterLanguage: language,
          letterStorageKey: storageKey,
          letterSha256: sha256,
        });
        if (!recorded) await deps.storage.delete(storageKey);
        else {
          await writeAudit(db, {
            action: 'refund_letter.issued',
            actor: 'system:credit-refunds',
            subject: `user:${row.userId}`,
            entity: `credit-refund:${refund.id}`,
            at: issuedAt,
            detail: { agreementId: refund.agreementId, language, sha256 },
          });
        }
        refund = (await store.byId(refundId))!;
      }
      if (refund.letterEmailedAt || !user?.email) return;
      await deps.email.send(
        refundEmail({
          to: user.email,
          firstName: user.firstName,
          language: refund.letterLanguage ?? language,
          agreementNo: row.agreementNo,
          amountSen: refund.amountSen,
          refundedOn: refund.businessDate!,
          accountLast4: refund.accountLast4,
          scheduleUrl: `${deps.publicUrl()}/repayment-schedule?agreementId=${refund.agreementId}`,
        }),
      );
      await store.markLetterEmailed(refund.id, clock.now());
    } catch (error) {
      deps.log?.warn({ refundId, error: (error as Error).message }, 'refund letter not sent');
    }
  }

  return {
    /** The daily job: the letters approvals could not build or email, tried again. */
    async issueMissing(): Promise<Record<string, number>> {
      const unsent = await store.unsentLetters();
      for (const refund of unsent) await letterOf(refund.id);
      const left = await store.unsentLetters();
      return { tried: unsent.length, issued: unsent.length - left.length };
    },

    /** A closed account's credit, where a refund would go, and its refunds. */
    async refunds(staff: Staff, accountId: string): Promise<CreditRefundsResponse> {
      const row = await listed(accountId);
      const rows = await store.refundsOf(accountId);
      const books = await repayments.staffAccount(row.agreementId);
      const status = books.found.account.status;
      const payout = await store.paidPayout(row.agreementId);
      return {
        accountDetailsId: row.accountId,
        agreementId: row.agreementId,
        agreementNo: row.agreementNo,
        status,
        creditSen: books.creditSen,
        nominatedAccount: payout
          ? {
              bankName: payout.bankName,
              accountName: sealer.openText(payout.beneficiaryNameSealed),
              accountLast4: payout.accountLast4,
            }
          : null,
        items: await views(rows, staff),
        actions: {
          propose: firstRefusal(
            refusedByRole(staff.roles, REFUND_PROPOSER_ROLES),
            status !== 'CLOSED' && 'notWaiting',
            (books.creditSen <= 0 || !payout) && 'nothingOutstanding',
            rows.some((r) => r.status === 'PROPOSED') && 'inProgress',
          ),
        },
      };
    },

    /** Proposes refunding the whole credit of a closed account to its payout's bank account. */
    async propose(
      staff: Staff,
      accountId: string,
      body: ProposeRefundBody,
    ): Promise<CreditRefundView> {
      if (!Number.isSafeInteger(body.amountSen) || body.amountSen <= 0) {
        throw new HttpError(400, INVALID_REFUND_AMOUNT, 'VALIDATION_FAILED');
      }
      const reason = reasonOf(body.reason, false)!;
      const row = await listed(accountId);
      const proposed = await inTransaction(db, async (tx) => {
        const books = await repayments.lockedBooks(tx, row.agreementId);
        const refused = creditRefundRefusal({
          accountStatus: books.found.account.status,
          creditSen: books.ledger.creditSen,
          amountSen: body.amountSen,
        });
        if (refused) throw new HttpError(409, REFUND_REFUSED[refused], 'REFUND_REFUSED');
        const payout = await store.paidPayout(row.agreementId, tx);
        if (!payout) throw new HttpError(409, REFUND_NO_PAYOUT, 'REFUND_REFUSED');
        const at = clock.now();
        const inserted = await store.propose(tx, {
          tenant: books.found.account.tenant,
          accountId,
          agreementId: row.agreementId,
          status: 'PROPOSED',
          amountSen: body.amountSen,
          reason,
          bankCode: payout.bankCode,
          bankName: payout.bankName,
          beneficiaryNameSealed: payout.beneficiaryNameSealed,
          accountNoSealed: payout.accountNoSealed,
          accountLast4: payout.accountLast4,
          proposedBy: staff.staffId,
          proposedAt: at,
        });
        if (!inserted) throw new HttpError(409, REFUND_PENDING, 'REFUND_PENDING');
        await writeAudit(tx, {
          action: 'refund.proposed',
          actor: `staff:${staff.staffId}`,
          subject: `user:${books.found.account.userId}`,
          entity: `credit-refund:${inserted.id}`,
          to: 'PROPOSED',
          reason,
          at,
          detail: { accountId, agreementId: row.agreementId, amountSen: body.amountSen },
        });
        return inserted;
      });
      return (await views([proposed], staff))[0]!;
    },

    /** A second member decides a proposed refund; approving books it and sends the letter. */
    async decide(
      staff: Staff,
      refundId: string,
      outcome: 'APPROVED' | 'REJECTED',
      body: DecideAdjustmentBody,
    ): Promise<CreditRefundView> {
      if (!UUID.test(refundId)) throw refundNotFound();
      const note = reasonOf(body.note, true);
      const decided = await inTransaction(db, async (tx) => {
        const refund = await store.lock(tx, refundId);
        if (!refund) throw refundNotFound();
        const allowed = transition(CREDIT_REFUND_STATUS_MACHINE, refund.status, outcome, {
          actor: 'staff',
          actorId: staff.staffId,
          proposerId: refund.proposedBy,
        });
        if (!allowed.ok) {
          if (allowed.reason === 'sameApprover') {
            throw new HttpError(403, REFUND_SAME_STAFF, 'REFUND_SAME_STAFF');
          }
          throw new HttpError(409, REFUND_DECIDED, 'REFUND_DECIDED');
        }
        const books = await repayments.lockedBooks(tx, refund.agreementId);
        const at = clock.now();
        const approving = outcome === 'APPROVED';
        if (approving) {
          // Read again under the lock: money paid since the proposal changes the credit.
          const refused = creditRefundRefusal({
            accountStatus: books.found.account.status,
            creditSen: books.ledger.creditSen,
            amountSen: refund.amountSen,
          });
          if (refused) throw new HttpError(409, REFUND_REFUSED[refused], 'REFUND_REFUSED');
        }
        const changed = await store.decide(tx, refundId, {
          status: outcome,
          decidedBy: staff.staffId,
          decidedAt: at,
          decisionNote: note,
          ...(approving ? { businessDate: books.asOf } : {}),
        });
        if (!changed) throw new HttpError(409, REFUND_DECIDED, 'REFUND_DECIDED');
        const taken: { paymentId: string; amountSen: number }[] = [];
        if (approving) {
          let left = refund.amountSen;
          for (const source of await store.creditSources(tx, refund.accountId)) {
            const take = Math.min(left, source.creditSen);
            if (take > 0) taken.push({ paymentId: source.paymentId, amountSen: take });
            left -= take;
          }
          // The account's credit is the sum of its CREDIT rows: anything else is a broken book.
          if (left !== 0) throw new Error('credit refunded beyond the credit rows kept');
          await store.bookRefund(
            tx,
            { id: refundId, accountId: refund.accountId, businessDate: books.asOf },
            taken,
            books.ledger.creditSen - refund.amountSen,
          );
        }
        await writeAudit(tx, {
          action: approving ? 'refund.approved' : 'refund.rejected',
          actor: `staff:${staff.staffId}`,
          subject: `user:${books.found.account.userId}`,
          entity: `credit-refund:${refundId}`,
          from: 'PROPOSED',
          to: outcome,
          reason: note,
          at,
          detail: {
            accountId: refund.accountId,
            agreementId: refund.agreementId,
            amountSen: refund.amountSen,
            proposedBy: `staff:${refund.proposedBy}`,
            ...(approving ? { businessDate: books.asOf, takenFrom: taken } : {}),
          },
        });
        if (approving) {
          await repayments.postBooks(tx, refund.agreementId, {
            event: 'REFUND',
            reference: `refund:${refundId}`,
            actor: `staff:${staff.staffId}`,
            cashSen: -refund.amountSen,
          });
        }
        return refund;
      });
      if (outcome === 'APPROVED') await letterOf(refundId);
      const fresh = await store.byId(decided.id);
      return (await views([fresh!], staff))[0]!;
    },

    /** Approved refunds as the statement of account lists them. */
    async statementRefunds(accountId: string) {
      return (await store.approvedOf(accountId)).map((row) => ({
        reference: refundReference(row.id),
        businessDate: row.businessDate!,
        amountSen: row.amountSen,
      }));
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
