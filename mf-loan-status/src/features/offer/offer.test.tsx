import type { AgreementView, BorrowerLoanFigures } from '@lending/contracts';
import {
  approvedLoanSummary,
  DEFAULT_FEE_SETTINGS,
  instalmentSchedule,
  loanProtectionPremium,
} from '@lending/domain';
import { setLanguage } from '@lending/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { AmountForm } from './amount-form';
import { DeclineOffer } from './decline-offer';
import { OfferSummary } from './offer-summary';

/** An offer as the API answers it, its figures from the domain engine for these terms. */
function offer(
  terms: { amountSen?: number; protection?: 'deducted' | 'separate' } = {},
  overrides: Partial<AgreementView> = {},
): AgreementView {
  const amountSen = terms.amountSen ?? 1_000_000;
  const summary = approvedLoanSummary(
    {
      approvedSen: amountSen,
      tenureMonths: 24,
      annualRateBp: 1200,
      security: 'UNSECURED',
      ...(terms.protection
        ? {
            loanProtection: {
              sumCoveredSen: amountSen,
              rateBp: 150,
              deducted: terms.protection === 'deducted',
            },
          }
        : {}),
    },
    DEFAULT_FEE_SETTINGS,
  );
  const { loanProtection, ...rest } = summary;
  const figures: BorrowerLoanFigures = loanProtection
    ? {
        ...rest,
        loanProtection: {
          grossPremiumSen: loanProtection.grossPremiumSen,
          serviceTaxSen: loanProtection.serviceTaxSen,
          totalPremiumSen: loanProtection.totalPremiumSen,
          deducted: loanProtection.deducted,
        },
      }
    : rest;
  const quote = loanProtectionPremium({ sumCoveredSen: amountSen, rateBp: 150 });
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    agreementNo: 'AGR-AC-2026-000042',
    applicationId: '00000000-0000-4000-8000-000000000001',
    status: 'LOANAPPLICATIONAPPROVED',
    version: 3,
    approvedAmountSen: 1_000_000,
    amountSen,
    tenureMonths: 24,
    annualRateBp: 1200,
    security: 'UNSECURED',
    campaignCode: null,
    capBp: 1800,
    figures,
    instalments: instalmentSchedule({
      principalSen: amountSen,
      tenureMonths: 24,
      annualRateBp: 1200,
    }).instalmentsSen.map((sen, index) => ({ number: index + 1, amountSen: sen })),
    limits: { minAmountSen: 500_000, maxAmountSen: 1_000_000 },
    loanProtection: {
      optedIn: terms.protection !== undefined,
      deducted: terms.protection !== 'separate',
      available: true,
      quote: {
        grossPremiumSen: quote.grossPremiumSen,
        serviceTaxSen: quote.serviceTaxSen,
        totalPremiumSen: quote.totalPremiumSen,
      },
    },
    open: true,
    acceptedAt: null,
    signDate: null,
    cancelledAt: null,
    createdAt: '2026-11-20T02:00:00.000Z',
    ...overrides,
  };
}

const figure = (key: string) => screen.getByTestId(`loan-figures-${key}`).textContent;

