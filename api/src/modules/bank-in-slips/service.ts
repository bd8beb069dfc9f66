// Payments by bank transfer, shown with the bank-in slip. The borrower sends the slip (checked as
// uploaded documents are: the type read from the bytes, the size, active content in a PDF, the
// same bytes sent before whatever the file is called) with the amount and the day paid; finance
// checks the bank account and decides. Approval moves the slip through its status machine and
// books the payment through the repayments module, exactly as the gateway and JomPAY do, in one
// transaction with the audit row and the event that tells the borrower.
import { createHash, randomUUID } from 'node:crypto';

import type {
  BankInSlipRejectReason,
  BankInSlipsResponse,
  BankInSlipView,
  Language,
  RejectBankInSlipBody,
  StaffBankInSlipsResponse,
  StaffBankInSlipView,
} from '@lending/contracts';
import {
  BANK_IN_SLIP_DECIDER_ROLES,
  BANK_IN_SLIP_MAX_BYTES,
  BANK_IN_SLIP_REJECT_REASONS,
  BANK_IN_SLIP_TYPES,
} from '@lending/contracts';
import {
  BANK_IN_SLIP_STATUS_MACHINE,
  bankInSlipApprovals,
  bankInSlipSecondApprovalAboveSen,
  checkUpload,
  firstRefusal,
  isBankInSlipOpen,
  isIsoDate,
  type ProductSettings,
  refusedByRole,
  transition,
} from '@lending/domain';
import { fileTypeFromBuffer } from 'file-type/core';

import type { EmailSender } from '../../adapters/email/port';
import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { RecordEvent } from '../../kernel/events';
import type { PublicUrl } from '../../kernel/public-url';
import { inTransaction } from '../../kernel/transaction';
import { pdfActiveContentScanner } from '../files/pdf-scan';
import { ACTIVE_CONTENT_REFUSALS, cleanFileName, uploadRefusal } from '../files/service';
import type { RepaymentModule } from '../repayments/service';
import type { UserAccounts } from '../users/service';
import {
  SLIP_BEFORE_PAYOUT,
  SLIP_DECIDED,
  SLIP_INVALID_AMOUNT,
  SLIP_INVALID_DATE,
  SLIP_INVALID_REASON,
  SLIP_LOAN_NOT_ACTIVE,
  SLIP_LOAN_NOT_FOUND,
  SLIP_NOT_FOUND,
  SLIP_SAME_PAYMENT,
  SLIP_SAME_STAFF,
  slipApprovedEmail,
  slipRejectedEmail,
} from './messages';
import type { SlipRow, SlipStore } from './store';

type Borrower = Extract<Principal, { kind: 'applicant' }>;
type Staff = Extract<Principal, { kind: 'staff' }>;

/** RM1.00 to RM1,000,000.00: a bank transfer of a loan's size. */
const MIN_SEN = 100;
const MAX_SEN = 100_000_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Slips take what general documents take (spec section 5): PDF, PNG or JPEG up to 5 MB. */
const SLIP_RULE = {
  acceptedTypes: BANK_IN_SLIP_TYPES,
  maxBytes: BANK_IN_SLIP_MAX_BYTES,
  requiredFileCount: 0,
  maxFileCount: Number.MAX_SAFE_INTEGER,
};

/** Events' types are `area.verb` with a plain area (migrations/0960). */
export const SLIP_DECIDED_EVENT = 'slip.decided';

interface SlipAccount {
  id: string;
  tenant: string;
  userId: string;
  status: string;
  disbursedOn: string;
}

