// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { ReconciliationLineView, ReconciliationRunView } from '@lending/contracts';
import { brandStore, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

import { barredSection } from '../app/staff-menu';
import { financeApi } from './finance-api';
import { reconciliationApi } from './reconciliation-api';
import { ReconciliationPage } from './reconciliation-page';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const line = (
  id: string,
  kind: ReconciliationLineView['kind'],
  report: number | null,
  booked: number | null,
  more: Partial<ReconciliationLineView> = {},
): ReconciliationLineView => ({
  id,
  kind,
  txnId: `TXN${id}`,
  orderId: `ORDER${id}`,
  reportAmountSen: report,
  bookedAmountSen: booked,
  paidAt: '2026-03-03T02:15:00.000Z',
  status: kind === 'MATCHED' ? null : 'OPEN',
  resolution: null,
  note: null,
  proposedBy: null,
  confirmedBy: null,
  proposedByMe: false,
  ...more,
});

const RUN: ReconciliationRunView = {
  id: '5b9c3c1e-0000-4000-8000-000000000001',
  tenant: 'arkcash',
  from: '2026-03-01',
  to: '2026-03-05',
  source: 'GATEWAY',
  startedBy: 'staff-1',
  startedAt: '2026-03-05T03:00:00.000Z',
  counts: { matched: 1, reportOnly: 1, booksOnly: 1, amountDifferences: 1 },
  lines: [
    line('1', 'MATCHED', 10_000, 10_000),
    line('2', 'AMOUNT_DIFFERENCE', 19_999, 20_000),
    line('3', 'BOOKS_ONLY', null, 30_000),
    line('4', 'REPORT_ONLY', 15_000, null),
  ],
};

const withLine = (id: string, change: Partial<ReconciliationLineView>): ReconciliationRunView => ({
  ...RUN,
  lines: RUN.lines.map((one) => (one.id === id ? { ...one, ...change } : one)),
});

function renderAt(path: string) {
  brandStore.set(brands.arkcash);
  window.history.pushState(null, '', path);
  return render(
    <PlatformRoot>
      <BrowserRouter>
        <Routes>
          <Route path="/admin/finance/reconciliation" element={<ReconciliationPage />} />
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

const SPAN = '/admin/finance/reconciliation?tenant=arkcash&from=2026-03-01&to=2026-03-05';

beforeEach(() => {
  setLanguage('EN');
  // Without dates in the address the form starts from this month to the business date.
  jest.spyOn(financeApi, 'periods').mockResolvedValue({ businessDate: '2026-03-05', closed: [] });
  jest.spyOn(reconciliationApi, 'runs').mockResolvedValue({ runs: [] });
});
afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('settlement reconciliation', () => {
  it('runs for the dates chosen and shows the counts and the lines by kind', async () => {
    const start = jest.spyOn(reconciliationApi, 'start').mockResolvedValue(RUN);
    const read = jest.spyOn(reconciliationApi, 'run').mockResolvedValue(RUN);
    renderAt(SPAN);
    expect(screen.getByRole('link', { name: 'Portfolio dashboard' })).toBeTruthy();
    expect(screen.getByRole('navigation').querySelector('[aria-current="page"]')?.textContent).toBe(
      'Settlement reconciliation',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reconcile' }));
    await waitFor(() =>
      expect(start).toHaveBeenCalledWith({
        tenant: 'arkcash',
        from: '2026-03-01',
        to: '2026-03-05',
      }),
    );
    await waitFor(() => expect(window.location.search).toBe(`?tenant=arkcash&run=${RUN.id}`));
    const counts = await screen.findByTestId('run-counts');
    expect(within(counts).getByText('In the report only').nextSibling?.textContent).toBe('1');
    expect(within(counts).getByText('Amount differences').nextSibling?.textContent).toBe('1');
    const differences = screen.getByTestId('lines-AMOUNT_DIFFERENCE');
    expect(within(differences).getByTestId('line-TXN2').textContent).toContain('RM 199.99');
    expect(within(differences).getByTestId('line-TXN2').textContent).toContain('RM 200.00');
    expect(within(screen.getByTestId('lines-BOOKS_ONLY')).getByText('TXN3')).toBeTruthy();
    expect(within(screen.getByTestId('lines-REPORT_ONLY')).getByText('TXN4')).toBeTruthy();
    // A matched line has nothing to resolve.
    expect(
      within(screen.getByTestId('lines-MATCHED')).queryByRole('button', { name: /Resolve/ }),
    ).toBeNull();
    // Read back from the server too: the address names the run.
    await waitFor(() => expect(read).toHaveBeenCalledWith(RUN.id));
    expect(
      await screen.findByText('No reconciliation has been run for this brand yet.'),
    ).toBeTruthy();
  });

  it('lists the brand’s earlier runs, each opening its lines', async () => {
    const { lines: _lines, ...summary } = RUN;
    jest.spyOn(reconciliationApi, 'runs').mockResolvedValue({ runs: [summary] });
    const read = jest.spyOn(reconciliationApi, 'run').mockResolvedValue(RUN);
    renderAt(SPAN);
    const list = await screen.findByTestId('earlier-runs');
    fireEvent.click(
      within(list).getByRole('link', {
        name: "01/03/2026 to 05/03/2026, From the gateway's report: 1 matched, 3 not matched",
      }),
    );
    await waitFor(() => expect(read).toHaveBeenCalledWith(RUN.id));
    expect(await screen.findByTestId('run-counts')).toBeTruthy();
  });

  it('shows the server’s refusal of an uploaded report as it came', async () => {
    jest
      .spyOn(reconciliationApi, 'start')
      .mockRejectedValue(
        apiError(400, 'VALIDATION_FAILED', 'Line 3 of the report is not a settlement line'),
      );
    renderAt(SPAN);
    const file = new File(['txn_id,order_id\n'], 'report.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText(/Settlement report/), { target: { files: [file] } });
    expect(screen.getByText('Chosen: report.csv')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reconcile' }));
    expect((await screen.findByTestId('start-failure')).textContent).toContain(
      'Line 3 of the report is not a settlement line',
    );
    expect(reconciliationApi.start).toHaveBeenCalledWith(
      expect.objectContaining({ csv: 'txn_id,order_id\n' }),
    );
  });

  it('proposes a resolution with a note, and a second person confirms it', async () => {
    jest.spyOn(reconciliationApi, 'run').mockResolvedValue(RUN);
    const propose = jest.spyOn(reconciliationApi, 'propose').mockResolvedValue(
      withLine('4', {
        status: 'PROPOSED',
        resolution: 'BANK_ERROR',
        note: 'Bank credited twice',
        proposedByMe: true,
      }),
    );
    renderAt(`/admin/finance/reconciliation?run=${RUN.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve the line TXN4' }));
    const form = screen.getByRole('form', { name: 'Resolve the line TXN4' });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    expect(await within(form).findByText('Say why, in at most 500 characters')).toBeTruthy();
    expect(propose).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText(/Resolution/), {
      target: { value: 'BANK_ERROR' },
    });
    fireEvent.change(within(form).getByLabelText(/Note/), {
      target: { value: ' Bank credited twice ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Propose' }));
    await waitFor(() =>
      expect(propose).toHaveBeenCalledWith('4', {
        resolution: 'BANK_ERROR',
        note: 'Bank credited twice',
      }),
    );
    const row = await screen.findByText(
      'You proposed this: a second finance member must confirm it',
    );
    expect(row.closest('tr')?.textContent).toContain('Bank error proposed: Bank credited twice');
    expect(screen.queryByRole('button', { name: /Confirm the resolution of TXN4/ })).toBeNull();
  });

  it('lets another finance member confirm, in Bahasa Melayu', async () => {
    setLanguage('MS');
    const proposed = withLine('3', {
      status: 'PROPOSED',
      resolution: 'EXPLAINED',
      note: 'Dibayar semula',
      proposedBy: 'staff-1',
    });
    jest.spyOn(reconciliationApi, 'run').mockResolvedValue(proposed);
    const confirm = jest
      .spyOn(reconciliationApi, 'confirm')
      .mockResolvedValue(withLine('3', { ...proposed.lines[2], status: 'RESOLVED' }));
    renderAt(`/admin/finance/reconciliation?run=${RUN.id}`);
    expect(await screen.findByText('Dibukukan, tiada dalam laporan (1)')).toBeTruthy();
    expect(screen.getByText('Telah dijelaskan dicadangkan: Dibayar semula')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan penyelesaian TXN3' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('3'));
    expect(await screen.findByText('Telah dijelaskan, disahkan: Dibayar semula')).toBeTruthy();
  });

  it('is the finance section’s: other roles who reach it are told whom it is for', () => {
    for (const role of ['CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE'] as const) {
      expect(barredSection('/admin/finance/reconciliation', [role])?.path).toBe('/admin/finance');
    }
    expect(barredSection('/admin/finance/reconciliation', ['FINANCE'])).toBeNull();
    expect(barredSection('/admin/finance/reconciliation', ['ADMIN'])).toBeNull();
  });
});
