// Finance's side of bank-in slips: the queue, the slip itself, and the decisions (see service.ts).
import type {
  BankInSlipRejectReason,
  Language,
  RejectBankInSlipBody,
  StaffBankInSlipsResponse,
  StaffBankInSlipView,
} from '@lending/contracts';
import { BANK_IN_SLIP_DECIDER_ROLES, BANK_IN_SLIP_REJECT_REASONS } from '@lending/contracts';
import {
  BANK_IN_SLIP_STATUS_MACHINE,
  bankInSlipSecondApprovalAboveSen,
  firstRefusal,
  isBankInSlipOpen,
  refusedByRole,
  transition,
} from '@lending/domain';

import { writeAudit } from '../../kernel/audit';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import {
  SLIP_DECIDED,
  SLIP_INVALID_REASON,
  SLIP_NOT_FOUND,
  SLIP_SAME_STAFF,
  slipApprovedEmail,
  slipRejectedEmail,
} from './messages';
import type { SlipRow } from './store';
import { borrowerView, SLIP_DECIDED_EVENT, type SlipServiceDeps, type Staff, UUID } from './views';

/**
 * Finance's side: the queue, the slip itself, and the decisions. Approval passes the slip's status
 * machine and books the payment in one transaction; the borrower is told after commit.
 */
export function createSlipDecisions(deps: SlipServiceDeps) {
  const { db, store, accounts, clock } = deps;
  const slipNotFound = () => new HttpError(404, SLIP_NOT_FOUND, 'NOT_FOUND');

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

  async function staffViewOf(staff: Staff, slipId: string): Promise<StaffBankInSlipView> {
    const slip = await decided(slipId);
    const agreementNo = await store.agreementNoOf(slip.agreementId);
    return (await staffViews([{ slip, agreementNo }], staff))[0]!;
  }

  return {
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
      return staffViewOf(staff, slipId);
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
      return staffViewOf(staff, slipId);
    },

    staffView: staffViewOf,

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

export type SlipDecisions = ReturnType<typeof createSlipDecisions>;
