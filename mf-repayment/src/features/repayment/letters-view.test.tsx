import type { CollectionLetterView } from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { LetterList } from './letters-view';

// Chakra's first render in jsdom is slow on a busy machine.
jest.setTimeout(30_000);

const DEFAULT_NOTICE: CollectionLetterView = {
  id: 'letter-2',
  kind: 'DEFAULT',
  version: 1,
  language: 'EN',
  issuedOn: '2027-04-20',
  overdueSen: 110_000,
  lateChargesSen: 350,
  remedyBy: '2027-05-04',
  issuedBy: 'staff:someone',
  emailedAt: null,
};

describe('the borrower’s letters', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows nothing when no letter was sent', () => {
    renderInRemote(<LetterList items={[]} download={async () => undefined} />, '/payment-history');
    expect(screen.queryByTestId('letters')).toBeNull();
  });

  it('gives the date to pay by and downloads the letter pressed, saying when it fails', async () => {
    const asked: string[] = [];
    renderInRemote(
      <LetterList
        items={[DEFAULT_NOTICE]}
        download={async (letter) => {
          asked.push(letter.id);
          if (asked.length > 1) throw new Error('Letter not found');
        }}
      />,
      '/payment-history',
    );
    const list = screen.getByRole('list', { name: 'Your letters, newest first' });
    expect(within(list).getByText('Notice of default')).toBeTruthy();
    expect(within(list).getByText('Pay by 4 May 2027')).toBeTruthy();
    const button = screen.getByRole('button', {
      name: 'Download Notice of default of 20 Apr 2027',
    });
    await userEvent.click(button);
    expect(asked).toEqual(['letter-2']);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch('could not be downloaded'),
    );
  });

  it('reads in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInRemote(
      <LetterList items={[DEFAULT_NOTICE]} download={async () => undefined} />,
      '/payment-history',
    );
    expect(screen.getByText('Notis keingkaran')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Surat mengenai pinjaman ini' })).toBeTruthy();
  });
});
