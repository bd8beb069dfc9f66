// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { LedgerPeriodsResponse, TrialBalanceResponse } from '@lending/contracts';
import { api, brandStore, session, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

import { barredSection, staffSections } from '../app/staff-menu';
import { AccountLedgerPage } from './account-ledger-page';
import { type AccountLedgerResponse, financeApi } from './finance-api';
import { PeriodsPage } from './periods-page';
import { TrialBalancePage } from './trial-balance-page';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const PERIODS: LedgerPeriodsResponse = {
  businessDate: '2026-03-05',
  closed: [
    {
      period: '2025-12',
      closedAt: '2026-01-02T02:00:00.000Z',
      closedBy: 'staff-3',
      closedByName: 'Siti Finance',
    },
    {
      period: '2026-01',
      closedAt: '2026-02-02T02:00:00.000Z',
      closedBy: 'staff-7',
      closedByName: 'finance@lender.test',
    },
  ],
};

const row = (
  key: string,
  code: string,
  nameEn: string,
  nameMs: string,
  figures: [number, number, number, number],
) => ({
  key,
  code,
  nameEn,
  nameMs,
  kind: 'ASSET',
  openingSen: figures[0],
  debitSen: figures[1],
  creditSen: figures[2],
  closingSen: figures[3],
});

const REPORT: TrialBalanceResponse = {
  from: '2026-03-01',
  to: '2026-03-05',
  rows: [
    row('CASH_AT_BANK', '1000', 'Cash at bank', 'Tunai di bank', [-500_000, 51_667, 0, -448_333]),
    row(
      'LOANS_RECEIVABLE',
      '1100',
      'Loans receivable',
      'Pinjaman belum terima',
      [500_000, 0, 41_667, 458_333],
    ),
    row('INTEREST_INCOME', '4000', 'Interest income', 'Pendapatan faedah', [0, 0, 10_000, -10_000]),
  ],
  totals: {
    debitSen: 51_667,
    creditSen: 51_667,
    closingDebitSen: 458_333,
    closingCreditSen: 458_333,
  },
  balanced: true,
};

const LEDGER: AccountLedgerResponse = {
  accountKey: 'CASH_AT_BANK',
  from: '2026-03-01',
  to: '2026-03-05',
  openingSen: -500_000,
  closingSen: -448_333,
  lines: [
    {
      entryId: '0b6f2f3e-0000-4000-8000-000000000001',
      entryNo: 7,
      postingDate: '2026-03-03',
      businessDate: '2026-03-03',
      lateForPeriod: null,
      event: 'PAYMENT',
      reference: 'PAY-AG-1-0001',
      loanAccountId: null,
      debitSen: 51_667,
      creditSen: 0,
      balanceSen: -448_333,
    },
  ],
};

/** A finance member's session as the browser holds it, with the staff id the API names. */
function signInAs(sub: string, email: string) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  session.setStaffTokens({
    accessToken: `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', sub, email, roles: ['FINANCE'] })}.sig`,
    refreshToken: 'refresh',
  });
}

function renderAt(path: string) {
  brandStore.set(brands.arkcash);
  window.history.pushState(null, '', path);
  return render(
    <PlatformRoot>
      <BrowserRouter>
        <Routes>
          <Route path="/admin/finance" element={<TrialBalancePage />} />
          <Route path="/admin/finance/accounts/:key" element={<AccountLedgerPage />} />
          <Route path="/admin/finance/periods" element={<PeriodsPage />} />
        </Routes>
      </BrowserRouter>
    </PlatformRoot>,
  );
}

/** A refusal as the API client hands it over: the answer's body under `response.data`. */
function apiError(status: number, code: string, message: string) {
  return Object.assign(new Error(message), {
    response: { status, data: { statusCode: status, message, code } },
  });
}