describe('the approved loan summary', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows every figure of the engine, the rate beside the cap, and the instalments', async () => {
    const agreement = offer();
    const accepted = { ...agreement, status: 'PENDING_ATTESTATION' as const, open: false };
    const accept = jest.fn(async () => accepted);
    const onAccepted = jest.fn();
    renderInRemote(
      <OfferSummary agreement={agreement} accept={accept} onAccepted={onAccepted} />,
      '/loan-status/approved-loan-summary',
    );
    expect(figure('amount')).toBe('RM 10,000.00');
    expect(figure('monthly')).toBe('RM 516.67');
    expect(figure('last')).toBe('RM 516.59');
    expect(figure('interest')).toBe('RM 2,400.00');
    expect(figure('repayable')).toBe('RM 12,400.00');
    expect(figure('stampDuty')).toBe('RM 50.00');
    expect(figure('attestationFee')).toBe('RM 700.00');
    expect(figure('net')).toBe('RM 9,250.00');
    const rate = (agreement.figures.effectiveAnnualRateBp / 100).toFixed(2);
    expect(figure('effectiveRate')).toBe(`${rate}% a year (legal limit 18.00%)`);
    expect(screen.getByText('Monthly instalment (first 23 months)')).toBeTruthy();
    expect(screen.getByText('Not taken')).toBeTruthy();

    const table = screen.getByTestId('instalment-table');
    const rows = within(table).getAllByRole('row');
    // The header, 24 instalments and the total.
    expect(rows).toHaveLength(26);
    expect(within(rows[1]!).getByText('RM 516.67')).toBeTruthy();
    expect(within(rows[24]!).getByText('RM 516.59')).toBeTruthy();
    expect(screen.getByTestId('instalment-table-total').textContent).toBe('RM 12,400.00');

    await userEvent.click(screen.getByRole('button', { name: 'Accept the loan' }));
    expect(accept).toHaveBeenCalledWith(3);
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith(accepted));
  });

  it('shows the loan protection premium and how it is paid', () => {
    renderInRemote(
      <OfferSummary
        agreement={offer({ amountSen: 800_000, protection: 'deducted' })}
        accept={jest.fn()}
        onAccepted={jest.fn()}
      />,
    );
    expect(figure('amount')).toBe('RM 8,000.00');
    expect(figure('protectionGross')).toBe('RM 120.00');
    expect(figure('protectionTax')).toBe('RM 9.60');
    expect(figure('protectionTotal')).toBe('RM 129.60');
    expect(screen.getByText('(deducted from the amount you receive)')).toBeTruthy();
    // RM8,000 less RM40 stamp duty, RM560 attestation fee and RM129.60 premium.
    expect(figure('net')).toBe('RM 7,270.40');
  });

  it('reads in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInRemote(
      <OfferSummary
        agreement={offer({ protection: 'separate' })}
        accept={jest.fn()}
        onAccepted={jest.fn()}
      />,
    );
    expect(screen.getByText('Jumlah bersih yang anda terima')).toBeTruthy();
    expect(screen.getByText('Jadual ansuran')).toBeTruthy();
    expect(screen.getByText('(dibayar berasingan)')).toBeTruthy();
    expect(figure('effectiveRate')).toMatch(/setahun \(had undang-undang 18\.00%\)$/);
    expect(screen.getByRole('button', { name: 'Terima pinjaman' })).toBeTruthy();
  });

  it('says the server refused, in its words, and stays on the offer', async () => {
    const accept = jest.fn(async () => {
      throw new Error('This agreement changed since you opened it; reload it and try again');
    });
    const onAccepted = jest.fn();
    renderInRemote(<OfferSummary agreement={offer()} accept={accept} onAccepted={onAccepted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept the loan' }));
    expect((await screen.findByTestId('offer-accept-failure')).textContent).toContain(
      'This agreement changed',
    );
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('once accepted, shows the settled figures and leads on to attestation', () => {
    renderInRemote(
      <OfferSummary
        agreement={offer({}, { status: 'PENDING_ATTESTATION', open: false })}
        accept={jest.fn()}
        onAccepted={jest.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Accept the loan' })).toBeNull();
    expect(screen.getByText('You accepted this loan. Its figures are final.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose how to attest' }).getAttribute('href')).toBe(
      '/loan-status/attestation-option',
    );
  });
});

describe('the amount and loan protection form', () => {
  beforeEach(() => setLanguage('EN'));

  function renderForm(agreement = offer()) {
    const save = jest.fn(async (body: { amountSen: number }) =>
      offer({ amountSen: body.amountSen }, { version: agreement.version + 1 }),
    );
    const onDone = jest.fn();
    renderInRemote(<AmountForm agreement={agreement} save={save} onDone={onDone} />);
    const amount = screen.getByTestId('offer-amount') as HTMLInputElement;
    // Submitting the form as Enter in the amount field does.
    const submit = async () => {
      fireEvent.submit(screen.getByTestId('offer-amount-form'));
      await Promise.resolve();
    };
    return { save, onDone, amount, submit };
  }

  it('refuses an amount outside the limits before asking the server', async () => {
    const { save, amount, submit } = renderForm();
    expect(amount.value).toBe('10000.00');
    expect(screen.getByText('RM 10,000.00')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '' } });
    await submit();
    expect(screen.getByText('Please enter the amount you want to take')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '10,000.01' } });
    await submit();
    expect(
      screen.getByText('The amount cannot be more than the approved RM 10,000.00'),
    ).toBeTruthy();
    fireEvent.change(amount, { target: { value: '4999.99' } });
    await submit();
    expect(screen.getByText('The amount must be at least RM 5,000.00')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '8000.123' } });
    await submit();
    expect(screen.getByText(/Please enter an amount in ringgit/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends a lower amount with cover paid separately, then moves on', async () => {
    const { save, onDone, amount, submit } = renderForm();
    expect(screen.getByTestId('offer-protection-quote').textContent).toContain(
      'gross premium RM 150.00, service tax RM 12.00, total premium RM 162.00',
    );
    fireEvent.change(amount, { target: { value: '8,000' } });
    await userEvent.click(screen.getByText('Add loan protection to my loan'));
    fireEvent.click(screen.getByLabelText('I will pay it separately'));
    await submit();
    expect(save).toHaveBeenCalledWith({
      version: 3,
      amountSen: 800_000,
      loanProtection: true,
      loanProtectionDeducted: false,
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone.mock.calls[0]![0].amountSen).toBe(800_000);
  });

  it('moves on without a change when nothing changed', async () => {
    const agreement = offer();
    const { save, onDone, submit } = renderForm(agreement);
    await submit();
    expect(save).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith(agreement);
  });

  it('says when cover is not sold for the tenure, and checks in Bahasa Melayu', async () => {
    setLanguage('MS');
    const { amount, submit } = renderForm(
      offer(
        {},
        { loanProtection: { optedIn: false, deducted: true, available: false, quote: null } },
      ),
    );
    expect(
      screen.getByText('Perlindungan pinjaman tidak ditawarkan untuk tempoh ini.'),
    ).toBeTruthy();
    fireEvent.change(amount, { target: { value: '20000' } });
    await submit();
    expect(
      screen.getByText('Jumlah tidak boleh melebihi RM 10,000.00 yang diluluskan'),
    ).toBeTruthy();
  });
});

describe('declining the offer', () => {
  beforeEach(() => setLanguage('EN'));

  it('asks first, then declines with the reason given', async () => {
    const agreement = offer();
    const declined = { ...agreement, status: 'CANCELLED' as const, open: false };
    const decline = jest.fn(async () => declined);
    const onDeclined = jest.fn();
    renderInRemote(
      <DeclineOffer agreement={agreement} decline={decline} onDeclined={onDeclined} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Decline the offer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Declining ends this offer for good/)).toBeTruthy();
    await userEvent.type(
      within(dialog).getByLabelText('Why are you declining? (optional)'),
      'Found another lender',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, decline the offer' }));
    expect(decline).toHaveBeenCalledWith({ version: 3, reason: 'Found another lender' });
    await waitFor(() => expect(onDeclined).toHaveBeenCalledWith(declined));
  });
});
