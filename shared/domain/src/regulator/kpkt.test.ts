import { standingOn } from '../loan/borrower-ledger';
import { statementOfAccount } from '../loan/statement-of-account';
import {
  formDate,
  IDEAL_COLUMNS,
  IDEAL_VALUE_LISTS,
  type IdealLoanFacts,
  idealRow,
  LAMPIRAN_A_COLUMNS,
} from './kpkt';

const GOOD: IdealLoanFacts = {
  loanNo: 'AGR-AC-2026-000042',
  borrowerName: 'Kedai Runcit Aminah',
  registrationNo: '2021 03 000123',
  organizationType: 'SOLE_PROP',
  disbursedOn: '2026-01-05',
  secured: false,
  principalSen: 1_000_000,
  annualRateBp: 1680,
  tenureMonths: 12,
  monthlyInstalmentSen: 97_333,
  totalRepayableSen: 1_168_000,
  figures: { standing: 'IN_ARREARS', balanceSen: 1_070_780, paidSen: 97_333, arrearsSen: 113 },
};

describe('the KPKT iDeal return', () => {
  it('writes a complete loan in the return’s spellings, amounts in ringgit and sen', () => {
    const row = idealRow(1, GOOD);
    expect(row.problems).toEqual([]);
    expect(IDEAL_COLUMNS.map((column) => row.cells[column])).toEqual([
      '1',
      'AGR-AC-2026-000042',
      'Kedai Runcit Aminah',
      '202103000123',
      'Milikan Tunggal',
      '05/01/2026',
      'Tidak Bercagar',
      '10000.00',
      '16.80',
      '12',
      '973.33',
      '11680.00',
      '973.33',
      '10707.80',
      '1.13',
      'Tertunggak',
    ]);
    expect(
      idealRow(2, { ...GOOD, secured: true, annualRateBp: 1200 }).cells['Jenis Pinjaman'],
    ).toBe('Bercagar');
  });

  it('holds every listed column to its list', () => {
    expect(IDEAL_VALUE_LISTS).toEqual({
      'Jenis Peminjam': ['Milikan Tunggal', 'Perkongsian', 'Syarikat'],
      'Jenis Pinjaman': ['Bercagar', 'Tidak Bercagar'],
      'Status Pinjaman': ['Semasa', 'Tertunggak', 'Selesai', 'Hapus Kira'],
    });
    for (const column of Object.keys(IDEAL_VALUE_LISTS)) {
      expect(IDEAL_COLUMNS).toContain(column);
    }
  });

  it('names what is wrong with an incomplete account', () => {
    const row = idealRow(3, {
      ...GOOD,
      borrowerName: '  ',
      registrationNo: null,
      organizationType: 'TRUST',
      figures: null,
    });
    expect(row.problems).toEqual([
      { column: 'Nama Peminjam', problem: 'MISSING' },
      { column: 'No. K/P / No. Pendaftaran', problem: 'MISSING' },
      { column: 'Jenis Peminjam', problem: 'NOT_IN_LIST' },
      { column: 'Jumlah Dibayar (RM)', problem: 'MISSING' },
      { column: 'Baki Pinjaman (RM)', problem: 'MISSING' },
      { column: 'Tunggakan (RM)', problem: 'MISSING' },
      { column: 'Status Pinjaman', problem: 'MISSING' },
    ]);
    expect(row.cells['Jenis Peminjam']).toBe('');
  });

  it('refuses values that cannot be: a number SSM would not issue, a rate past the cap', () => {
    expect(idealRow(4, { ...GOOD, registrationNo: '2021 09 000123' }).problems).toEqual([
      { column: 'No. K/P / No. Pendaftaran', problem: 'INVALID' },
    ]);
    // Registered after the loan was paid out.
    expect(idealRow(4, { ...GOOD, registrationNo: '2027 03 000123' }).problems).toEqual([
      { column: 'No. K/P / No. Pendaftaran', problem: 'INVALID' },
    ]);
    expect(idealRow(5, { ...GOOD, secured: true, annualRateBp: 1680 }).problems).toEqual([
      { column: 'Kadar Faedah Setahun (%)', problem: 'INVALID' },
    ]);
    expect(idealRow(6, { ...GOOD, annualRateBp: 1801 }).problems).toEqual([
      { column: 'Kadar Faedah Setahun (%)', problem: 'INVALID' },
    ]);
    expect(idealRow(7, { ...GOOD, tenureMonths: 0, secured: null }).problems).toEqual([
      { column: 'Jenis Pinjaman', problem: 'MISSING' },
      { column: 'Tempoh Pinjaman (Bulan)', problem: 'INVALID' },
    ]);
    expect(idealRow(8, { ...GOOD, totalRepayableSen: 999_999 }).problems).toEqual([
      { column: 'Jumlah Bayaran Balik (RM)', problem: 'INVALID' },
    ]);
  });

  it('writes credit kept as nothing owed, and dates as Malaysian forms do', () => {
    const settled = idealRow(9, {
      ...GOOD,
      figures: { standing: 'SETTLED', balanceSen: -500, paidSen: 1_168_500, arrearsSen: 0 },
    });
    expect(settled.cells['Baki Pinjaman (RM)']).toBe('0.00');
    expect(settled.cells['Status Pinjaman']).toBe('Selesai');
    expect(formDate('2026-12-31')).toBe('31/12/2026');
  });

  it('reports a loan paid over, closed and refunded as paid net of the refund', () => {
    const statement = statementOfAccount({
      asOf: '2026-02-28',
      disbursedOn: '2026-01-05',
      principalSen: 100_000,
      totalInterestSen: 1_000,
      instalments: [
        {
          instalmentNo: 1,
          dueDate: '2026-02-05',
          instalmentSen: 101_000,
          principalSen: 100_000,
          interestSen: 1_000,
        },
      ],
      payments: [
        { reference: 'OR1', businessDate: '2026-02-05', amountSen: 101_500, allocations: [] },
      ],
      accruals: [],
      waivers: [],
      rebates: [],
      refunds: [{ reference: 'RF1', businessDate: '2026-02-10', amountSen: 500 }],
    });
    const facts = { ...GOOD, principalSen: 100_000, totalRepayableSen: 101_000, tenureMonths: 6 };
    const closed = idealRow(1, { ...facts, figures: standingOn(statement, '2026-02-28') });
    expect(closed.cells['Jumlah Dibayar (RM)']).toBe('1010.00');
    expect(closed.cells['Baki Pinjaman (RM)']).toBe('0.00');
    expect(closed.cells['Status Pinjaman']).toBe('Selesai');
    // Read before the refund, the credit was still held: paid as received.
    const held = idealRow(1, { ...facts, figures: standingOn(statement, '2026-02-09') });
    expect(held.cells['Jumlah Dibayar (RM)']).toBe('1015.00');
  });

  it('keeps the borrower ledger’s columns in Malay, a remark code last', () => {
    expect(LAMPIRAN_A_COLUMNS.at(-1)).toBe('Kod Catatan');
    expect(new Set(LAMPIRAN_A_COLUMNS).size).toBe(LAMPIRAN_A_COLUMNS.length);
  });
});