beforeEach(() => setLanguage('EN'));
afterEach(() => {
  session.clearStaff();
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('the trial balance', () => {
  it('shows this month to the business date, each account and the totals, balanced', async () => {
    jest.spyOn(financeApi, 'periods').mockResolvedValue(PERIODS);
    const trialBalance = jest.spyOn(financeApi, 'trialBalance').mockResolvedValue(REPORT);
    renderAt('/admin/finance');
    const table = await screen.findByRole('table', {
      name: 'Trial balance of ArkCash, 01/03/2026 to 05/03/2026',
    });
    expect(trialBalance).toHaveBeenCalledWith({
      tenant: 'arkcash',
      from: '2026-03-01',
      to: '2026-03-05',
    });
    const cash = within(table).getByTestId('tb-CASH_AT_BANK');
    expect(within(cash).getByRole('rowheader').textContent).toBe('Cash at bank');
    expect(cash.textContent).toContain('-RM 5,000.00');
    expect(cash.textContent).toContain('RM 516.67');
    expect(cash.textContent).toContain('-RM 4,483.33');
    const totals = within(table).getByTestId('tb-totals');
    expect(within(totals).getByRole('rowheader').textContent).toBe('Totals');
    expect(totals.textContent).toContain('Debit balances RM 4,583.33');
    expect(totals.textContent).toContain('Credit balances RM 4,583.33');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Code', 'Account', 'Brought forward', 'Debit', 'Credit', 'Carried forward']);
    expect(screen.getByTestId('balance-notice').textContent).toContain(
      'The trial balance balances: debits equal credits',
    );
    expect(screen.getByLabelText(/^From/)).toHaveProperty('value', '2026-03-01');
    expect(screen.getByLabelText(/^To/)).toHaveProperty('value', '2026-03-05');
  });

  it('reads in Bahasa Melayu, account names included', async () => {
    setLanguage('MS');
    jest.spyOn(financeApi, 'trialBalance').mockResolvedValue(REPORT);
    renderAt('/admin/finance?tenant=redcash&from=2026-02-01&to=2026-02-28');
    const table = await screen.findByRole('table', {
      name: 'Imbangan duga RedCash, 01/03/2026 hingga 05/03/2026',
    });
    expect(within(table).getByText('Pinjaman belum terima')).toBeTruthy();
    expect(within(table).queryByText('Loans receivable')).toBeNull();
    const totals = within(table).getByTestId('tb-totals');
    expect(within(totals).getByRole('rowheader').textContent).toBe('Jumlah');
    expect(totals.textContent).toContain('Baki debit RM 4,583.33');
    expect(screen.getByTestId('balance-notice').textContent).toContain('Imbangan duga seimbang');
    expect(
      screen.getByRole('button', { name: /^CSV imbangan duga, 01\/02\/2026 hingga/ }),
    ).toBeTruthy();
  });

  it('says plainly when debits and credits differ', async () => {
    jest.spyOn(financeApi, 'trialBalance').mockResolvedValue({
      ...REPORT,
      totals: { ...REPORT.totals, creditSen: 51_600 },
      balanced: false,
    });
    renderAt('/admin/finance?tenant=arkcash&from=2026-03-01&to=2026-03-05');
    const notice = await screen.findByTestId('balance-notice');
    expect(notice.textContent).toContain('The trial balance is NOT balanced');
    expect(notice.textContent).toContain('Debits posted RM 516.67, credits posted RM 516.00');
    expect(notice.textContent).not.toContain('balances: debits equal credits');
  });

  it('refuses a span that ends before it starts, without asking the server', async () => {
    const trialBalance = jest.spyOn(financeApi, 'trialBalance').mockResolvedValue(REPORT);
    renderAt('/admin/finance?tenant=arkcash&from=2026-03-01&to=2026-03-05');
    await screen.findByTestId('trial-balance');
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-03-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose two dates, the first not after the second',
    );
    expect(trialBalance).toHaveBeenCalledTimes(1);
  });

  it('downloads the CSV with the staff token in the header, not in the address', async () => {
    const get = jest.spyOn(api.admin, 'get').mockResolvedValue({
      data: new Blob(['code,name']),
      status: 200,
      headers: { 'content-disposition': 'attachment; filename="journal-arkcash-a-b.csv"' },
    } as never);
    const file = await financeApi.csv(
      'journal',
      { tenant: 'arkcash', from: '2026-03-01', to: '2026-03-05' },
      'ms',
    );
    expect(file.fileName).toBe('journal-arkcash-a-b.csv');
    expect(get).toHaveBeenCalledWith('/api/admin/finance/journal.csv', {
      params: { tenant: 'arkcash', from: '2026-03-01', to: '2026-03-05', language: 'ms' },
      responseType: 'blob',
    });
  });

  it('shows the load failure with a way to try again', async () => {
    jest.spyOn(financeApi, 'trialBalance').mockRejectedValue(apiError(500, 'X', 'Server down'));
    renderAt('/admin/finance?tenant=arkcash&from=2026-03-01&to=2026-03-05');
    expect(await screen.findByText('The trial balance could not be loaded')).toBeTruthy();
  });
});

describe('the account ledger', () => {
  it('opens from the trial balance with each line and the running balance, and goes back', async () => {
    jest.spyOn(financeApi, 'trialBalance').mockResolvedValue(REPORT);
    const ledger = jest.spyOn(financeApi, 'accountLedger').mockResolvedValue(LEDGER);
    renderAt('/admin/finance?tenant=arkcash&from=2026-03-01&to=2026-03-05');
    fireEvent.click(
      await screen.findByRole('link', { name: 'Open the ledger of 1000 Cash at bank' }),
    );
    const table = await screen.findByRole('table', {
      name: 'Ledger of 1000 Cash at bank, 01/03/2026 to 05/03/2026',
    });
    expect(ledger).toHaveBeenCalledWith(
      { tenant: 'arkcash', from: '2026-03-01', to: '2026-03-05' },
      'CASH_AT_BANK',
    );
    expect(screen.getByRole('heading', { name: 'Ledger of 1000 Cash at bank' })).toBeTruthy();
    expect(within(table).getByTestId('ledger-opening').textContent).toContain('-RM 5,000.00');
    const [line] = within(table).getAllByTestId('ledger-line');
    expect(line!.textContent).toContain('03/03/2026');
    expect(line!.textContent).toContain('No. 7');
    expect(line!.textContent).toContain('PAY-AG-1-0001');
    expect(line!.textContent).toContain('Payment received');
    expect(line!.textContent).toContain('RM 516.67');
    expect(line!.textContent).toContain('-RM 4,483.33');
    expect(within(table).getByTestId('ledger-closing').textContent).toContain('Carried forward');

    fireEvent.click(screen.getByRole('link', { name: /Back to the trial balance/ }));
    expect(await screen.findByTestId('trial-balance')).toBeTruthy();
    expect(window.location.search).toBe('?tenant=arkcash&from=2026-03-01&to=2026-03-05');
  });

  it('says when nothing was posted to the account', async () => {
    jest.spyOn(financeApi, 'trialBalance').mockResolvedValue(REPORT);
    jest.spyOn(financeApi, 'accountLedger').mockResolvedValue({ ...LEDGER, lines: [] });
    renderAt(
      '/admin/finance/accounts/INTEREST_INCOME?tenant=arkcash&from=2026-03-01&to=2026-03-05',
    );
    expect(
      await screen.findByText('Nothing was posted to this account in the period.'),
    ).toBeTruthy();
  });
});

describe('month-end close', () => {
  it('lists the months closed and closes the previous month after confirming', async () => {
    const periods = jest.spyOn(financeApi, 'periods').mockResolvedValue(PERIODS);
    const close = jest.spyOn(financeApi, 'closePeriod').mockResolvedValue({
      period: '2026-02',
      closedAt: '2026-03-05T02:00:00.000Z',
      closedBy: 'finance@lender.test',
    });
    signInAs('staff-7', 'finance@lender.test');
    renderAt('/admin/finance/periods');
    const table = await screen.findByRole('table', { name: 'Months closed for ArkCash' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((one) => Array.from(one.children).map((cell) => cell.textContent));
    // Newest first; the reader's own close is told apart, another member named.
    expect(rows.map(([month, , who]) => [month, who])).toEqual([
      ['January 2026', 'You (finance@lender.test)'],
      ['December 2025', 'Siti Finance'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Close February 2026' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Close February 2026 for ArkCash?')).toBeTruthy();
    expect(close).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the month' }));
    await waitFor(() => expect(close).toHaveBeenCalledWith('arkcash', '2026-02'));
    expect(await screen.findByText('February 2026 is closed.')).toBeTruthy();
    await waitFor(() => expect(periods).toHaveBeenCalledTimes(2));
  });

  it('keeps the month open when the dialog is dismissed, focus back on its button', async () => {
    jest.spyOn(financeApi, 'periods').mockResolvedValue(PERIODS);
    const close = jest.spyOn(financeApi, 'closePeriod');
    renderAt('/admin/finance/periods');
    const trigger = await screen.findByRole('button', { name: 'Close February 2026' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it open' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(close).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the reader’s language', async () => {
    setLanguage('MS');
    jest.spyOn(financeApi, 'periods').mockResolvedValue({ ...PERIODS, closed: [] });
    jest
      .spyOn(financeApi, 'closePeriod')
      .mockRejectedValue(
        apiError(409, 'EARLIER_PERIOD_OPEN', 'Tutup 2026-01 dahulu: bulan ditutup mengikut urutan'),
      );
    renderAt('/admin/finance/periods');
    expect(await screen.findByText('Belum ada bulan yang ditutup.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tutup Februari 2026' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup bulan' }));
    expect(await within(dialog).findByText('Bulan tidak ditutup')).toBeTruthy();
    expect(
      within(dialog).getByText('Tutup 2026-01 dahulu: bulan ditutup mengikut urutan'),
    ).toBeTruthy();
  });

  it('says the month is closed rather than offering to close it again', async () => {
    jest.spyOn(financeApi, 'periods').mockResolvedValue({
      ...PERIODS,
      closed: [...PERIODS.closed, { ...PERIODS.closed[0]!, period: '2026-02' }],
    });
    renderAt('/admin/finance/periods');
    expect(await screen.findByText('February 2026 is closed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close February 2026' })).toBeNull();
  });
});

describe('who reaches the ledger', () => {
  it('is in the menu of finance staff and admins only; a credit officer is told it is not theirs', () => {
    const paths = (roles: Parameters<typeof staffSections>[0]) =>
      staffSections(roles).map((section) => section.path);
    expect(paths(['FINANCE'])).toContain('/admin/finance');
    expect(paths(['ADMIN'])).toContain('/admin/finance');
    expect(paths(['CREDIT_OFFICER'])).not.toContain('/admin/finance');
    expect(barredSection('/admin/finance/periods', ['CREDIT_OFFICER'])?.path).toBe(
      '/admin/finance',
    );
    expect(barredSection('/admin/finance/accounts/CASH_AT_BANK', ['FINANCE'])).toBeNull();
  });
});
