// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { ProvidersView, ProviderView } from '@lending/contracts';
import { brandStore, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

import { providersApi } from './providers-api';
import { ProvidersPage } from './providers-page';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

function service(overrides: Partial<ProviderView>): ProviderView {
  return {
    service: 'sms',
    provider: 'sandbox',
    sandbox: true,
    sandboxAllowed: false,
    health: {
      calls: 0,
      failures: 0,
      lastCallAt: null,
      lastLatencyMs: null,
      lastOkAt: null,
      lastError: null,
    },
    settings: [],
    outcomes: [],
    ...overrides,
  };
}

const VIEW: ProvidersView = {
  since: '2026-03-01T00:00:00.000Z',
  services: [
    service({
      service: 'sms',
      provider: 'isms',
      sandbox: false,
      health: {
        calls: 12,
        failures: 1,
        // 10:15:00 on 2 March in Malaysia.
        lastCallAt: '2026-03-02T02:15:00.000Z',
        lastLatencyMs: 240,
        lastOkAt: '2026-03-02T02:10:00.000Z',
        lastError: { at: '2026-03-02T02:15:00.000Z', message: 'iSMS: -1004 insufficient credits' },
      },
      settings: [
        { name: 'ISMS_USERNAME', secret: false, value: 'lender' },
        { name: 'ISMS_PASSWORD', secret: true, set: true },
        { name: 'ISMS_SENDER_ID', secret: false, value: null },
      ],
      outcomes: [
        { label: 'DELIVERED', count: 10 },
        { label: 'FAILED', count: 1 },
      ],
    }),
    service({ service: 'payout', sandboxAllowed: true }),
    service({
      service: 'tax-authority',
      provider: 'myinvois',
      sandbox: false,
      health: { ...service({}).health, calls: 1, lastCallAt: '2026-03-02T02:15:00.000Z' },
    }),
  ],
};

function renderPage() {
  brandStore.set(brands.arkcash);
  return render(
    <PlatformRoot>
      <ProvidersPage />
    </PlatformRoot>,
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('the providers screen', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows each service’s provider, health and settings, a secret only as set', async () => {
    jest.spyOn(providersApi, 'list').mockResolvedValue(VIEW);
    renderPage();
    const cards = await screen.findAllByTestId('provider-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[2]!).getByText('1 call, 0 failed')).toBeTruthy();
    const sms = within(cards[0]!);
    expect(sms.getByRole('heading', { name: 'Text messages (SMS)' })).toBeTruthy();
    expect(sms.getAllByText('isms').length).toBeGreaterThan(0);
    expect(sms.getByText('12 calls, 1 failed')).toBeTruthy();
    expect(sms.getByText('240 ms')).toBeTruthy();
    expect(sms.getByTestId('provider-error').textContent).toMatch(
      /2 Mar 2026.*10:15:00.*iSMS: -1004 insufficient credits/,
    );
    const settings = within(sms.getByTestId('provider-settings'));
    expect(settings.getByText('Set (hidden)')).toBeTruthy();
    expect(settings.getByText('lender')).toBeTruthy();
    expect(settings.getByText('Not set')).toBeTruthy();
    expect(sms.getByText('Delivered: 10 · Failed: 1')).toBeTruthy();
    const payout = within(cards[1]!);
    expect(payout.getByText('Sandbox')).toBeTruthy();
    expect(payout.getByText('Allowed in production')).toBeTruthy();
    expect(payout.getByText('Not called yet')).toBeTruthy();
    expect(payout.getByText('0 calls, 0 failed')).toBeTruthy();
    expect(payout.getByText('The sandbox needs no settings.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('1 service runs on its sandbox.');
  });

  it('speaks Malay', async () => {
    setLanguage('MS');
    jest.spyOn(providersApi, 'list').mockResolvedValue(VIEW);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Pembekal perkhidmatan' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Mesej teks (SMS)' })).toBeTruthy();
    expect(screen.getByText('Ditetapkan (tersembunyi)')).toBeTruthy();
    expect(screen.getByText('12 panggilan, 1 gagal')).toBeTruthy();
    expect(screen.getByText('Dibenarkan dalam pengeluaran')).toBeTruthy();
  });

  it('says when the providers cannot be loaded, and loads them again on asking', async () => {
    const list = jest
      .spyOn(providersApi, 'list')
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(VIEW);
    renderPage();
    expect(await screen.findByText('The providers could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('provider-card')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(3));
  });
});
