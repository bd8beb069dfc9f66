// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { JompayImportView } from '@lending/contracts';
import { brandStore, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { render, screen, within } from '@testing-library/react';

import { ImportResult } from './jompay-page';

jest.setTimeout(30_000);
brandStore.set(arkcash);

const IMPORTED: JompayImportView = {
  id: '00000000-0000-4000-8000-000000000001',
  fileName: 'jompay-20260301.txt',
  billerCode: '98001',
  fileDate: '2026-03-01',
  importedAt: '2026-03-02T01:00:00.000Z',
  importedBy: 'staff:1',
  lineCount: 3,
  appliedCount: 1,
  duplicateCount: 1,
  rejectedCount: 1,
  appliedSen: 51_667,
  fileError: null,
  lines: [
    {
      lineNo: 1,
      transactionRef: 'JP0001',
      ref1: '20260001230',
      amountSen: 51_667,
      paidAt: '2026-03-01T01:00:00.000Z',
      agreementNo: 'AGR-AC-2026-000123',
      outcome: 'APPLIED',
      reason: null,
      receiptNo: 'OR00000007',
    },
    {
      lineNo: 2,
      transactionRef: 'JP0002',
      ref1: '20260001231',
      amountSen: 100,
      paidAt: '2026-03-01T01:00:00.000Z',
      agreementNo: null,
      outcome: 'REJECTED',
      reason: 'BAD_CHECK_DIGIT',
      receiptNo: null,
    },
    {
      lineNo: 3,
      transactionRef: 'JP0001',
      ref1: '20260001230',
      amountSen: 51_667,
      paidAt: '2026-03-01T01:00:00.000Z',
      agreementNo: 'AGR-AC-2026-000123',
      outcome: 'DUPLICATE',
      reason: 'DUPLICATE_TRANSACTION',
      receiptNo: 'OR00000007',
    },
  ],
};

const renderInAdmin = (node: React.ReactNode) => render(<PlatformRoot>{node}</PlatformRoot>);

describe('the JomPAY import result', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows each line’s outcome, the reason of a refused one and the receipt of a booked one', () => {
    renderInAdmin(<ImportResult result={IMPORTED} />);
    expect(
      screen.getByText(/3 lines: 1 booked \(RM 516\.67\), 1 already imported, 1 refused/),
    ).toBeTruthy();
    const lines = screen.getAllByTestId('jompay-line');
    expect(lines).toHaveLength(3);
    expect(within(lines[0]!).getByText('Booked')).toBeTruthy();
    expect(within(lines[0]!).getByText('OR00000007')).toBeTruthy();
    expect(within(lines[1]!).getByText(/mistyped/)).toBeTruthy();
    expect(within(lines[2]!).getByText('Already imported')).toBeTruthy();
  });

  it('says why a whole file was refused, in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInAdmin(
      <ImportResult result={{ ...IMPORTED, fileError: 'WRONG_BILLER', lines: [], lineCount: 0 }} />,
    );
    expect(screen.getByText('Fail ini untuk kod biller lain')).toBeTruthy();
    expect(screen.queryAllByTestId('jompay-line')).toHaveLength(0);
  });
});
