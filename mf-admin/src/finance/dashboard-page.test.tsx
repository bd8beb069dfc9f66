// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { PortfolioDashboardResponse } from '@lending/contracts';
import { brandStore, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';

import { DashboardPage } from './dashboard-page';
import { financeApi } from './finance-api';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const month = (m: string, figures: Partial<PortfolioDashboardResponse['months'][number]> = {}) => ({
  month: m,
  disbursedSen: 0,
  collectedSen: 0,
  outstandingPrincipalSen: 1_958_333,
  dueSen: 0,
  collectionRateBp: null,
  ...figures,
});

const BOARD: PortfolioDashboardResponse = {
  businessDate: '2026-03-15',
  from: '2025-04-01',
  months: [
    ...['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11'].map(
      (m) => month(m, { outstandingPrincipalSen: 0 }),
    ),
    month('2025-12', { disbursedSen: 2_000_000, outstandingPrincipalSen: 2_000_000 }),
    month('2026-01', { collectedSen: 51_667, dueSen: 103_334, collectionRateBp: 5_000 }),
    month('2026-02', { dueSen: 103_334, collectionRateBp: 0 }),
    month('2026-03'),
  ],
  outstandingPrincipalSen: 1_958_333,
  par: [
    { days: 1, principalSen: 1_958_333, bp: 10_000 },
    { days: 30, principalSen: 1_000_000, bp: 5_106 },
    { days: 60, principalSen: 0, bp: 0 },
    { days: 90, principalSen: 0, bp: 0 },
  ],
  ageing: [
    { bucket: '1-30', count: 1, principalSen: 958_333, overdueSen: 51_667 },
    { bucket: '31-60', count: 1, principalSen: 1_000_000, overdueSen: 103_334 },
    { bucket: '61-90', count: 0, principalSen: 0, overdueSen: 0 },
    { bucket: '90+', count: 0, principalSen: 0, overdueSen: 0 },
  ],
  funnel: { submitted: 3, approved: 2, signed: 2, paidOut: 2 },
};

function renderPage() {
  brandStore.set(brands.arkcash);
  window.history.pushState(null, '', '/admin/finance/dashboard');
  return render(
    <PlatformRoot>
      <BrowserRouter>
        <DashboardPage />
      </BrowserRouter>
    </PlatformRoot>,
  );
}

/** A row's cells as read aloud: its header, then each figure. */
const cells = (row: HTMLElement) =>
  [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
    (cell) => cell.textContent,
  );

beforeEach(() => {
  setLanguage('EN');
  // jsdom lays nothing out: give the charts' boxes a phone's size so they draw.
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(343);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(220);
});
afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('the portfolio dashboard', () => {
  it('gives every chart its figures as a table, to the sen', async () => {
    const dashboard = jest.spyOn(financeApi, 'dashboard').mockResolvedValue(BOARD);
    renderPage();
    const flows = await screen.findByRole('table', { name: 'Disbursed and collected each month' });
    expect(dashboard).toHaveBeenCalledTimes(1);
    expect(within(flows).getAllByRole('row')).toHaveLength(13);
    expect(cells(within(flows).getByTestId('dashboard-flows-2025-12'))).toEqual([
      'Dec 2025',
      'RM 20,000.00',
      'RM 0.00',
    ]);
    expect(cells(within(flows).getByTestId('dashboard-flows-2026-01'))).toEqual([
      'Jan 2026',
      'RM 0.00',
      'RM 516.67',
    ]);
    const collection = screen.getByRole('table', { name: 'Due and collected each month' });
    expect(cells(within(collection).getByTestId('dashboard-collection-2026-01'))).toEqual([
      'Jan 2026',
      'RM 1,033.34',
      'RM 516.67',
      '50.00%',
    ]);
    expect(cells(within(collection).getByTestId('dashboard-collection-2026-03'))).toEqual([
      'Mar 2026',
      'RM 0.00',
      'RM 0.00',
      'Nothing due',
    ]);
    const outstanding = screen.getByRole('table', {
      name: "Principal outstanding at each month's end",
    });
    expect(cells(within(outstanding).getByTestId('dashboard-outstanding-2026-03'))).toEqual([
      'Mar 2026',
      'RM 19,583.33',
    ]);
    const par = screen.getByRole('table', { name: 'Portfolio at risk' });
    expect(cells(within(par).getByTestId('dashboard-par-30'))).toEqual([
      'PAR 30',
      'RM 10,000.00',
      '51.06%',
    ]);
    const ageing = screen.getByRole('table', { name: 'Arrears by days overdue' });
    expect(cells(within(ageing).getByTestId('dashboard-ageing-31-60'))).toEqual([
      '31–60 days',
      '1',
      'RM 10,000.00',
      'RM 1,033.34',
    ]);
    const funnel = screen.getByRole('table', { name: 'Applications in the twelve months' });
    expect(
      within(funnel)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Submitted', 'Approved', 'Signed', 'Paid out']);
    expect(cells(within(funnel).getByTestId('dashboard-funnel-submitted'))).toEqual([
      'Submitted',
      '3',
    ]);
    const summary = screen.getByTestId('dashboard-summary');
    expect(summary.textContent).toContain('Principal outstandingRM 19,583.33');
    expect(summary.textContent).toContain('Portfolio at risk over 30 days51.06%');
    expect(screen.getByText(/on the business date 15 Mar 2026/)).toBeTruthy();
  });

  it('shows a table on request, in its own scrolling box, and hides it again', async () => {
    jest.spyOn(financeApi, 'dashboard').mockResolvedValue(BOARD);
    renderPage();
    const section = (await screen.findByRole('heading', { name: 'Portfolio at risk' })).closest(
      'section',
    )!;
    expect(within(section).queryByRole('region')).toBeNull();
    // The chart is drawn, and is a picture only: the table carries its figures.
    const picture = section.querySelector('[aria-hidden="true"] svg.recharts-surface');
    expect(picture).not.toBeNull();
    expect(section.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0);
    const toggle = within(section).getByRole('button', {
      name: 'Show the figures as a table: Portfolio at risk',
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const region = within(section).getByRole('region', { name: 'Portfolio at risk' });
    expect(within(region).getByRole('table', { name: 'Portfolio at risk' })).toBeTruthy();
    const hide = within(section).getByRole('button', { name: 'Hide the table: Portfolio at risk' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(hide);
    expect(within(section).queryByRole('region')).toBeNull();
  });

  it('says there is nothing to draw for a brand with no loans, rather than an axis of zeros', async () => {
    const none: PortfolioDashboardResponse = {
      ...BOARD,
      months: BOARD.months.map((m) => month(m.month, { outstandingPrincipalSen: 0 })),
      outstandingPrincipalSen: 0,
      par: BOARD.par.map((row) => ({ ...row, principalSen: 0, bp: 0 })),
      ageing: BOARD.ageing.map((row) => ({ ...row, count: 0, principalSen: 0, overdueSen: 0 })),
      funnel: { submitted: 0, approved: 0, signed: 0, paidOut: 0 },
    };
    jest.spyOn(financeApi, 'dashboard').mockResolvedValue(none);
    renderPage();
    await screen.findByRole('heading', { name: 'Portfolio at risk' });
    expect(screen.getAllByText(/^Nothing to draw yet/)).toHaveLength(6);
    expect(document.querySelector('svg.recharts-surface')).toBeNull();
    // The tables still say every figure.
    expect(cells(screen.getByTestId('dashboard-ageing-31-60'))).toEqual([
      '31–60 days',
      '0',
      'RM 0.00',
      'RM 0.00',
    ]);
  });

  it('reads in Bahasa Melayu', async () => {
    setLanguage('MS');
    jest.spyOn(financeApi, 'dashboard').mockResolvedValue(BOARD);
    renderPage();
    const ageing = await screen.findByRole('table', { name: 'Tunggakan mengikut hari tertunggak' });
    expect(cells(within(ageing).getByTestId('dashboard-ageing-90+'))).toEqual([
      'Melebihi 90 hari',
      '0',
      'RM 0.00',
      'RM 0.00',
    ]);
    const collection = screen.getByRole('table', {
      name: 'Ansuran matang dan kutipan setiap bulan',
    });
    expect(cells(within(collection).getByTestId('dashboard-collection-2026-03')).at(-1)).toBe(
      'Tiada ansuran matang',
    );
    expect(
      screen.getByRole('button', { name: 'Tunjukkan angka dalam jadual: Portfolio berisiko' }),
    ).toBeTruthy();
  });

  it('says when the dashboard cannot be loaded, in either language, and shows no figures', async () => {
    jest.spyOn(financeApi, 'dashboard').mockRejectedValue(
      Object.assign(new Error('Forbidden'), {
        response: { status: 403, data: { statusCode: 403, message: 'Forbidden' } },
      }),
    );
    renderPage();
    expect(await screen.findByText('The dashboard could not be loaded')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('dashboard-summary')).toBeNull();

    act(() => setLanguage('MS'));
    expect(await screen.findByText('Papan pemuka tidak dapat dimuatkan')).toBeTruthy();
  });
});
