import type { ExplainBackQuestion } from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { fireEvent, screen, within } from '@testing-library/react';

import ms from '../../locales/ms/mf-loan-status.json';
import { renderInRemote } from '../../testing/render';
import { attestationFailure } from './attestation-failure';
import { ExplainBackForm } from './explain-back-form';
import { SlotPicker } from './slot-picker';

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
      { key: 'b', outcome: 'LATE_CHARGE' },
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
    fireEvent.click(screen.getByLabelText(/late payment charge of 8% a year/));
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
    expect(screen.getByLabelText(/Caj bayaran lewat 8% setahun/)).toBeTruthy();
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
