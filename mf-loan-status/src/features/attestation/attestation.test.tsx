import type { ExplainBackQuestion } from '@lending/contracts';
import { accountStore, ApiError, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';

import ms from '../../locales/ms/mf-loan-status.json';
import { renderInRemote } from '../../testing/render';
import { attestationApi } from './attestation-api';
import { attestationFailure } from './attestation-failure';
import { AttestationOptionPage } from './attestation-option-page';
import { ExplainBackForm } from './explain-back-form';
import { AttestationLiveCallPage } from './live-call-page';
import { SlotPicker } from './slot-picker';
import { AttestationVideoPage } from './video-page';

const QUESTIONS: ExplainBackQuestion[] = [
  {
    id: 'AMOUNT_RECEIVED',
    choices: [
      { key: 'a', amountSen: 1_000_000 },
      { key: 'b', amountSen: 925_000 },
      { key: 'c', amountSen: 1_240_000 },
    ],
  },
  {
    id: 'LATE_PAYMENT',
    choices: [
      { key: 'a', outcome: 'NOTHING' },
      // The agreement's own rate, not the 8% a year most agreements are made on.
      { key: 'b', outcome: 'LATE_CHARGE', rateBp: 725 },
      { key: 'c', outcome: 'INTEREST_RATE_DOUBLES' },
    ],
  },
];

describe('the explain-back check', () => {
  beforeEach(() => setLanguage('EN'));

  it('asks about the borrower’s own figures and sends each answer with its timing', () => {
    const onSubmit = jest.fn();
    renderInRemote(
      <ExplainBackForm questions={QUESTIONS} busy={false} failure={null} onSubmit={onSubmit} />,
    );
    const received = screen.getByRole('group', {
      name: 'How much will be paid into your bank account?',
    });
    expect(within(received).getByLabelText(/9,250\.00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Answer every question/);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(within(received).getByLabelText(/9,250\.00/));
    fireEvent.click(screen.getByLabelText(/late payment charge of 7\.25% a year/));
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    expect(onSubmit).toHaveBeenCalledWith([
      { questionId: 'AMOUNT_RECEIVED', choice: 'b', answeredAfterMs: expect.any(Number) },
      { questionId: 'LATE_PAYMENT', choice: 'b', answeredAfterMs: expect.any(Number) },
    ]);
  });

  it('shows the server’s refusal, in Bahasa Melayu too', () => {
    setLanguage('MS');
    renderInRemote(
      <ExplainBackForm
        questions={QUESTIONS}
        busy={false}
        failure="Some answers do not match your loan"
        onSubmit={jest.fn()}
      />,
    );
    expect(
      screen.getByRole('group', { name: 'Apakah yang berlaku jika ansuran dibayar lewat?' }),
    ).toBeTruthy();
    expect(screen.getByLabelText(/Caj bayaran lewat 7\.25% setahun/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/Belum tepat/);
    expect(screen.getByRole('button', { name: 'Hantar jawapan saya' })).toBeTruthy();
  });
});

describe('the live-call slot picker', () => {
  beforeEach(() => setLanguage('EN'));
  const SLOTS = [
    // 02:00 UTC is 10:00 in Kuala Lumpur.
    { id: 's1', startsAt: '2026-01-07T02:00:00.000Z', endsAt: '2026-01-07T02:30:00.000Z' },
    { id: 's2', startsAt: '2026-01-07T06:30:00.000Z', endsAt: '2026-01-07T07:00:00.000Z' },
    { id: 's3', startsAt: '2026-01-09T01:00:00.000Z', endsAt: '2026-01-09T01:30:00.000Z' },
  ];

  it('groups times by day in Malaysia time and books the one chosen', () => {
    const onPick = jest.fn();
    renderInRemote(
      <SlotPicker
        slots={SLOTS}
        language="EN"
        busy={false}
        submitLabel="Book this time"
        onPick={onPick}
      />,
    );
    const picker = screen.getByTestId('slot-picker');
    expect(picker.textContent).toMatch(/7 January 2026/);
    expect(picker.textContent).toMatch(/9 January 2026/);
    fireEvent.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a time first');
    fireEvent.click(screen.getByLabelText(/10:00/i));
    fireEvent.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(onPick).toHaveBeenCalledWith('s1');
  });

  it('says when nothing is open, in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInRemote(
      <SlotPicker slots={[]} language="MS" busy={false} submitLabel="Tempah" onPick={jest.fn()} />,
    );
    expect(screen.getByTestId('no-slots').textContent).toMatch(/Tiada masa dibuka/);
  });
});

describe('a refused attestation step', () => {
  type Tree = { [key: string]: string | Tree };
  const inMalay = (key: string) =>
    key
      .split('.')
      .reduce<string | Tree>((node, part) => (node as Tree)[part]!, ms as Tree) as string;
  const refusal = (code: string, message: string) => ({
    response: { status: 409, data: { statusCode: 409, code, message } },
  });

  it('is told in the borrower’s language when they can act on it', () => {
    expect(
      attestationFailure(
        refusal('SLOT_TAKEN', 'Someone booked that slot a moment ago: choose another one'),
        inMalay,
      ),
    ).toBe('Seseorang telah menempah masa itu sebentar tadi. Pilih masa lain.');
    expect(
      attestationFailure(refusal('SLOT_NOT_BOOKABLE', 'Choose a free slot (inThePast)'), inMalay),
    ).toMatch(/^Masa itu tidak lagi boleh ditempah/);
  });

  it('falls back to the server’s message for anything else', () => {
    expect(attestationFailure(new Error('Agreement Not Found'), inMalay)).toBe(
      'Agreement Not Found',
    );
  });
});

describe('the attestation pages with no agreement yet', () => {
  beforeEach(() => setLanguage('EN'));
  afterEach(() => {
    jest.restoreAllMocks();
    queryClient.clear();
    accountStore.clear();
    setLanguage('EN');
  });

  it.each([
    ['/loan-status/attestation-option', AttestationOptionPage],
    ['/loan-status/attestation-option/video', AttestationVideoPage],
    ['/loan-status/attestation-option/live-call', AttestationLiveCallPage],
  ] as [string, ComponentType][])(
    '%s says there is nothing to attest yet, not an error to retry',
    async (path, Page) => {
      accountStore.set({
        user: { id: 'user-1', firstName: 'Siti' },
        application: null,
        agreement: null,
      });
      const message = 'Agreement Not Found';
      jest.spyOn(attestationApi, 'mine').mockRejectedValue(
        new ApiError(
          message,
          'ERR_BAD_REQUEST',
          {},
          {
            status: 404,
            data: { statusCode: 404, error: 'Not Found', message, code: 'NOT_FOUND' },
            headers: {},
            config: {},
          },
        ),
      );
      renderInRemote(<Page />, path);
      expect(
        await screen.findByText(
          'You have no loan agreement to attest yet. Your home page shows where your application stands.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.getAllByRole('link', { name: 'Back to home' }).length).toBeGreaterThan(0);
    },
  );
});
