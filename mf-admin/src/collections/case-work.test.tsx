// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';
import './collections-page';

import arkcash from '@lending/brands/arkcash';
import type { CollectionWorkView } from '@lending/contracts';
import { brandStore, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen } from '@testing-library/react';

import { promiseProblem } from './case-work-api';
import { CaseWork } from './case-work-panel';

jest.setTimeout(30_000);
brandStore.set(arkcash);

const ALLOWED = { allowed: true } as const;

const WORK: CollectionWorkView = {
  agreementId: '00000000-0000-4000-8000-000000000001',
  accountStatus: 'ACTIVE',
  asOf: '2026-04-10',
  assignedTo: null,
  assignedToName: null,
  bucket: 'SEVERE',
  nextAction: 'PROPOSE_TERMINATION',
  nextActionOn: '2026-04-10',
  terminationFrom: '2026-04-10',
  terminationBalanceSen: 512_345,
  terminations: [
    {
      id: '00000000-0000-4000-8000-0000000000t1',
      status: 'PROPOSED',
      reason: 'Arrears not paid after notice',
      proposedBy: 'maker',
      proposedByName: 'Farid',
      proposedAt: '2026-04-10T02:00:00.000Z',
      decidedBy: null,
      decidedByName: null,
      decidedAt: null,
      decisionNote: null,
      businessDate: null,
      unpaidPrincipalSen: null,
      earnedInterestSen: null,
      lateChargesSen: null,
      interestForgoneSen: null,
      balanceSen: null,
      actions: { decide: ALLOWED },
    },
  ],
  promises: [],
  contacts: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      channel: 'CALL',
      kind: 'CALL',
      subject: 'ANSWERED',
      body: 'Will pay on Friday',
      outcome: 'ANSWERED',
      letterId: null,
      language: 'EN',
      businessDate: '2026-04-09',
      at: '2026-04-09T03:00:00.000Z',
      actor: 'staff:maker',
    },
  ],
  actions: {
    proposeTermination: { allowed: false, reason: 'inProgress' },
    recordContact: ALLOWED,
    recordPromise: ALLOWED,
    assign: ALLOWED,
  },
};

const renderInAdmin = (node: React.ReactNode) => render(<PlatformRoot>{node}</PlatformRoot>);

describe('the collection case’s work', () => {
  beforeEach(() => setLanguage('EN'));

  it('offers a second person the decision on a proposed termination, and says why no new one', () => {
    renderInAdmin(<CaseWork work={WORK} reload={jest.fn()} />);
    expect(screen.getByTestId('case-summary').textContent).toContain(
      'propose termination on 10/04/2026',
    );
    expect(screen.getByRole('button', { name: 'Approve the termination' })).toBeTruthy();
    expect(screen.getByText('One is already waiting for a decision.')).toBeTruthy();
    expect(screen.getByTestId('contact-log').textContent).toContain('Answered: Will pay on Friday');
  });

  it('never lets the proposer decide, and reads in Bahasa Melayu', () => {
    setLanguage('MS');
    const mine = {
      ...WORK,
      terminations: [
        { ...WORK.terminations[0]!, actions: { decide: { allowed: false, reason: 'sameStaff' } } },
      ],
    } as CollectionWorkView;
    renderInAdmin(<CaseWork work={mine} reload={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Luluskan penamatan' })).toBeNull();
    expect(screen.getByText('Anda yang mencadangkannya: orang lain memutuskan.')).toBeTruthy();
  });

  it('checks a promise before sending it: an amount above zero, dated today to 30 days ahead', () => {
    expect(promiseProblem('0', '2026-04-12', '2026-04-10')).toBe('amount');
    expect(promiseProblem('100.50', '2026-04-09', '2026-04-10')).toBe('date');
    expect(promiseProblem('100.50', '2026-05-11', '2026-04-10')).toBe('dateTooFar');
    expect(promiseProblem('100.50', '2026-05-10', '2026-04-10')).toBeNull();
    renderInAdmin(<CaseWork work={WORK} reload={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Record the promise' }));
    expect(screen.getByText('Enter an amount in ringgit above zero')).toBeTruthy();
  });
});
