// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import { brandStore, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen } from '@testing-library/react';

import ms from '../locales/ms/admin-attestation.json';
import type { AttestationEvidence } from './attestation-api';
import { slotStarts } from './attestation-api';
import { OutcomeForm } from './attestation-calendar-page';
import { attestationFailure } from './attestation-failure';
import { EvidencePanel } from './attestation-reviews-page';

jest.setTimeout(30_000);
brandStore.set(arkcash);

const EVIDENCE: AttestationEvidence = {
  actions: { complete: { allowed: false, reason: 'nothingToDecide' }, approve: { allowed: true } },
  agreementId: '00000000-0000-4000-8000-000000000001',
  agreementNo: 'AGR-AC-2026-000042',
  status: 'ATTESTATIONCOMPLETED',
  version: 6,
  applicantName: 'Aisyah',
  option: 'VIDEO',
  completedBy: 'system:attestation',
  viewings: [
    {
      id: 'v1',
      language: 'MS',
      durationMs: 62_000,
      startedAt: '2026-01-05T01:00:00.000Z',
      endedAt: '2026-01-05T01:01:05.000Z',
    },
  ],
  checks: [
    {
      id: 'c1',
      passed: true,
      shownAt: '2026-01-05T01:01:05.000Z',
      submittedAt: '2026-01-05T01:02:00.000Z',
      answers: [{ questionId: 'MONTHLY_INSTALMENT', choice: 'b', answeredAfterMs: 12_400 }],
    },
  ],
  calls: [],
  history: [],
};

const renderInAdmin = (node: React.ReactNode) => render(<PlatformRoot>{node}</PlatformRoot>);

describe('the attestation review', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows the viewing, each answer’s timing and the approval waiting', () => {
    renderInAdmin(<EvidencePanel evidence={EVIDENCE} onDone={jest.fn()} />);
    const panel = screen.getByTestId('evidence');
    expect(panel.textContent).toContain('AGR-AC-2026-000042 · Aisyah');
    expect(panel.textContent).toContain('video 62 s');
    expect(panel.textContent).toContain('Monthly instalment: 12.4 s');
    expect(screen.getByRole('button', { name: 'Approve attestation' })).toBeTruthy();
  });

  it('tells the officer who held the call that someone else approves, with no button', () => {
    renderInAdmin(
      <EvidencePanel
        evidence={{
          ...EVIDENCE,
          actions: {
            complete: { allowed: false, reason: 'nothingToDecide' },
            approve: { allowed: false, reason: 'sameStaff' },
          },
        }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Approve attestation' })).toBeNull();
    expect(screen.getByTestId('approve-why-not').textContent).toBe(
      'You completed this attestation or held its call, so someone else must approve it.',
    );
  });

  it('offers completion for a live call and reads in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInAdmin(
      <EvidencePanel
        evidence={{
          ...EVIDENCE,
          status: 'DONE_LIVE_ATTESTATION',
          actions: {
            complete: { allowed: true },
            approve: { allowed: false, reason: 'nothingToDecide' },
          },
          option: 'LIVE_CALL',
          viewings: [],
          checks: [],
          calls: [
            {
              id: 'b1',
              status: 'ATTESTED',
              startsAt: '2026-01-07T02:00:00.000Z',
              outcomeNotes: 'Peminjam faham',
              outcomeAt: '2026-01-07T02:30:00.000Z',
            },
          ],
        }}
        onDone={jest.fn()}
      />,
    );
    expect(screen.getByText(/Diakui · Peminjam faham/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lengkapkan pengakuan' })).toBeTruthy();
  });
});

describe('the call outcome form', () => {
  beforeEach(() => setLanguage('EN'));

  it('asks for an outcome and notes before recording', () => {
    renderInAdmin(<OutcomeForm bookingId="b1" onDone={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Record the outcome' }));
    expect(screen.getByRole('alert').textContent).toContain('Choose the outcome and write notes');
  });

  it('is labelled in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInAdmin(<OutcomeForm bookingId="b1" onDone={jest.fn()} />);
    expect(screen.getByLabelText(/Keputusan/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rekod keputusan' })).toBeTruthy();
  });
});

describe('a day of office-hours slots', () => {
  const hours = { opensAt: '09:00', closesAt: '10:30', slotMinutes: 30, publicHolidays: [] };
  const dayBefore = new Date('2026-01-06T12:00:00Z');

  it('runs from opening to the last slot that ends by closing, in Malaysia time', () => {
    expect(slotStarts('2026-01-07', hours, dayBefore)).toEqual([
      '2026-01-07T01:00:00.000Z',
      '2026-01-07T01:30:00.000Z',
      '2026-01-07T02:00:00.000Z',
    ]);
  });

  it('offers none already begun today, for the server would refuse the whole day', () => {
    // 09:40 in Kuala Lumpur: the 09:00 and 09:30 slots have begun.
    expect(slotStarts('2026-01-07', hours, new Date('2026-01-07T01:40:00Z'))).toEqual([
      '2026-01-07T02:00:00.000Z',
    ]);
    expect(slotStarts('2026-01-07', hours, new Date('2026-01-07T03:00:00Z'))).toEqual([]);
  });

  it('offers none on a weekend, a public holiday or a date not given', () => {
    expect(slotStarts('2026-01-10', hours, dayBefore)).toEqual([]);
    expect(
      slotStarts('2026-01-07', { ...hours, publicHolidays: ['2026-01-07'] }, dayBefore),
    ).toEqual([]);
    expect(slotStarts('', hours, dayBefore)).toEqual([]);
  });
});

describe('a refused attestation action', () => {
  type Tree = { [key: string]: string | Tree };
  const inMalay = (key: string) =>
    key
      .split('.')
      .reduce<string | Tree>((node, part) => (node as Tree)[part]!, ms as Tree) as string;

  it('tells the officer why in the screen’s language when they can act on it', () => {
    const sameStaff = {
      response: {
        data: { code: 'ATTESTATION_SAME_STAFF', message: 'Someone else must approve this' },
      },
    };
    expect(attestationFailure(sameStaff, inMalay)).toMatch(/^Orang lain mesti meluluskan/);
  });

  it('keeps the server’s message for anything else', () => {
    expect(attestationFailure(new Error('Officer not found'), inMalay)).toBe('Officer not found');
  });
});
