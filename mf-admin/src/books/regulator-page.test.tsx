// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { IdealExportRefusal } from '@lending/contracts';
import { brandStore, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { act, fireEvent, render, screen, within } from '@testing-library/react';

import { booksApi } from './books-api';
import { BadRows, lastMonth, RegulatorPage } from './regulator-page';
import { LedgerDownload } from './statement-download';

jest.setTimeout(30_000);
brandStore.set(arkcash);

const renderInAdmin = (node: React.ReactNode) => render(<PlatformRoot>{node}</PlatformRoot>);

const REFUSAL: IdealExportRefusal = {
  statusCode: 422,
  error: 'Unprocessable Entity',
  message: 'The return cannot be exported',
  code: 'IDEAL_EXPORT_REFUSED',
  badRows: [
    {
      agreementId: '00000000-0000-4000-8000-000000000001',
      loanNo: 'AGR-AC-2026-000042',
      problems: [
        { column: 'No. K/P / No. Pendaftaran', problem: 'MISSING' },
        { column: 'Kadar Faedah Setahun (%)', problem: 'INVALID' },
      ],
    },
  ],
};

/** What a blob request receives when the server refuses: the JSON body as bytes. */
const refusedWith = (body: unknown) => ({
  response: {
    status: 422,
    data: new Blob([JSON.stringify(body)], { type: 'application/json' }),
  },
});

describe('the regulator’s return screen', () => {
  beforeEach(() => setLanguage('EN'));
  afterEach(() => jest.restoreAllMocks());

  it('offers last calendar month in Malaysia time by default', () => {
    // 1 March 2026, 07:30 in Kuala Lumpur: still 28 February in UTC.
    expect(lastMonth(new Date('2026-02-28T23:30:00Z'))).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(lastMonth(new Date('2026-01-15T04:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('lists each bad row with a link to its account and what is wrong, in English and Malay', () => {
    const { unmount } = renderInAdmin(<BadRows badRows={REFUSAL.badRows} />);
    const rows = screen.getByTestId('bad-rows');
    const link = within(rows).getByRole('link', {
      name: 'Open the loan account AGR-AC-2026-000042',
    });
    expect(link.getAttribute('href')).toBe('/admin/accounts?agreementNo=AGR-AC-2026-000042');
    expect(rows.textContent).toContain(
      'Registration number (“No. K/P / No. Pendaftaran”): missing',
    );
    expect(rows.textContent).toContain(
      'Interest rate per annum (“Kadar Faedah Setahun (%)”): not a possible value',
    );
    expect(screen.getByRole('alert').textContent).toContain('1 loan has a value missing');
    unmount();
    setLanguage('MS');
    renderInAdmin(<BadRows badRows={REFUSAL.badRows} />);
    const malay = screen.getByTestId('bad-rows');
    expect(malay.textContent).toContain('No. pendaftaran (“No. K/P / No. Pendaftaran”): tiada');
    expect(
      within(malay).getByRole('link', { name: 'Buka akaun pinjaman AGR-AC-2026-000042' }),
    ).toBeTruthy();
  });

  it('asks for the period chosen, and shows a refusal’s bad rows instead of a file', async () => {
    const exported = jest.spyOn(booksApi, 'idealExport').mockRejectedValue(refusedWith(REFUSAL));
    renderInAdmin(<RegulatorPage />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download the return (CSV)' }));
    });
    expect(exported).toHaveBeenCalledWith('2026-10-01', '2026-10-31');
    expect(await screen.findByTestId('bad-rows')).toBeTruthy();
    expect(screen.getByRole('link', { name: /AGR-AC-2026-000042/ })).toBeTruthy();
  });

  it('refuses a period that ends before it starts without asking the server', async () => {
    const exported = jest.spyOn(booksApi, 'idealExport');
    renderInAdmin(<RegulatorPage />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-31' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    // The field notices its error text from a mutation observer: let it run inside act.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download the return (CSV)' }));
    });
    expect(screen.getByText('Choose both dates, the start not after the end.')).toBeTruthy();
    expect(exported).not.toHaveBeenCalled();
  });

  it('says another failure in words, with the server’s message', async () => {
    jest.spyOn(booksApi, 'idealExport').mockRejectedValue(
      refusedWith({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'The period must end today or earlier',
      }),
    );
    renderInAdmin(<RegulatorPage />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download the return (CSV)' }));
    });
    expect(await screen.findByText('The return could not be exported.')).toBeTruthy();
    expect(screen.getByText('The period must end today or earlier')).toBeTruthy();
    expect(screen.queryByTestId('bad-rows')).toBeNull();
  });
});

describe('the borrower ledger download', () => {
  beforeEach(() => setLanguage('EN'));

  it('offers the PDF in each language and the CSV, each named for the agreement', () => {
    renderInAdmin(
      <LedgerDownload
        agreementId="00000000-0000-4000-8000-000000000001"
        agreementNo="AGR-AC-2026-000042"
      />,
    );
    for (const name of [
      'Download the borrower ledger of AGR-AC-2026-000042 as a PDF in English',
      'Download the borrower ledger of AGR-AC-2026-000042 as a PDF in Bahasa Melayu',
      'Download the borrower ledger of AGR-AC-2026-000042 as a CSV file',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });
});
