// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { CollectionAccountDetail } from '@lending/contracts';
import { brandStore, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { act, fireEvent, render, screen } from '@testing-library/react';

import { warningDaysProblem } from './collections-api';
import { CollectionPanel, CollectionsPage } from './collections-page';

jest.setTimeout(30_000);
brandStore.set(arkcash);

const READY: CollectionAccountDetail = {
  agreementId: '00000000-0000-4000-8000-000000000001',
  agreementNo: 'AGR-AC-2026-000042',
  borrowerName: 'Aisyah',
  stage: 'READY_FOR_DEFAULT',
  daysPastDue: 32,
  overdueSen: 103_334,
  lateChargesSen: 480,
  readyForDefault: true,
  asOf: '2026-03-11',
  letters: 2,
  canIssueDefaultNotice: true,
  overdueInstalments: [
    { instalmentNo: 1, dueDate: '2026-02-07', unpaidSen: 51_667, daysOverdue: 32 },
    { instalmentNo: 2, dueDate: '2026-03-07', unpaidSen: 51_667, daysOverdue: 4 },
  ],
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000a2',
      kind: 'ARREARS',
      version: 2,
      language: 'EN',
      issuedOn: '2026-03-08',
      overdueSen: 103_334,
      lateChargesSen: 300,
      remedyBy: null,
      issuedBy: 'system:collections',
      emailedAt: '2026-03-08T00:00:01.000Z',
    },
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      kind: 'ARREARS',
      version: 1,
      language: 'EN',
      issuedOn: '2026-02-08',
      overdueSen: 51_667,
      lateChargesSen: 11,
      remedyBy: null,
      issuedBy: 'system:collections',
      emailedAt: null,
    },
  ],
};

const renderInAdmin = (node: React.ReactNode) => render(<PlatformRoot>{node}</PlatformRoot>);

describe('the collection panel', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows the arrears, the flag and every letter sent, each to download', () => {
    renderInAdmin(<CollectionPanel detail={READY} onDone={jest.fn()} />);
    const panel = screen.getByTestId('collection-panel');
    expect(panel.textContent).toContain('32 days past due');
    expect(panel.textContent).toContain('RM 1,033.34');
    expect(screen.getByTestId('ready-for-default')).toBeTruthy();
    expect(screen.getByTestId('overdue-instalments').textContent).toContain('07/02/2026');
    expect(screen.getByRole('button', { name: 'Download Notice of arrears no. 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Notice of arrears no. 1' })).toBeTruthy();
    expect(screen.getByTestId('letters').textContent).toContain('email not sent yet');
  });

  it('asks for 14 to 90 days, then for a confirmation naming the amount, before issuing', () => {
    renderInAdmin(<CollectionPanel detail={READY} onDone={jest.fn()} />);
    const days = screen.getByLabelText(/Days given to pay/);
    fireEvent.change(days, { target: { value: '13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Give 14 to 90 days')).toBeTruthy();
    expect(screen.queryByTestId('notice-confirm')).toBeNull();
    fireEvent.change(days, { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('notice-confirm').textContent).toContain(
      'AGR-AC-2026-000042 for RM 1,038.14, giving 21 days',
    );
    expect(screen.getByRole('button', { name: 'Issue the notice' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('notice-confirm')).toBeNull();
  });

  it('offers no notice once one is issued, and reads in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInAdmin(
      <CollectionPanel
        detail={{
          ...READY,
          stage: 'DEFAULT_NOTICE_ISSUED',
          canIssueDefaultNotice: false,
          items: [
            {
              ...READY.items[0]!,
              id: '00000000-0000-4000-8000-0000000000d1',
              kind: 'DEFAULT',
              version: 1,
              remedyBy: '2026-03-25',
              issuedBy: 'staff:someone',
            },
            ...READY.items,
          ],
        }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.queryByRole('form', { name: 'Keluarkan notis keingkaran' })).toBeNull();
    expect(screen.getByText('Notis keingkaran dikeluarkan')).toBeTruthy();
    expect(screen.getByTestId('letters').textContent).toContain('bayar sebelum 25/03/2026');
  });
});

describe('the default notice’s own check', () => {
  it('takes a whole number of days from 14 to 90', () => {
    expect(['14', ' 90 ', '13', '91', '2x', ''].map(warningDaysProblem)).toEqual([
      null,
      null,
      'outOfRange',
      'outOfRange',
      'notWhole',
      'notWhole',
    ]);
  });
});

describe('the collections page', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('shows one panel for the account opened, updated in place once its notice is issued', async () => {
    setLanguage('EN');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const detailKey = ['admin', 'collection', READY.agreementId];
    // What the page already read, fresh enough not to be fetched again.
    for (const key of [['admin', 'collections', ''], detailKey]) {
      queryClient.setQueryDefaults(key, { staleTime: Infinity, retry: false });
    }
    queryClient.setQueryData(['admin', 'collections', ''], {
      items: [
        {
          agreementId: READY.agreementId,
          agreementNo: READY.agreementNo,
          borrowerName: READY.borrowerName,
          stage: READY.stage,
          daysPastDue: READY.daysPastDue,
          overdueSen: READY.overdueSen,
          lateChargesSen: READY.lateChargesSen,
          readyForDefault: true,
          asOf: READY.asOf,
          letters: 2,
        },
      ],
    });
    queryClient.setQueryData(detailKey, READY);
    renderInAdmin(<CollectionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open AGR-AC-2026-000042' }));
    await screen.findByTestId('collection-panel');
    const ready = 'More than 28 days in default: a default notice may be issued.';
    expect(screen.getByText(ready)).toBeTruthy();

    const notice = { ...READY.items[0]!, id: 'default-1', kind: 'DEFAULT' as const, version: 1 };
    act(() => {
      queryClient.setQueryData(detailKey, {
        ...READY,
        stage: 'DEFAULT_NOTICE_ISSUED',
        canIssueDefaultNotice: false,
        items: [{ ...notice, remedyBy: '2026-03-25' }, ...READY.items],
      });
    });
    const panels = await screen.findAllByTestId('collection-panel');
    expect(panels).toHaveLength(1);
    expect(panels[0]!.textContent).toContain('Notice of default no. 1');
    // Issued: the panel no longer says a notice may be issued.
    expect(screen.queryByText(ready)).toBeNull();
    const keyWarnings = errors.mock.calls.filter((call) => String(call[0]).includes('same key'));
    expect(keyWarnings).toEqual([]);
  });
});
