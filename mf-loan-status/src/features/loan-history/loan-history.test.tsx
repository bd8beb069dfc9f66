import type { LoanHistoryItem, LoanHistoryPage } from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { formatDate } from '../../lib/format';
import { renderInRemote } from '../../testing/render';
import { AgreementDocuments } from './agreement-documents';
import { LoanHistoryList } from './loan-history-list';
import { LoanTimeline } from './loan-timeline';

const item = (n: number, overrides: Partial<LoanHistoryItem> = {}): LoanHistoryItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  referenceNo: `AC-2026-${String(n).padStart(6, '0')}`,
  status: 'CANCELLED',
  organizationType: 'SOLE_PROP',
  requestedAmountSen: 1_000_000,
  tenureMonths: 12,
  createdAt: '2026-10-01T02:00:00.000Z',
  submittedAt: null,
  updatedAt: '2026-10-02T02:00:00.000Z',
  ...overrides,
});

const page = (n: number, total: number): LoanHistoryPage => ({
  data: Array.from({ length: Math.min(10, total - (n - 1) * 10) }, (_, i) =>
    item((n - 1) * 10 + i + 1),
  ),
  total,
  page: n,
  pageSize: 10,
});

describe('the loan history', () => {
  beforeEach(() => setLanguage('EN'));

  it('lists a page of applications with the total, each leading to its timeline', () => {
    renderInRemote(<LoanHistoryList history={page(1, 12)} onPage={() => undefined} />);
    expect(screen.getByText('12 applications')).toBeTruthy();
    const items = within(screen.getByTestId('loan-history-items')).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    const first = within(items[0]!).getByRole('link', { name: 'View AC-2026-000001' });
    expect(first.getAttribute('href')).toBe('/loan-history/00000000-0000-4000-8000-000000000001');
    expect(items[0]!.textContent).toMatch(/RM 10,000\.00/);
    expect(items[0]!.textContent).toMatch(/Cancelled/);
  });

  it('moves between pages and cannot go before the first or past the last', async () => {
    const asked: number[] = [];
    renderInRemote(<LoanHistoryList history={page(1, 12)} onPage={(n) => asked.push(n)} />);
    const nav = screen.getByRole('navigation', { name: 'Loan history pages' });
    expect(within(nav).getByText('Page 1 of 2')).toBeTruthy();
    expect(
      (within(nav).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(asked).toEqual([2]);
  });

  it('shows the last page with what is left on it', () => {
    renderInRemote(<LoanHistoryList history={page(2, 12)} onPage={() => undefined} />);
    expect(within(screen.getByTestId('loan-history-items')).getAllByRole('listitem')).toHaveLength(
      2,
    );
    const nav = screen.getByRole('navigation', { name: 'Loan history pages' });
    expect(within(nav).getByText('Page 2 of 2')).toBeTruthy();
    expect((within(nav).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says so when there is nothing yet, in Bahasa Melayu too', () => {
    setLanguage('MS');
    renderInRemote(
      <LoanHistoryList
        history={{ data: [], total: 0, page: 1, pageSize: 10 }}
        onPage={() => undefined}
      />,
    );
    expect(screen.getByTestId('loan-history-empty').textContent).toMatch(/belum mempunyai/);
    // Not a dead end: the home page is where a loan is applied for.
    expect(screen.getByRole('link', { name: 'Mohon pinjaman' }).getAttribute('href')).toBe('/home');
  });

  it('shows an application’s statuses oldest first, by whom, in Malaysia time', () => {
    renderInRemote(
      <LoanTimeline
        detail={{
          ...item(7, { status: 'PENDING', submittedAt: '2026-11-01T02:00:00.000Z' }),
          timeline: [
            { status: 'DRAFT', at: '2026-10-30T02:00:00.000Z', by: 'applicant' },
            { status: 'PENDING', at: '2026-11-01T02:00:00.000Z', by: 'applicant' },
            { status: 'REFERBACK', at: '2026-11-03T06:00:00.000Z', by: 'lender' },
            { status: 'PENDING', at: '2026-11-04T01:00:00.000Z', by: 'applicant' },
          ],
        }}
      />,
    );
    const entries = within(screen.getByTestId('loan-timeline')).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual([
      'Draft',
      'Submitted, being assessed',
      'Referred back to you',
      'Submitted, being assessed',
    ]);
    expect(entries[2]!.textContent).toMatch(/By the lender/);
    // 06:00 UTC is 14:00 in Kuala Lumpur.
    expect(entries[2]!.textContent).toMatch(/2:00|14:00/);
  });

  it.each([
    [
      'EN',
      'Loan closed',
      [
        'Approved',
        'Paid out: RM 9,250.00 into your account',
        'Repaid: RM 10,012.33 in total, last payment',
        'Settled early',
        'Loan closed: nothing more is owed',
      ],
    ],
    [
      'MS',
      'Pinjaman ditutup',
      [
        'Diluluskan',
        'Dikeluarkan: RM 9,250.00 ke dalam akaun anda',
        'Dibayar balik: RM 10,012.33 kesemuanya, bayaran terakhir',
        'Diselesaikan awal',
        'Pinjaman ditutup: tiada lagi jumlah terhutang',
      ],
    ],
  ] as const)('shows a closed loan’s whole life after approval (%s)', (language, status, lines) => {
    setLanguage(language);
    renderInRemote(
      <LoanTimeline
        detail={{
          ...item(8, { status: 'APPROVED', submittedAt: '2026-01-05T02:00:00.000Z' }),
          timeline: [{ status: 'APPROVED', at: '2026-01-10T02:00:00.000Z', by: 'lender' }],
          account: {
            status: 'CLOSED',
            life: [
              {
                event: 'PAID_OUT',
                at: '2026-01-20T02:00:00.000Z',
                on: '2026-01-20',
                amountSen: 925_000,
              },
              // A sandbox whose business date ran a week ahead of the wall clock.
              {
                event: 'REPAID',
                at: '2026-06-02T02:00:00.000Z',
                on: '2026-06-09',
                amountSen: 1_001_233,
              },
              {
                event: 'SETTLED',
                at: '2026-06-02T02:00:00.000Z',
                on: '2026-06-09',
                amountSen: null,
              },
              {
                event: 'CLOSED',
                at: '2026-06-02T02:00:00.000Z',
                on: '2026-06-09',
                amountSen: null,
              },
            ],
          },
        }}
      />,
    );
    expect(screen.getByText(status)).toBeTruthy();
    const entries = within(screen.getByTestId('loan-timeline')).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual(lines);
    const closed = entries[4]!.querySelector('time');
    expect(closed?.getAttribute('dateTime')).toBe('2026-06-09');
    expect(closed?.textContent).toBe(formatDate('2026-06-09', language));
    expect(closed?.textContent).not.toBe(formatDate('2026-06-02', language));
  });

  it.each([
    ['EN', 'View agreement', 'View e-certificate', 'The agreement has not been signed yet.'],
    ['MS', 'Lihat perjanjian', 'Lihat e-sijil', 'Perjanjian belum ditandatangani.'],
  ] as const)(
    'offers the signed agreement and, once stamped, the e-certificate (%s)',
    async (language, view, eCertificate, notSigned) => {
      setLanguage(language);
      const user = userEvent.setup();
      const onViewAgreement = jest.fn();
      const onViewECertificate = jest.fn();
      const agreement = {
        id: 'a1',
        agreementNo: 'AGR-AC-2026-000001',
        signed: true,
        eCertificateIssued: true,
      };
      const show = (shown: typeof agreement) =>
        renderInRemote(
          <AgreementDocuments
            agreement={shown}
            onViewAgreement={onViewAgreement}
            onViewECertificate={onViewECertificate}
          />,
        );
      const stamped = show(agreement);
      await user.click(screen.getByRole('button', { name: view }));
      await user.click(screen.getByRole('button', { name: eCertificate }));
      expect(onViewAgreement).toHaveBeenCalledTimes(1);
      expect(onViewECertificate).toHaveBeenCalledTimes(1);
      stamped.unmount();

      // Signed, but guarantors still to sign: no stamp certificate yet.
      const waiting = show({ ...agreement, eCertificateIssued: false });
      expect(screen.getByRole('button', { name: view })).toBeTruthy();
      expect(screen.queryByRole('button', { name: eCertificate })).toBeNull();
      waiting.unmount();

      // Not signed: nothing to open.
      show({ ...agreement, signed: false, eCertificateIssued: false });
      expect(screen.queryByRole('button')).toBeNull();
      expect(screen.getByText(notSigned)).toBeTruthy();
    },
  );
});
