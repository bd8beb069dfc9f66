import type { AgreementView, BorrowerLoanFigures } from '@lending/contracts';
import { approvedLoanSummary, DEFAULT_FEE_SETTINGS } from '@lending/domain';
import { setLanguage } from '@lending/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../testing/render';
import { CancelAgreement } from './cancel-agreement';

/** An accepted agreement as the API answers it, its figures from the domain engine. */
function accepted(overrides: Partial<AgreementView> = {}): AgreementView {
  const figures: BorrowerLoanFigures = approvedLoanSummary(
    { approvedSen: 1_000_000, tenureMonths: 24, annualRateBp: 1200, security: 'UNSECURED' },
    DEFAULT_FEE_SETTINGS,
  );
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    agreementNo: 'AGR-AC-2026-000042',
    applicationId: '00000000-0000-4000-8000-000000000001',
    status: 'PENDING_SIGNING',
    version: 7,
    approvedAmountSen: 1_000_000,
    amountSen: 1_000_000,
    tenureMonths: 24,
    annualRateBp: 1200,
    security: 'UNSECURED',
    campaignCode: null,
    capBp: 1800,
    figures,
    instalments: [],
    limits: { minAmountSen: 500_000, maxAmountSen: 1_000_000 },
    loanProtection: { optedIn: false, deducted: false, available: false, quote: null },
    open: false,
    acceptedAt: '2026-11-20T03:00:00.000Z',
    signDate: null,
    cancelledAt: null,
    createdAt: '2026-11-20T02:00:00.000Z',
    ...overrides,
  };
}

describe('cancelling the agreement before signing', () => {
  beforeEach(() => setLanguage('EN'));

  it('warns with what is lost, keeps the agreement on "keep", and cancels on confirmation', async () => {
    const agreement = accepted();
    const cancelled = { ...agreement, status: 'CANCELLED' as const, version: 8 };
    const cancel = jest.fn(async () => cancelled);
    const onCancelled = jest.fn();
    renderInRemote(
      <CancelAgreement agreement={agreement} cancel={cancel} onCancelled={onCancelled} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this agreement' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Cancel agreement AGR-AC-2026-000042?')).toBeTruthy();
    const losses = within(dialog).getByTestId('agreement-cancel-losses');
    expect(losses.textContent).toContain('the approved loan of RM 10,000.00');
    expect(losses.textContent).toContain('attestation');
    expect(losses.textContent).toContain('direct debit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my agreement' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 3000 });
    expect(cancel).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel this agreement' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText('Why are you cancelling? (optional)'), {
      target: { value: '  Business plans changed ' },
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Yes, cancel the agreement' }),
    );
    expect(cancel).toHaveBeenCalledWith({ version: 7, reason: 'Business plans changed' });
    await waitFor(() => expect(onCancelled).toHaveBeenCalledWith(cancelled));
  }, 20_000);

  it('shows the server refusal and stays open', async () => {
    const cancel = jest.fn(async () => {
      throw new Error('The agreement cannot move from AGREEMENTSIGNING to CANCELLED');
    });
    const onCancelled = jest.fn();
    renderInRemote(
      <CancelAgreement agreement={accepted()} cancel={cancel} onCancelled={onCancelled} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this agreement' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Yes, cancel the agreement' }),
    );
    expect(
      await within(dialog).findByText(/cannot move from AGREEMENTSIGNING to CANCELLED/),
    ).toBeTruthy();
    expect(cancel).toHaveBeenCalledWith({ version: 7 });
    expect(onCancelled).not.toHaveBeenCalled();
  });

  it('offers nothing before acceptance (the offer is declined instead) or once signed', () => {
    for (const status of ['LOANAPPLICATIONAPPROVED', 'AGREEMENTSIGNING', 'CANCELLED'] as const) {
      const { unmount } = renderInRemote(
        <CancelAgreement
          agreement={accepted({ status })}
          cancel={jest.fn()}
          onCancelled={jest.fn()}
        />,
      );
      expect(screen.queryByRole('button', { name: 'Cancel this agreement' })).toBeNull();
      unmount();
    }
  });

  it('speaks Bahasa Melayu', async () => {
    setLanguage('MS');
    renderInRemote(
      <CancelAgreement agreement={accepted()} cancel={jest.fn()} onCancelled={jest.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Batalkan perjanjian ini' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Batalkan perjanjian AGR-AC-2026-000042?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ya, batalkan perjanjian' })).toBeTruthy();
  });
});
