import type { DirectDebitView, MandateView } from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import en from '../../locales/en/mf-loan-status.json';
import ms from '../../locales/ms/mf-loan-status.json';
import { renderInRemote } from '../../testing/render';
import { DirectDebitPanel, type DirectDebitPanelProps } from './direct-debit-panel';

jest.setTimeout(30_000);

const MANDATE: MandateView = {
  id: '7b0d7a36-5d2c-4d5e-9a59-0d5c5b0f6a11',
  referenceNo: 'AGR-AC-2026-000042-DD01',
  status: 'PENDING_AUTH',
  bankCode: 'MB2U0227',
  bankName: 'Maybank',
  accountLast4: '8901',
  maxAmountSen: 51_667,
  frequency: 'MONTHLY',
  firstCollectionDate: '2026-12-24',
  lastCollectionDate: '2028-11-24',
  bankMessage: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  authorisedAt: null,
  activatedAt: null,
  endedAt: null,
};

function view(overrides: Partial<DirectDebitView> = {}): DirectDebitView {
  return {
    agreementId: '3f7c0d8e-6a7b-4c1d-8e9f-0a1b2c3d4e5f',
    agreementNo: 'AGR-AC-2026-000042',
    agreementStatus: 'RnRApproved',
    terms: {
      maxAmountSen: 51_667,
      frequency: 'MONTHLY',
      firstCollectionDate: '2026-12-24',
      lastCollectionDate: '2028-11-24',
    },
    banks: [
      { code: 'MB2U0227', name: 'Maybank' },
      { code: 'PBB0233', name: 'Public Bank' },
    ],
    mandate: null,
    canRegister: true,
    active: false,
    ...overrides,
  };
}

function renderPanel(props: Partial<DirectDebitPanelProps> = {}) {
  const handlers = {
    onSubmit: jest.fn<Promise<void>, Parameters<DirectDebitPanelProps['onSubmit']>>(),
    onRefresh: jest.fn(),
  };
  handlers.onSubmit.mockResolvedValue(undefined);
  renderInRemote(<DirectDebitPanel view={view()} language="EN" {...handlers} {...props} />);
  return handlers;
}

function fill(labels: { name: string; id: string; bank: string; account: string }) {
  fireEvent.change(screen.getByLabelText(labels.name, { exact: false }), {
    target: { value: 'Siti Aminah' },
  });
  fireEvent.change(screen.getByLabelText(labels.id, { exact: false }), {
    target: { value: '900101-14-5678' },
  });
  fireEvent.change(screen.getByLabelText(labels.bank, { exact: false }), {
    target: { value: 'MB2U0227' },
  });
  fireEvent.change(screen.getByLabelText(labels.account, { exact: false }), {
    target: { value: '512345678901' },
  });
}

describe('the direct debit panel', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows the mandate’s limits and sends the form to the bank', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderPanel();
    const terms = screen.getByTestId('direct-debit-terms');
    expect(terms.textContent).toContain('RM 516.67');
    expect(terms.textContent).toContain('AGR-AC-2026-000042');
    expect(terms.textContent).toContain('Monthly');
    expect(terms.textContent).toMatch(/24 December 2026/);
    fill({
      name: 'Account holder name',
      id: 'Identity card or passport number',
      bank: 'Bank',
      account: 'Account number',
    });
    await user.click(screen.getByRole('button', { name: 'Continue to my bank' }));
    expect(onSubmit).toHaveBeenCalledWith({
      payerName: 'Siti Aminah',
      payerIdType: 'NRIC',
      payerIdNo: '900101-14-5678',
      bankCode: 'MB2U0227',
      accountNo: '512345678901',
      language: 'EN',
    });
  });

  it('says what is missing before sending anything, in Bahasa Melayu', async () => {
    setLanguage('MS');
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderPanel({ language: 'MS' });
    await user.click(screen.getByRole('button', { name: 'Teruskan ke bank saya' }));
    expect(screen.getByText('Sila masukkan nama pemegang akaun')).toBeTruthy();
    expect(screen.getByText('Sila pilih bank anda')).toBeTruthy();
    expect(screen.getByText(/Sila masukkan nombor akaun anda/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and lets the borrower try again', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderPanel();
    // What the page's call rejects with carries the server's message.
    onSubmit.mockRejectedValueOnce(new Error('Please choose your bank from the list'));
    fill({
      name: 'Account holder name',
      id: 'Identity card or passport number',
      bank: 'Bank',
      account: 'Account number',
    });
    await user.click(screen.getByRole('button', { name: 'Continue to my bank' }));
    expect(await screen.findByText('Please choose your bank from the list')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to my bank' })).toBeTruthy();
  });

  it('waits for the bank, and offers to check again or update', async () => {
    const user = userEvent.setup({ delay: null });
    const { onRefresh } = renderPanel({ view: view({ mandate: MANDATE }) });
    expect(screen.getByTestId('mandate-status').textContent).toBe('Waiting for your bank');
    expect(screen.getByTestId('direct-debit-mandate').textContent).toContain('Maybank •••• 8901');
    expect(screen.queryByRole('button', { name: 'Continue to my bank' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(onRefresh).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Update direct debit' }));
    expect(screen.getByText(/Your current mandate ends when you submit the new one/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep my current mandate' }));
    expect(screen.queryByRole('button', { name: 'Continue to my bank' })).toBeNull();
  });

  it('leads on to signing once the mandate is active, in both languages', async () => {
    const active = view({
      agreementStatus: 'PENDING_SIGNING',
      active: true,
      mandate: { ...MANDATE, status: 'ACTIVE', activatedAt: '2026-11-24T08:01:00.000Z' },
    });
    renderPanel({ view: active });
    expect(screen.getByTestId('mandate-status').textContent).toBe('Active');
    expect(screen.getByText('Direct debit is set up')).toBeTruthy();
    // The signing screens read the agreement from the address: the link must carry it.
    expect(
      screen.getByRole('link', { name: 'Continue to the loan agreement' }).getAttribute('href'),
    ).toBe(`/loan-status/loan-agreement?agreementId=${active.agreementId}`);
    expect(screen.getByRole('button', { name: 'Update direct debit' })).toBeTruthy();
    setLanguage('MS');
    await waitFor(() => expect(screen.getByTestId('mandate-status').textContent).toBe('Aktif'));
    expect(screen.getByRole('button', { name: 'Kemas kini debit terus' })).toBeTruthy();
  });

  it('shows the bank’s rejection and the form to set it up again', () => {
    renderPanel({
      view: view({
        mandate: {
          ...MANDATE,
          status: 'REJECTED',
          bankMessage: 'Mandate rejected by the payer at the bank',
        },
      }),
    });
    expect(screen.getByTestId('mandate-status').textContent).toBe('Rejected');
    expect(screen.getByText('Mandate rejected by the payer at the bank')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to my bank' })).toBeTruthy();
  });

  it('has every direct debit text in both languages', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}${key}.`))
        : [prefix];
    expect(keys(ms.directDebit)).toEqual(keys(en.directDebit));
    expect(ms.screens.directDebit.title).toBe('Debit terus');
  });
});
