// What the lender keeps for and gives the regulator: the borrower ledger of a loan (Lampiran A) and
// the KPKT iDeal return of a period. Every figure is the statement of account's (the accounts
// service reads the books); where each loan stood comes from the domain (`standingOn`,
// `borrowerLedger`); columns and value lists are the domain's reading (`IDEAL_COLUMNS`). A return
// that would hold a bad row is refused whole, with every bad row named. Both are audited: they
// take personal data out.
import type { IdealBadRow, Language, StatementLanguage, TenantId } from '@lending/contracts';
import {
  addDays,
  borrowerLedger,
  compareDates,
  IDEAL_COLUMNS,
  idealRow,
  isIsoDate,
  standingOn,
} from '@lending/domain';

import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { ACCOUNT_NOT_FOUND } from '../accounts/messages';
import type { AccountsModule } from '../accounts/service';
import { LENDERS } from '../agreement-documents/lender';
import { csvRecord, UTF8_BOM } from '../audit-log/csv';
import { borrowerLedgerCsv, borrowerLedgerPdf, type LedgerFacts } from './lampiran-a';
import { PERIOD_INVALID, PERIOD_NOT_ENDED } from './messages';
import type { RegulatorLoan, RegulatorStore } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;

export interface RegulatorServiceDeps {
  db: Orm;
  store: RegulatorStore;
  accounts: AccountsModule;
  clock: Clock;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type IdealExport =
  | { ok: true; fileName: string; rows: number; body: string }
  | { ok: false; badRows: IdealBadRow[] };

export function createRegulatorService(deps: RegulatorServiceDeps) {
  const { db, store, accounts, clock } = deps;
  const notFound = () => new HttpError(404, ACCOUNT_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');

  async function loanOf(agreementId: string): Promise<RegulatorLoan> {
    if (!UUID.test(agreementId)) throw notFound();
    const loan = await store.byAgreementId(agreementId).catch(() => undefined);
    if (!loan) throw notFound();
    return loan;
  }

  async function ledgerFacts(loan: RegulatorLoan): Promise<LedgerFacts> {
    const facts = await accounts.statementOf(loan.agreementId);
    return {
      ...facts,
      // The ledger is the borrowing business's, as the agreement names it.
      borrowerName: loan.borrowerName,
      borrowerRegistrationNo: loan.registrationNo,
      annualRateBp: loan.annualRateBp,
      secured: loan.secured,
      rows: borrowerLedger(facts.statement),
    };
  }

  async function audited(
    staff: Staff,
    loan: RegulatorLoan,
    facts: LedgerFacts,
    format: 'pdf' | 'csv',
    language?: StatementLanguage,
  ) {
    await writeAudit(db, {
      action: 'ledger.downloaded',
      actor: `staff:${staff.staffId}`,
      subject: `user:${loan.userId}`,
      entity: `loan-account:${loan.accountId}`,
      detail: {
        agreementId: loan.agreementId,
        format,
        ...(language ? { language } : {}),
        asOf: facts.statement.asOf,
      },
    });
  }

  return {
    /** The borrower ledger of any loan as PDF; the download is audited. */
    async ledgerPdf(staff: Staff, agreementId: string, language: StatementLanguage) {
      const loan = await loanOf(agreementId);
      const facts = await ledgerFacts(loan);
      const lang: Language = language === 'bm' ? 'MS' : 'EN';
      const lender = LENDERS[loan.tenant as TenantId] ?? LENDERS.arkcash;
      const bytes = await borrowerLedgerPdf(facts, lang, lender);
      await audited(staff, loan, facts, 'pdf', language);
      return {
        bytes,
        fileName: `lampiran-a-${loan.agreementNo}-${facts.statement.asOf}-${language}.pdf`,
      };
    },

    /** The borrower ledger as CSV; the download is audited. */
    async ledgerCsv(staff: Staff, agreementId: string) {
      const loan = await loanOf(agreementId);
      const facts = await ledgerFacts(loan);
      const body = borrowerLedgerCsv(facts);
      await audited(staff, loan, facts, 'csv');
      return {
        body,
        fileName: `lampiran-a-${loan.agreementNo}-${facts.statement.asOf}.csv`,
        rows: facts.rows.length,
      };
    },

    /** The ledger's rows and figures without a file (the tests compare them to the statement). */
    async ledgerOf(agreementId: string): Promise<LedgerFacts> {
      return ledgerFacts(await loanOf(agreementId));
    },

    /**
     * The iDeal return of the loans of `from`..`to`: every loan paid out by the end of the period
     * and not settled or written off before it began, as it stood at the period's end. Refused
     * whole when a row is bad; the export and the refusal are both audited (the filters and
     * counts, never the rows' personal data).
     */
    async idealExport(
      staff: Staff,
      period: { from: string; to: string },
      ip: string | null,
    ): Promise<IdealExport> {
      const { from, to } = period;
      if (!isIsoDate(from) || !isIsoDate(to) || compareDates(from, to) > 0) {
        throw new HttpError(400, PERIOD_INVALID, 'VALIDATION_FAILED');
      }
      if (compareDates(to, malaysiaToday(clock)) > 0) {
        throw new HttpError(400, PERIOD_NOT_ENDED, 'VALIDATION_FAILED');
      }
      const dayBefore = addDays(from, -1);
      const rows: { loan: RegulatorLoan; row: ReturnType<typeof idealRow> }[] = [];
      for (const loan of await store.paidOutBy(to)) {
        const facts = await accounts.statementOf(loan.agreementId);
        const before = standingOn(facts.statement, dayBefore);
        if (before?.standing === 'SETTLED' || before?.standing === 'WRITTEN_OFF') continue;
        const row = idealRow(rows.length + 1, {
          loanNo: loan.agreementNo,
          borrowerName: loan.borrowerName,
          registrationNo: loan.registrationNo,
          organizationType: loan.organizationType,
          disbursedOn: loan.disbursedOn,
          secured: loan.secured,
          principalSen: loan.principalSen,
          annualRateBp: loan.annualRateBp,
          tenureMonths: loan.tenureMonths,
          monthlyInstalmentSen: facts.monthlyInstalmentSen,
          totalRepayableSen: loan.totalRepayableSen,
          figures: standingOn(facts.statement, to),
        });
        rows.push({ loan, row });
      }
      const badRows: IdealBadRow[] = rows
        .filter(({ row }) => row.problems.length > 0)
        .map(({ loan, row }) => ({
          agreementId: loan.agreementId,
          loanNo: loan.agreementNo,
          problems: row.problems,
        }));
      const at = clock.now();
      const actor = `staff:${staff.staffId}`;
      if (badRows.length > 0) {
        await writeAudit(db, {
          action: 'regulator.ideal_refused',
          actor,
          subject: null,
          ip,
          at,
          detail: {
            from,
            to,
            rows: rows.length,
            badRows: badRows.map((bad) => ({
              loanNo: bad.loanNo,
              columns: bad.problems.map((p) => p.column),
            })),
          },
        });
        return { ok: false, badRows };
      }
      let body = UTF8_BOM + csvRecord(IDEAL_COLUMNS);
      for (const { row } of rows) body += csvRecord(IDEAL_COLUMNS.map((c) => row.cells[c]));
      await writeAudit(db, {
        action: 'regulator.ideal_exported',
        actor,
        subject: null,
        ip,
        at,
        detail: { from, to, rows: rows.length },
      });
      return { ok: true, fileName: `kpkt-ideal-${from}-${to}.csv`, rows: rows.length, body };
    },
  };
}

export type RegulatorModule = ReturnType<typeof createRegulatorService>;
