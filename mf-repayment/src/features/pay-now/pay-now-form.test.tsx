import type { DueNowView } from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { amountProblem, PayNowForm, senFromInput } from './pay-now-form';

const DUE: DueNowView = {
  agreementId: '6f1c2a3e-1111-4222-8333-444455556666',
  agreementNo: 'AC-2026-000123',
  dueNowSen: 99_145,
  overdueSen: 47_066,
  lateChargesSen: 113,
  currentInstalmentSen: 51_966,
  maxAmountSen: 1_000_000,
  minAmountSen: 100,
  settlementSen: null,
  asOf: '2026-11-24',
};

const amountField = () => screen.getByLabelText(/Amount to pay/) as HTMLInputElement;

describe('the pay-instalment-now form', () => {
  beforeEach(() => setLanguage('EN'));

  it('reads ringgit typed by the borrower as sen', () => {
    expect(senFromInput('150')).toBe(15_000);
    expect(senFromInput('1,234.5')).toBe(123_450);
    expect(senFromInput(' 0.07 ')).toBe(7);
    expect(senFromInput('12.345')).toBeNull();
    expect(senFromInput('abc')).toBeNull();
    expect(amountProblem(99, DUE)).toBe('amountTooSmall');
    expect(amountProblem(1_000_001, DUE)).toBe('amountTooLarge');
    expect(amountProblem(1_000_000, DUE)).toBeNull();
  });

  it('shows the amount due now broken down and pays it by online banking by default', async () => {
    const paid: unknown[] = [];
    renderInRemote(
      <PayNowForm
        due={DUE}
        onPay={async (choice) => {
          paid.push(choice);
          return null;
        }}
      />,
      '/pay-instalment-now',
    );
    // The date of the figures as people read it.
    expect(
      screen.getByText(/^Figures as of 24 Nov 2026 for agreement AC-2026-000123/),
    ).toBeTruthy();
    const card = screen.getByTestId('due-now');
    expect(within(card).getByText('RM 470.66')).toBeTruthy();
    expect(within(card).getByText('RM 1.13')).toBeTruthy();
    expect(within(card).getByText('RM 519.66')).toBeTruthy();
    expect(within(card).getByText('RM 991.45')).toBeTruthy();
    expect(amountField().value).toBe('991.45');
    expect(
      (screen.getByRole('radio', { name: /Online banking/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(paid).toEqual([{ channel: 'FPX', amountSen: 99_145 }]));
  });

  it('refuses an amount above what is owed, then pays a chosen amount by card', async () => {
    const paid: unknown[] = [];
    renderInRemote(
      <PayNowForm
        due={DUE}
        onPay={async (choice) => {
          paid.push(choice);
          return null;
        }}
      />,
      '/pay-instalment-now',
    );
    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '10000.01');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByText(/cannot be more than RM 10,000.00/)).toBeTruthy();
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amountField());
    expect(paid).toEqual([]);

    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '250');
    await userEvent.click(screen.getByRole('radio', { name: /Credit or debit card/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(paid).toEqual([{ channel: 'CARD', amountSen: 25_000 }]));
  });

  it('says why the payment could not start, in Bahasa Melayu too', async () => {
    setLanguage('MS');
    renderInRemote(
      <PayNowForm due={DUE} onPay={async () => 'The payment gateway cannot be reached'} />,
      '/pay-instalment-now',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Bayar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Pembayaran tidak dapat dimulakan');
    expect(alert.textContent).toContain('The payment gateway cannot be reached');
    expect((screen.getByRole('button', { name: 'Bayar' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('asks for no more than today’s settlement amount and says what each choice means', async () => {
    // Settling today (RM12,345.50) costs less than every instalment left (RM14,197.33).
    const due: DueNowView = { ...DUE, maxAmountSen: 1_234_550, settlementSen: 1_234_550 };
    renderInRemote(<PayNowForm due={due} onPay={async () => null} />, '/pay-instalment-now');
    expect(screen.getByText(/up to RM 12,345.50, today's early settlement amount/)).toBeTruthy();
    expect(screen.queryByText(/everything you owe today/)).toBeNull();
    const choices = screen.getByTestId('pay-choices');
    expect(within(choices).getByText(/RM 991.45, the amount due now, clears/)).toBeTruthy();
    expect(within(choices).getByText(/loan stays open/)).toBeTruthy();
    expect(
      within(choices).getByText(/RM 12,345.50 pays off the principal still unpaid/),
    ).toBeTruthy();
    expect(
      within(choices)
        .getByRole('link', { name: /Settle early/ })
        .getAttribute('href'),
    ).toBe(`/repayment-schedule?agreementId=${DUE.agreementId}`);
    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '12345.51');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(
      screen.getByText(/cannot be more than RM 12,345.50, today's early settlement amount/),
    ).toBeTruthy();
  });

  it('says what each choice means in Bahasa Melayu', () => {
    setLanguage('MS');
    const due: DueNowView = { ...DUE, maxAmountSen: 1_234_550, settlementSen: 1_234_550 };
    renderInRemote(<PayNowForm due={due} onPay={async () => null} />, '/pay-instalment-now');
    expect(screen.getByText('Maksud setiap pilihan')).toBeTruthy();
    expect(
      screen.getByText(/hingga RM 12,345.50, iaitu amaun penyelesaian awal hari ini/),
    ).toBeTruthy();
  });
});
