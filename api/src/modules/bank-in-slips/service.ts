// Payments by bank transfer, shown with the bank-in slip. The borrower sends the slip (checked as
// uploaded documents are: the type read from the bytes, the size, active content in a PDF, the
// same bytes sent before whatever the file is called) with the amount and the day paid; finance
// checks the bank account and decides (decisions.ts). Approval moves the slip through its status
// machine and books the payment through the repayments module, exactly as the gateway and JomPAY
// do, in one transaction with the audit row and the event that tells the borrower.
import { createHash, randomUUID } from 'node:crypto';

import type { BANK_IN_SLIP_TYPES, BankInSlipsResponse, BankInSlipView } from '@lending/contracts';
import {
  bankInSlipApprovals,
  bankInSlipSecondApprovalAboveSen,
  checkUpload,
  isIsoDate,
} from '@lending/domain';
import { fileTypeFromBuffer } from 'file-type/core';

import { writeAudit } from '../../kernel/audit';
import { malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import { pdfActiveContentScanner } from '../files/pdf-scan';
import { ACTIVE_CONTENT_REFUSALS, cleanFileName, uploadRefusal } from '../files/service';
import { createSlipDecisions } from './decisions';
import {
  SLIP_BEFORE_PAYOUT,
  SLIP_INVALID_AMOUNT,
  SLIP_INVALID_DATE,
  SLIP_LOAN_NOT_ACTIVE,
  SLIP_LOAN_NOT_FOUND,
  SLIP_SAME_PAYMENT,
} from './messages';
import {
  type Borrower,
  borrowerView,
  MAX_SEN,
  MIN_SEN,
  SLIP_RULE,
  type SlipServiceDeps,
  type SlipUpload,
  UUID,
} from './views';

export { SLIP_DECIDED_EVENT } from './views';
export type { SlipServiceDeps, SlipUpload } from './views';

/** The amount and the day as the borrower gave them, checked; a refusal otherwise. */
export function slipFacts(amount: string | undefined, paidOn: string | undefined, today: string) {
  const amountSen = /^\d{1,12}$/.test(amount ?? '') ? Number(amount) : NaN;
  if (!Number.isSafeInteger(amountSen) || amountSen < MIN_SEN || amountSen > MAX_SEN) {
    throw new HttpError(400, SLIP_INVALID_AMOUNT, 'VALIDATION_FAILED');
  }
  if (!paidOn || !isIsoDate(paidOn) || paidOn > today) {
    throw new HttpError(400, SLIP_INVALID_DATE, 'VALIDATION_FAILED');
  }
  return { amountSen, paidOn };
}

export function createSlipService(deps: SlipServiceDeps) {
  const { db, store, accounts, clock } = deps;
  const loanNotFound = () => new HttpError(404, SLIP_LOAN_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');

  /** The borrower's own loan account; another's answers as one that does not exist. */
  async function ownAccount(borrower: Borrower, agreementId: string) {
    if (!UUID.test(agreementId)) throw loanNotFound();
    const found = await accounts.account(agreementId).catch(() => undefined);
    if (!found || found.account.userId !== borrower.userId) throw loanNotFound();
    return found;
  }

  return {
    /** Refuses (404) a loan that is not the borrower's, as sending a slip for it would. */
    async assertOwnLoan(borrower: Borrower, agreementId: string): Promise<void> {
      await ownAccount(borrower, agreementId);
    },

    async slipsFor(borrower: Borrower, agreementId: string): Promise<BankInSlipsResponse> {
      await ownAccount(borrower, agreementId);
      const rows = await store.slipsOf(agreementId);
      const receipts = await store.receiptNos(
        rows.flatMap((row) => (row.paymentId ? [row.paymentId] : [])),
      );
      return {
        items: rows.map((row) =>
          borrowerView(row, row.paymentId ? (receipts.get(row.paymentId) ?? null) : null),
        ),
      };
    },

    /** Checks the borrower's slip and keeps it, sealed, waiting for finance. */
    async submit(
      borrower: Borrower,
      agreementId: string,
      upload: SlipUpload,
      ip: string | null,
    ): Promise<BankInSlipView> {
      const found = await ownAccount(borrower, agreementId);
      if (found.account.status !== 'ACTIVE') {
        throw new HttpError(409, SLIP_LOAN_NOT_ACTIVE, 'CONFLICT');
      }
      const facts = slipFacts(upload.amountSen, upload.paidOn, malaysiaToday(clock));
      if (facts.paidOn < found.account.disbursedOn) {
        throw new HttpError(400, SLIP_BEFORE_PAYOUT, 'VALIDATION_FAILED');
      }
      if (upload.truncated || upload.bytes.length > SLIP_RULE.maxBytes) {
        throw new HttpError(413, uploadRefusal({ reason: 'size', maxBytes: SLIP_RULE.maxBytes }));
      }
      const detected = upload.bytes.length
        ? await fileTypeFromBuffer(upload.bytes.subarray(0, 4100))
        : undefined;
      const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
      const candidate = {
        mimeType: detected?.mime ?? null,
        sizeBytes: upload.bytes.length,
        sha256,
      };
      const standing = await store.standingOf(borrower.userId);
      const refusal = checkUpload(SLIP_RULE, candidate, [], standing);
      if (refusal) {
        const status = refusal.reason === 'size' ? 413 : refusal.reason === 'type' ? 415 : 400;
        throw new HttpError(status, uploadRefusal(refusal));
      }
      if (candidate.mimeType === 'application/pdf') {
        const scanner = pdfActiveContentScanner();
        scanner.feed(upload.bytes);
        const active = scanner.finish();
        if (active) throw new HttpError(400, ACTIVE_CONTENT_REFUSALS[active], 'PDF_ACTIVE_CONTENT');
      }
      if (standing.some((s) => s.amountSen === facts.amountSen && s.paidOn === facts.paidOn)) {
        throw new HttpError(409, SLIP_SAME_PAYMENT, 'CONFLICT');
      }
      const settings = await deps.settings.currentSettings(found.account.tenant);
      const id = randomUUID();
      const storageKey = `${agreementId}/${id}`;
      await deps.storage.put(storageKey, deps.sealer.sealBytes(upload.bytes));
      try {
        const row = await inTransaction(db, async (tx) => {
          const at = clock.now();
          const inserted = await store.insert(tx, {
            id,
            tenant: found.account.tenant,
            accountId: found.account.id,
            agreementId,
            userId: borrower.userId,
            status: 'SUBMITTED',
            amountSen: facts.amountSen,
            paidOn: facts.paidOn,
            originalFileName: cleanFileName(upload.fileName),
            mimeType: candidate.mimeType as (typeof BANK_IN_SLIP_TYPES)[number],
            sizeBytes: candidate.sizeBytes,
            sha256,
            storageKey,
            submittedAt: at,
            approvalsNeeded: bankInSlipApprovals(
              facts.amountSen,
              bankInSlipSecondApprovalAboveSen(settings),
            ),
          });
          // Sent twice at once: the unique indexes let one through.
          if (!inserted) throw new HttpError(409, SLIP_SAME_PAYMENT, 'CONFLICT');
          await writeAudit(tx, {
            action: 'bank_in_slip.submitted',
            actor: `user:${borrower.userId}`,
            subject: `user:${borrower.userId}`,
            entity: `bank-in-slip:${id}`,
            to: 'SUBMITTED',
            ip,
            at,
            detail: { agreementId, amountSen: facts.amountSen, paidOn: facts.paidOn, sha256 },
          });
          return inserted;
        });
        return borrowerView(row, null);
      } catch (error) {
        await deps.storage.delete(storageKey);
        throw error;
      }
    },

    ...createSlipDecisions(deps),
  };
}

export type SlipService = ReturnType<typeof createSlipService>;
