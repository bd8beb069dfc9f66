// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { BusinessDateView } from '@lending/contracts';
import { brandStore, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

import { businessDateApi } from './business-date-api';
import { BusinessDatePage } from './business-date-page';

configure({ asyncUtilTimeout: 5000 });

const VIEW: BusinessDateView = {
  businessDate: '2026-03-05',
  malaysiaDate: '2026-03-02',
  movable: true,
  lastClosed: '2026-03-04',
  progress: {
    running: false,
    from: '2026-03-02',
    to: '2026-03-04',
    daysTotal: 3,
    daysClosed: 3,
    day: null,
    loans: 120,
    failures: 0,
  },
  days: [
    {
      businessDate: '2026-03-04',
      status: 'CLOSED',
      startedAt: '2026-03-02T02:00:00.000Z',
      finishedAt: '2026-03-02T02:00:01.000Z',
      startedBy: 'staff:1',
      loans: 40,
      failures: 0,
      jobs: [
        { name: 'late-charges', outcome: 'completed', counts: { accounts: 40 }, durationMs: 12 },
      ],
    },
  ],
};

function renderPage() {
  brandStore.set(brands.arkcash);
  return render(
    <PlatformRoot>
      <BusinessDatePage />
    </PlatformRoot>,
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('the business date screen', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows the date, the last run’s progress and each day closed', async () => {
    jest.spyOn(businessDateApi, 'view').mockResolvedValue(VIEW);
    renderPage();
    const dates = await screen.findByTestId('business-date');
    expect(within(dates).getByText('5 Mar 2026')).toBeTruthy();
    expect(within(dates).getByText('4 Mar 2026')).toBeTruthy();
    const progress = screen.getByTestId('cob-progress');
    expect(progress.textContent).toContain('3 of 3 days closed (2 Mar 2026 to 4 Mar 2026)');
    expect(progress.textContent).toContain('Loans brought up to date: 120');
    const [day] = screen.getAllByTestId('business-day');
    expect(day!.textContent).toContain('Closed');
    expect(day!.textContent).toContain('Late charges (12 ms)');
  });

  it('shows the newest week of days closed, and every day when asked', async () => {
    const day = VIEW.days[0]!;
    const days = Array.from({ length: 10 }, (_, index) => ({
      ...day,
      businessDate: `2026-03-${String(20 - index).padStart(2, '0')}`,
    }));
    jest.spyOn(businessDateApi, 'view').mockResolvedValue({ ...VIEW, days });
    renderPage();
    await screen.findByTestId('business-date');
    expect(screen.getAllByTestId('business-day')).toHaveLength(7);
    expect(screen.getAllByTestId('business-day')[0]!.textContent).toContain('20 Mar 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Show all 10 days' }));
    expect(screen.getAllByTestId('business-day')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show the last 7 days only' }));
    expect(screen.getAllByTestId('business-day')).toHaveLength(7);
  });

  it('refuses a date that is not after the business date, and moves forward otherwise', async () => {
    jest.spyOn(businessDateApi, 'view').mockResolvedValue(VIEW);
    const move = jest
      .spyOn(businessDateApi, 'move')
      .mockResolvedValue({ ...VIEW, businessDate: '2026-04-01' });
    renderPage();
    const input = await screen.findByLabelText(/New business date/);
    fireEvent.change(input, { target: { value: '2026-03-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move forward' }));
    expect(await screen.findByText('Choose a date after 5 Mar 2026')).toBeTruthy();
    expect(move).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move forward' }));
    await waitFor(() => expect(move).toHaveBeenCalledWith('2026-04-01'));
    expect(await screen.findByText(/The business date is now 1 Apr 2026/)).toBeTruthy();
  });

  it('runs close of business on demand and says when nothing was left to close', async () => {
    jest.spyOn(businessDateApi, 'view').mockResolvedValue(VIEW);
    const run = jest
      .spyOn(businessDateApi, 'closeOfBusiness')
      .mockResolvedValue({ from: null, to: null });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Run close of business' }));
    await waitFor(() => expect(run).toHaveBeenCalled());
    expect(
      await screen.findByText('Every day up to the business date is closed already.'),
    ).toBeTruthy();
  });

  it('speaks Malay, and offers no move where the date follows Malaysia time', async () => {
    setLanguage('MS');
    jest.spyOn(businessDateApi, 'view').mockResolvedValue({ ...VIEW, movable: false });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Tarikh perniagaan' })).toBeTruthy();
    expect(
      await screen.findByText(
        'Di sini tarikh perniagaan mengikut waktu Malaysia dan tidak boleh diubah.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gerakkan ke hadapan' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Jalankan tutup urus niaga harian' })).toBeTruthy();
    // Dates and the jobs of the books in Malay too.
    expect(within(screen.getByTestId('business-date')).getByText('5 Mac 2026')).toBeTruthy();
    expect(screen.getByTestId('cob-progress').textContent).toContain(
      '(2 Mac 2026 hingga 4 Mac 2026)',
    );
    expect(screen.getAllByTestId('business-day')[0]!.textContent).toContain(
      'Caj lewat bayar (12 ms)',
    );
  });
});
