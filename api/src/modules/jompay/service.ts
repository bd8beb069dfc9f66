// JomPAY: the borrower pays at their own bank with the lender's biller code and their loan's
// Ref-1; the bank's daily biller file is imported by staff. Every line is checked (its form, the
// Ref-1's check digit, a loan behind the Ref-1, an amount above zero, a transaction reference not
// applied before) and the good ones are booked through the repayments module (channel JOMPAY,
// the bank's transaction reference as the channel reference), all in the import's transaction:
// importing the same file again books nothing twice and reports those lines as duplicates.
// DOMAIN.md asks four eyes for approvals, disbursements, waivers and write-offs; booking money
// the bank says it received is none of these, so one staff member imports.
import { createHash, randomBytes } from 'node:crypto';

import type {
  JompayDetails,
  JompayImportLineView,
  JompayImportList,
  JompayImportRequest,
  JompayImportSummary,
  JompayImportView,
  JompayLineReason,
  JompaySandboxFileRequest,
  TenantId,
} from '@lending/contracts';
import { jompayRef1, malaysiaDate, readJompayRef1 } from '@lending/domain';

import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { businessNow, type Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import type { AgreementService } from '../agreements/service';
import type { RepaymentModule } from '../repayments/service';
import { parseJompayFile, writeJompayFile } from './file-format';
import { JOMPAY_IMPORT_NOT_FOUND, JOMPAY_NOT_A_LOAN, JOMPAY_SANDBOX_ONLY } from './messages';
import type { JompayImportRow, JompayStore } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;
type Applicant = Extract<Principal, { kind: 'applicant' }>;

/** The sandbox bank's biller codes, one per lender, used when no real ones are configured. */
export const SANDBOX_BILLER_CODES: Readonly<Record<TenantId, string>> = {
  arkcash: '98001',
  redcash: '98002',
};

export interface JompayServiceDeps {
  db: Orm;
  store: JompayStore;
  agreements: Pick<AgreementService, 'ownedBy'>;
  repayments: Pick<RepaymentModule, 'applyPayment' | 'ensureReceipt' | 'accountByNumber'>;
  clock: Clock;
  /** The lenders' biller codes; the sandbox's when not given. */
  billerCodes?: Partial<Record<TenantId, string>>;
}

function summary(row: JompayImportRow): JompayImportSummary {
  return {
    id: row.id,
    fileName: row.fileName,
    billerCode: row.billerCode,
    fileDate: row.fileDate,
    importedAt: row.importedAt.toISOString(),
    importedBy: row.importedBy,
    lineCount: row.lineCount,
    appliedCount: row.appliedCount,
    duplicateCount: row.duplicateCount,
    rejectedCount: row.rejectedCount,
    appliedSen: row.appliedSen,
    fileError: (row.fileError as JompayImportSummary['fileError']) ?? null,
  };
}

export function createJompayService(deps: JompayServiceDeps) {
  const { db, store, repayments, clock } = deps;
  const sandbox = !deps.billerCodes;
  const billerCodeOf = (tenant: TenantId): string =>
    (deps.billerCodes ?? SANDBOX_BILLER_CODES)[tenant] ?? SANDBOX_BILLER_CODES[tenant];

  async function view(tenant: TenantId, id: string): Promise<JompayImportView> {
    const row = await store.importById(tenant, id).catch(() => undefined);
    if (!row) throw new HttpError(404, JOMPAY_IMPORT_NOT_FOUND, 'JOMPAY_IMPORT_NOT_FOUND');
    const lines = await store.lines(id);
    return {
      ...summary(row),
      lines: lines.map(({ line, agreementNo }): JompayImportLineView => ({
        lineNo: line.lineNo,
        transactionRef: line.transactionRef,
        ref1: line.ref1,
        amountSen: line.amountSen,
        paidAt: line.paidAt?.toISOString() ?? null,
        agreementNo: agreementNo ?? null,
        outcome: line.outcome,
        reason: (line.reason as JompayLineReason | null) ?? null,
        receiptNo: line.receiptNo,
      })),
    };
  }

  return {
    /** What the borrower keys in at their bank: the biller code and their loan's Ref-1. */
    async details(viewer: Applicant, agreementId: string): Promise<JompayDetails> {
      const agreement = await deps.agreements
        .ownedBy(viewer.userId, agreementId)
        .catch(() => undefined);
      const ref1 = agreement ? jompayRef1(agreement.agreementNo) : null;
      if (!agreement || !ref1 || agreement.status !== 'DISBURSED') {
        throw new HttpError(404, JOMPAY_NOT_A_LOAN, 'LOAN_ACCOUNT_NOT_FOUND');
      }
      return {
        agreementId,
        agreementNo: agreement.agreementNo,
        billerCode: billerCodeOf(viewer.tenant),
        ref1,
      };
    },

    async list(tenant: TenantId): Promise<JompayImportList> {
      return {
        billerCode: billerCodeOf(tenant),
        sandbox,
        items: (await store.imports(tenant)).map(summary),
      };
    },

    detail: view,

    /** Imports a biller file: every line checked, the good ones booked, once. */
    async importFile(
      staff: Staff,
      tenant: TenantId,
      input: JompayImportRequest,
      ip: string | null,
    ): Promise<JompayImportView> {
      const billerCode = billerCodeOf(tenant);
      const parsed = parseJompayFile(input.content, billerCode);
      const actor = `staff:${staff.staffId}`;
      const at = clock.now();
      const booked: string[] = [];
      const id = await inTransaction(db, async (tx) => {
        const row = await store.insertImport(tx, {
          tenant,
          fileName: input.fileName.trim(),
          fileSha256: createHash('sha256').update(input.content).digest('hex'),
          billerCode: parsed.billerCode ?? billerCode,
          fileDate: parsed.fileDate,
          lineCount: 0,
          appliedCount: 0,
          duplicateCount: 0,
          rejectedCount: 0,
          appliedSen: 0,
          fileError: parsed.ok ? null : parsed.error,
          importedBy: actor,
          importedAt: at,
        });
        const counts = {
          lineCount: 0,
          appliedCount: 0,
          duplicateCount: 0,
          rejectedCount: 0,
          appliedSen: 0,
        };
        const seen = new Set<string>();
        for (const line of parsed.ok ? parsed.lines : []) {
          counts.lineCount += 1;
          const base = { importId: row.id, lineNo: line.ok ? line.credit.lineNo : line.lineNo };
          const reject = async (
            reason: JompayLineReason,
            extra: Partial<Parameters<JompayStore['insertLine']>[1]> = {},
          ) => {
            counts.rejectedCount += 1;
            await store.insertLine(tx, { ...base, outcome: 'REJECTED', reason, ...extra });
          };
          if (!line.ok) {
            await reject('MALFORMED_LINE', {
              transactionRef: line.transactionRef?.slice(0, 100) ?? null,
              ref1: line.ref1?.slice(0, 40) ?? null,
            });
            continue;
          }
          const { credit } = line;
          const facts = {
            transactionRef: credit.transactionRef,
            ref1: credit.ref1.slice(0, 40),
            amountSen: credit.amountSen,
            paidAt: credit.paidAt,
          };
          const reading = readJompayRef1(credit.ref1);
          if (!reading.ok) {
            await reject(
              reading.reason === 'checkDigit' ? 'BAD_CHECK_DIGIT' : 'UNKNOWN_REF1',
              facts,
            );
            continue;
          }
          const account = await repayments.accountByNumber(
            tenant,
            reading.year,
            reading.serial,
            tx,
          );
          if (!account) {
            await reject('UNKNOWN_REF1', facts);
            continue;
          }
          const withLoan = { ...facts, agreementId: account.agreementId };
          if (credit.amountSen <= 0) {
            await reject('AMOUNT_NOT_POSITIVE', withLoan);
            continue;
          }
          const earlier = await store.appliedLine(tx, credit.transactionRef);
          if (earlier || seen.has(credit.transactionRef)) {
            counts.duplicateCount += 1;
            await store.insertLine(tx, {
              ...base,
              ...withLoan,
              outcome: 'DUPLICATE',
              reason: 'DUPLICATE_TRANSACTION',
              receiptNo: earlier?.receiptNo ?? null,
            });
            continue;
          }
          seen.add(credit.transactionRef);
          // The repayments module books a channel reference once: one booked some other way is
          // reported as a duplicate, never booked again. A savepoint keeps the import going.
          const payment = await inTransaction(tx, (savepoint) =>
            repayments.applyPayment(
              {
                agreementId: account.agreementId,
                amountSen: credit.amountSen,
                channel: 'JOMPAY',
                externalRef: credit.transactionRef,
                paidAt: credit.paidAt,
                // Paid yesterday at the bank, imported today: applied as of the day it was paid.
                valueDate: malaysiaDate(credit.paidAt),
                actor,
              },
              savepoint,
            ),
          ).catch((error: unknown) => {
            // The reference was booked before for another loan or amount: not this credit.
            if (error instanceof HttpError && error.code === 'PAYMENT_REF_TAKEN') return null;
            throw error;
          });
          if (!payment || payment.duplicate) {
            counts.duplicateCount += 1;
            await store.insertLine(tx, {
              ...base,
              ...withLoan,
              outcome: 'DUPLICATE',
              reason: 'DUPLICATE_TRANSACTION',
              receiptNo: payment?.receiptNo ?? null,
            });
            continue;
          }
          booked.push(payment.paymentId);
          counts.appliedCount += 1;
          counts.appliedSen += credit.amountSen;
          await store.insertLine(tx, {
            ...base,
            ...withLoan,
            outcome: 'APPLIED',
            paymentId: payment.paymentId,
            receiptNo: payment.receiptNo,
          });
        }
        await store.finishImport(tx, row.id, counts);
        await writeAudit(tx, {
          action: 'jompay.imported',
          actor,
          subject: `tenant:${tenant}`,
          entity: `jompay-import:${row.id}`,
          ip,
          at,
          detail: {
            fileName: row.fileName,
            fileSha256: row.fileSha256,
            fileError: row.fileError,
            ...counts,
          },
        });
        return row.id;
      });
      // Receipts are made (and emailed) once the payments are committed; one that fails is made
      // again by the daily job.
      for (const paymentId of booked) {
        await repayments.ensureReceipt(paymentId).catch(() => null);
      }
      return view(tenant, id);
    },

    /** A biller file as the sandbox bank would send it for these credits (sandbox biller only). */
    sandboxFile(tenant: TenantId, input: JompaySandboxFileRequest): string {
      if (!sandbox) throw new HttpError(409, JOMPAY_SANDBOX_ONLY, 'JOMPAY_SANDBOX_ONLY');
      // The sandbox bank keeps the sandbox's days: its credits are paid on the business date (a
      // real bank's file says the day the money was paid, which the import books them as of).
      const now = businessNow(clock);
      return writeJompayFile({
        billerCode: billerCodeOf(tenant),
        fileDate: now,
        credits: input.credits.map((credit) => ({
          transactionRef: `JP${randomBytes(8).toString('hex').toUpperCase()}`,
          ref1: credit.ref1.replace(/[\s-]/g, ''),
          ref2: '',
          amountSen: credit.amountSen,
          paidAt: now,
        })),
      });
    },
  };
}

export type JompayService = ReturnType<typeof createJompayService>;
