import type { RefundLetterView } from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { RefundLetterList } from './refund-letters';

// Chakra's first render in jsdom is slow on a busy machine.
jest.setTimeout(30_000);

const REFUND: RefundLetterView = {
  id: 'refund-1',
  agreementId: 'agr-1',
  reference: 'RF-1A2B3C4D',
  amountSen: 1_234,
  refundedOn: '2027-05-06',
  accountLast4: '9012',
  language: 'EN',
};

describe('the borrower’s refund letters', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows nothing when no credit was refunded', () => {
    renderInRemote(
      <RefundLetterList items={[]} download={async () => undefined} />,
      '/payment-history',
    );
    expect(screen.queryByTestId('refund-letters')).toBeNull();
  });

  it('says what was paid back and where, and downloads the letter, saying when it fails', async () => {
    const asked: string[] = [];
    renderInRemote(
      <RefundLetterList
        items={[REFUND]}
        download={async (letter) => {
          asked.push(letter.id);
          if (asked.length > 1) throw new Error('Refund letter not found');
        }}
      />,
      '/payment-history',
    );
    const list = screen.getByRole('list', { name: 'Your refund letters, newest first' });
    expect(
      within(list).getByText('RM 12.34 paid back on 6 May 2027 to your account ending 9012'),
    ).toBeTruthy();
    expect(within(list).getByText('Reference RF-1A2B3C4D')).toBeTruthy();
    const button = screen.getByRole('button', {
      name: 'Download refund letter RF-1A2B3C4D of 6 May 2027',
    });
    await userEvent.click(button);
    expect(asked).toEqual(['refund-1']);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The refund letter could not be downloaded. Please try again.',
      ),
    );
  });

  it('reads in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInRemote(
      <RefundLetterList items={[REFUND]} download={async () => undefined} />,
      '/payment-history',
    );
    expect(screen.getByRole('heading', { name: 'Surat bayaran balik kredit' })).toBeTruthy();
    expect(
      screen.getByText(
        'RM 12.34 dibayar balik pada 6 Mei 2027 ke akaun anda yang berakhir dengan 9012',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Muat turun surat bayaran balik RF-1A2B3C4D bertarikh 6 Mei 2027',
      }),
    ).toBeTruthy();
  });
});
