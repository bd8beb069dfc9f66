// Time to build a 24-month statement of account, and its figures. The books are made by the
// domain engine the API uses (a payment brings the account up to its day, then is allocated late
// charges, interest, principal): RM10,000 unsecured at 16.8% a year over 24 months, every fourth
// instalment paid 12 days late, one late charge waiver; the statement is as of 30 days after the last due date.
// No database: the ledger is what is measured, with the PDF in English and Bahasa Melayu.
// Run: pnpm --filter @lending/api bench:statement
import {
  type AccountLedger,
  addDays,
  allocate,
  allocateWaiver,
  catchUp,
  formatRinggit,
  instalmentPositions,
  repaymentScheduleRows,
  type StatementInput,
  statementOfAccount,
} from '@lending/domain';
import { PDFDocument } from 'pdf-lib';

import { statementPdf } from '../src/modules/accounts/statement';
import { LENDERS } from '../src/modules/agreement-documents/lender';

const RUNS = Number(process.env.RUNS ?? 5);
const terms = { principalSen: 1_000_000, tenureMonths: 24, annualRateBp: 1680 };
const rows = repaymentScheduleRows(terms, '2027-01-05');
const totalInterestSen = rows.reduce((sum, row) => sum + row.interestSen, 0);
const asOf = addDays(rows.at(-1)!.dueDate, 30);

function books(): { input: StatementInput; ledger: AccountLedger } {
  let ledger: AccountLedger = { instalments: rows, allocations: [], accruals: [], creditSen: 0 };
  const payments: StatementInput['payments'][number][] = [];
  const waivers: StatementInput['waivers'][number][] = [];
  let receipt = 0;
  for (const row of rows) {
    const late = row.instalmentNo % 4 === 0;
    const day = late ? addDays(row.dueDate, 12) : addDays(row.dueDate, -2);
    ledger = catchUp(ledger, day).ledger;
    const positions = instalmentPositions(ledger, day);
    if (row.instalmentNo === 12) {
      // Staff waive half of the late charges outstanding before the borrower pays.
      const owed = positions.reduce((sum, p) => sum + p.lateChargesUnpaidSen, 0);
      const lines = allocateWaiver(positions, Math.floor(owed / 2));
      ledger = { ...ledger, waivers: [...(ledger.waivers ?? []), ...lines] };
      waivers.push({
        reference: 'WV-BENCH',
        businessDate: day,
        amountSen: lines.reduce((sum, line) => sum + line.amountSen, 0),
      });
    }
    const owedNow = instalmentPositions(ledger, day)
      .filter((p) => p.dueDate <= day || p.instalmentNo === row.instalmentNo)
      .reduce((sum, p) => sum + p.unpaidSen + p.lateChargesUnpaidSen, 0);
    const { lines, leftSen } = allocate(instalmentPositions(ledger, day), owedNow, day, true);
    receipt += 1;
    payments.push({
      reference: `OR${String(receipt).padStart(8, '0')}`,
      businessDate: day,
      amountSen: owedNow,
      allocations: lines,
    });
    ledger = {
      ...ledger,
      allocations: [
        ...ledger.allocations,
        ...lines.map((line) => ({ ...line, businessDate: day })),
      ],
      creditSen: ledger.creditSen + leftSen,
    };
  }
  ledger = catchUp(ledger, asOf).ledger;
  return {
    ledger,
    input: {
      asOf,
      disbursedOn: '2026-12-05',
      principalSen: terms.principalSen,
      totalInterestSen,
      instalments: rows,
      payments,
      accruals: ledger.accruals,
      waivers,
      rebates: [],
    },
  };
}

const ledgerTimes: number[] = [];
const statementTimes: number[] = [];
const pdfTimes: { EN: number[]; MS: number[] } = { EN: [], MS: [] };
let sizes = { EN: 0, MS: 0 };
let pages = 0;
let last: ReturnType<typeof statementOfAccount> | undefined;
let ledger: AccountLedger | undefined;
for (let run = 0; run < RUNS; run += 1) {
  let start = performance.now();
  const made = books();
  ledgerTimes.push(performance.now() - start);
  start = performance.now();
  last = statementOfAccount(made.input);
  statementTimes.push(performance.now() - start);
  ledger = made.ledger;
  for (const language of ['EN', 'MS'] as const) {
    start = performance.now();
    const pdf = await statementPdf(
      {
        agreementNo: 'AGR-AC-2026-000001',
        borrowerName: 'Kedai Runcit Maju Sdn. Bhd.',
        status: 'CLOSED',
        disbursedOn: '2026-12-05',
        principalSen: terms.principalSen,
        totalInterestSen,
        tenureMonths: 24,
        statement: last,
        createdAt: new Date(),
      },
      language,
      LENDERS.arkcash,
    );
    pdfTimes[language].push(performance.now() - start);
    sizes = { ...sizes, [language]: pdf.length };
    if (language === 'EN') pages = (await PDFDocument.load(pdf)).getPageCount();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const statement = last!;
const positions = instalmentPositions(ledger!, asOf);
const owed =
  positions.reduce((sum, p) => sum + p.unpaidSen + p.lateChargesUnpaidSen, 0) - ledger!.creditSen;
console.log(
  `24-month statement of account, ${RUNS} runs (median): ledger ${median(ledgerTimes).toFixed(1)} ms, ` +
    `statement ${median(statementTimes).toFixed(2)} ms, PDF EN ${median(pdfTimes.EN).toFixed(0)} ms, ` +
    `PDF BM ${median(pdfTimes.MS).toFixed(0)} ms`,
);
console.log(
  `PDF: ${pages} pages, ${(sizes.EN / 1024).toFixed(1)} KiB EN, ${(sizes.MS / 1024).toFixed(1)} KiB BM; ` +
    `${statement.entries.length} lines`,
);
console.log(
  [
    `opening ${formatRinggit(statement.openingSen)}`,
    `instalments due ${formatRinggit(statement.totals.instalmentsDueSen)}`,
    `late charges ${formatRinggit(statement.totals.lateChargesSen)}`,
    `waived ${formatRinggit(statement.totals.waiversSen)}`,
    `paid ${formatRinggit(statement.totals.paymentsSen)}`,
    `closing ${formatRinggit(statement.closingBalanceSen)}`,
    `ledger owes ${formatRinggit(owed)}`,
  ].join(', '),
);
if (statement.closingBalanceSen !== owed) {
  console.error('the statement does not close on what the ledger owes');
  process.exit(1);
}