export interface SlipServiceDeps {
  db: Orm;
  store: SlipStore;
  /** The repayments store's reads of a loan account and its borrower's name. */
  accounts: {
    account(agreementId: string): Promise<{ account: SlipAccount } | undefined>;
    borrowerNameOf(agreementId: string): Promise<string>;
  };
  repayments: Pick<RepaymentModule, 'applyPayment'>;
  settings: { currentSettings(tenant: string): Promise<ProductSettings> };
  staffNames(ids: string[]): Promise<Map<string, string>>;
  users: Pick<UserAccounts, 'byId'>;
  storage: FileStorage;
  sealer: Sealer;
  email: EmailSender;
  clock: Clock;
  publicUrl: PublicUrl;
  recordEvent: RecordEvent;
}

export interface SlipUpload {
  amountSen: string | undefined;
  paidOn: string | undefined;
  fileName: string | undefined;
  bytes: Buffer;
  /** The parser stopped reading at the size limit. */
  truncated: boolean;
}

function borrowerView(row: SlipRow, receiptNo: string | null): BankInSlipView {
  return {
    id: row.id,
    agreementId: row.agreementId,
    status: row.status,
    amountSen: row.amountSen,
    paidOn: row.paidOn,
    originalFileName: row.originalFileName,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    rejectNote: row.rejectNote,
    receiptNo,
  };
}

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
  const slipNotFound = () => new HttpError(404, SLIP_NOT_FOUND, 'NOT_FOUND');
  const loanNotFound = () => new HttpError(404, SLIP_LOAN_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');

  /** The borrower's own loan account; another's answers as one that does not exist. */
  async function ownAccount(borrower: Borrower, agreementId: string) {
    if (!UUID.test(agreementId)) throw loanNotFound();
    const found = await accounts.account(agreementId).catch(() => undefined);
    if (!found || found.account.userId !== borrower.userId) throw loanNotFound();
    return found;
  }

  async function staffViews(
    rows: { slip: SlipRow; agreementNo: string }[],
    staff: Staff,
  ): Promise<StaffBankInSlipView[]> {
    const names = await deps.staffNames(
      rows.flatMap(({ slip }) => (slip.firstApprovedBy ? [slip.firstApprovedBy] : [])),
    );
    const receipts = await store.receiptNos(
      rows.flatMap(({ slip }) => (slip.paymentId ? [slip.paymentId] : [])),
    );
    const borrowerNames = new Map<string, string>();
    for (const { slip } of rows) {
      if (!borrowerNames.has(slip.agreementId)) {
        borrowerNames.set(slip.agreementId, await accounts.borrowerNameOf(slip.agreementId));
      }
    }
    return rows.map(({ slip, agreementNo }) => {
      const decide = refusedByRole(staff.roles, BANK_IN_SLIP_DECIDER_ROLES);
      const open = isBankInSlipOpen(slip.status);
      return {
        ...borrowerView(slip, slip.paymentId ? (receipts.get(slip.paymentId) ?? null) : null),
        agreementNo,
        borrowerName: borrowerNames.get(slip.agreementId) ?? '',
        mimeType: slip.mimeType,
        sizeBytes: slip.sizeBytes,
        approvalsNeeded: slip.approvalsNeeded === 2 ? 2 : 1,
        firstApprovedBy: slip.firstApprovedBy,
        firstApprovedByName: slip.firstApprovedBy
          ? (names.get(slip.firstApprovedBy) ?? null)
          : null,
        decidedBy: slip.decidedBy,
        actions: {
          approve: firstRefusal(
            decide,
            !open && 'nothingToDecide',
            slip.firstApprovedBy === staff.staffId && 'sameStaff',
          ),
          reject: firstRefusal(decide, !open && 'nothingToDecide'),
        },
      };
    });
  }

  async function decided(slipId: string): Promise<SlipRow> {
    return (await store.byId(slipId))!;
  }

  return {
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

    async queue(staff: Staff, tenant: string, all: boolean): Promise<StaffBankInSlipsResponse> {
      const rows = await store.queue(tenant, all);
      const settings = await deps.settings.currentSettings(tenant);
      const limit = bankInSlipSecondApprovalAboveSen(settings);
      return { items: await staffViews(rows, staff), secondApprovalAboveSen: limit };
    },

    /** The slip's bytes, for staff to open; every opening is audited (it is personal data). */
    async file(staff: Staff, slipId: string) {
      if (!UUID.test(slipId)) throw slipNotFound();
      const slip = await store.byId(slipId);
      if (!slip) throw slipNotFound();
      const sealed = await deps.storage.get(slip.storageKey);
      if (!sealed) throw slipNotFound();
      await writeAudit(db, {
        action: 'bank_in_slip.file_opened',
        actor: `staff:${staff.staffId}`,
        subject: `user:${slip.userId}`,
        entity: `bank-in-slip:${slip.id}`,
      });
      return {
        bytes: deps.sealer.openBytes(sealed),
        mimeType: slip.mimeType,
        fileName: slip.originalFileName,
      };
    },

    /** Approves: at or below the limit (or as the second person) the payment is booked. */
    async approve(staff: Staff, slipId: string): Promise<StaffBankInSlipView> {
      if (!UUID.test(slipId)) throw slipNotFound();
      await inTransaction(db, async (tx) => {
        const slip = await store.lock(tx, slipId);
        if (!slip) throw slipNotFound();
        const to =
          slip.status === 'SUBMITTED' && slip.approvalsNeeded > 1 ? 'CONFIRMING' : 'APPROVED';
        const allowed = transition(BANK_IN_SLIP_STATUS_MACHINE, slip.status, to, {
          actor: 'staff',
          actorId: staff.staffId,
          approvalLevels: slip.approvalsNeeded,
          ...(slip.firstApprovedBy ? { firstApproverId: slip.firstApprovedBy } : {}),
        });
        if (!allowed.ok) {
          if (allowed.reason === 'sameApprover') {
            throw new HttpError(403, SLIP_SAME_STAFF, 'FORBIDDEN');
          }
          throw new HttpError(409, SLIP_DECIDED, 'CONFLICT');
        }
        const at = clock.now();
        const actor = `staff:${staff.staffId}`;
        if (to === 'CONFIRMING') {
          if (
            !(await store.move(tx, slipId, slip.status, {
              status: to,
              firstApprovedBy: staff.staffId,
              firstApprovedAt: at,
            }))
          ) {
            throw new HttpError(409, SLIP_DECIDED, 'CONFLICT');
          }
          await writeAudit(tx, {
            action: 'bank_in_slip.first_approved',
            actor,
            subject: `user:${slip.userId}`,
            entity: `bank-in-slip:${slipId}`,
            from: slip.status,
            to,
            at,
            detail: { agreementId: slip.agreementId, amountSen: slip.amountSen },
          });
          return;
        }
        const booked = await deps.repayments.applyPayment(
          {
            agreementId: slip.agreementId,
            amountSen: slip.amountSen,
            channel: 'BANK_TRANSFER',
            externalRef: `slip:${slipId}`,
            paidAt: new Date(`${slip.paidOn}T00:00:00+08:00`),
            actor,
            // The borrower paid on that day: no late charge runs for the days the check took.
            valueDate: slip.paidOn,
          },
          tx,
        );
        if (
          !(await store.move(tx, slipId, slip.status, {
            status: 'APPROVED',
            decidedBy: staff.staffId,
            decidedAt: at,
            paymentId: booked.paymentId,
          }))
        ) {
          throw new HttpError(409, SLIP_DECIDED, 'CONFLICT');
        }
        await writeAudit(tx, {
          action: 'bank_in_slip.approved',
          actor,
          subject: `user:${slip.userId}`,
          entity: `bank-in-slip:${slipId}`,
          from: slip.status,
          to: 'APPROVED',
          at,
          detail: {
            agreementId: slip.agreementId,
            amountSen: slip.amountSen,
            paymentId: booked.paymentId,
            receiptNo: booked.receiptNo,
            ...(slip.firstApprovedBy ? { firstApprovedBy: `staff:${slip.firstApprovedBy}` } : {}),
          },
        });
        await deps.recordEvent(tx, {
          type: SLIP_DECIDED_EVENT,
          key: `${SLIP_DECIDED_EVENT}:${slipId}`,
          payload: { slipId },
        });
      });
      return this.staffView(staff, slipId);
    },

    async reject(
      staff: Staff,
      slipId: string,
      body: RejectBankInSlipBody,
    ): Promise<StaffBankInSlipView> {
      if (!UUID.test(slipId)) throw slipNotFound();
      const reason = body?.reason as BankInSlipRejectReason;
      const note = typeof body?.note === 'string' ? body.note.trim() : '';
      if (
        !(BANK_IN_SLIP_REJECT_REASONS as readonly string[]).includes(reason) ||
        note.length > 500 ||
        (reason === 'OTHER' && note.length < 5)
      ) {
        throw new HttpError(400, SLIP_INVALID_REASON, 'VALIDATION_FAILED');
      }
      await inTransaction(db, async (tx) => {
        const slip = await store.lock(tx, slipId);
        if (!slip) throw slipNotFound();
        const allowed = transition(BANK_IN_SLIP_STATUS_MACHINE, slip.status, 'REJECTED', {
          actor: 'staff',
          actorId: staff.staffId,
        });
        if (!allowed.ok) throw new HttpError(409, SLIP_DECIDED, 'CONFLICT');
        const at = clock.now();
        const moved = await store.move(tx, slipId, slip.status, {
          status: 'REJECTED',
          decidedBy: staff.staffId,
          decidedAt: at,
          rejectReason: reason,
          rejectNote: note || null,
        });
        if (!moved) throw new HttpError(409, SLIP_DECIDED, 'CONFLICT');
        await writeAudit(tx, {
          action: 'bank_in_slip.rejected',
          actor: `staff:${staff.staffId}`,
          subject: `user:${slip.userId}`,
          entity: `bank-in-slip:${slipId}`,
          from: slip.status,
          to: 'REJECTED',
          reason: note ? `${reason}: ${note}` : reason,
          at,
          detail: { agreementId: slip.agreementId, amountSen: slip.amountSen },
        });
        await deps.recordEvent(tx, {
          type: SLIP_DECIDED_EVENT,
          key: `${SLIP_DECIDED_EVENT}:${slipId}`,
          payload: { slipId },
        });
      });
      return this.staffView(staff, slipId);
    },

    async staffView(staff: Staff, slipId: string): Promise<StaffBankInSlipView> {
      const slip = await decided(slipId);
      const agreementNo = await store.agreementNoOf(slip.agreementId);
      return (await staffViews([{ slip, agreementNo }], staff))[0]!;
    },

    /** The event's handler, after the decision committed: the borrower is told it in their
     *  language. */
    async tellBorrower(slipId: string): Promise<void> {
      const slip = await store.byId(slipId);
      if (!slip || isBankInSlipOpen(slip.status)) return;
      const user = await deps.users.byId(slip.userId);
      if (!user?.email) return;
      const language: Language = user.language === 'MS' ? 'MS' : 'EN';
      const facts = {
        to: user.email,
        firstName: user.firstName,
        language,
        agreementNo: await store.agreementNoOf(slip.agreementId),
        amountSen: slip.amountSen,
        paidOn: slip.paidOn,
        pageUrl: `${deps.publicUrl()}/pay-instalment-now`,
      };
      if (slip.status === 'APPROVED') {
        const receipts = await store.receiptNos([slip.paymentId!]);
        await deps.email.send(
          slipApprovedEmail({ ...facts, receiptNo: receipts.get(slip.paymentId!) ?? '' }),
        );
      } else {
        await deps.email.send(
          slipRejectedEmail({ ...facts, reason: slip.rejectReason!, note: slip.rejectNote }),
        );
      }
    },
  };
}

export type SlipService = ReturnType<typeof createSlipService>;
