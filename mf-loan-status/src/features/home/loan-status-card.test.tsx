import type { HomeLoanApplication, HomeLoanStatusResponse } from '@lending/contracts';
import { HOME_LOAN_STATES, type HomeLoanState } from '@lending/domain';
import { setLanguage } from '@lending/platform';
import { screen, within } from '@testing-library/react';

import { homeAnswer, renderInRemote } from '../../testing/render';
import { LoanStatusCard } from './loan-status-card';

const application = (overrides: Partial<HomeLoanApplication> = {}): HomeLoanApplication => ({
  id: '00000000-0000-4000-8000-000000000001',
  referenceNo: 'AC-2026-000123',
  status: 'PENDING',
  progressSteps: [
    'APPLICATIONFORMCOMPLETED',
    'EMAILVERIFICATIONCOMPLETED',
    'DOCUMENTUPLOADCOMPLETED',
    'EKYCCOMPLETED',
  ],
  requestedAmountSen: 1_000_000,
  tenureMonths: 12,
  submittedAt: '2026-11-01T02:00:00.000Z',
  createdAt: '2026-10-30T02:00:00.000Z',
  ...overrides,
});

function inState(
  state: HomeLoanState,
  overrides: Partial<HomeLoanStatusResponse> = {},
  status: Partial<HomeLoanStatusResponse['status']> = {},
): HomeLoanStatusResponse {
  const base = homeAnswer();
  return {
    ...base,
    application: state === 'READY_TO_CREATE' ? null : application(),
    ...overrides,
    status: { ...base.status, state, ...status },
  };
}

const AGREEMENT = {
  id: '00000000-0000-4000-8000-0000000000a1',
  agreementStatus: 'RnRApproved',
  signDate: null,
};

/** Every state of spec section 4: its title, and the action it offers (or none). */
const CASES: Record<
  HomeLoanState,
  { answer: HomeLoanStatusResponse; title: RegExp; action: { name: RegExp; to: string } | null }
> = {
  READY_TO_CREATE: {
    answer: inState('READY_TO_CREATE'),
    title: /apply for a business loan/i,
    action: { name: /apply now/i, to: '/testing-eligibility' },
  },
  APPLICATION_INCOMPLETE: {
    answer: inState(
      'APPLICATION_INCOMPLETE',
      {
        application: application({ status: 'DRAFT', progressSteps: ['APPLICATIONFORMCOMPLETED'] }),
      },
      { resumeAt: 'EMAILVERIFICATIONCOMPLETED' },
    ),
    title: /not finished/i,
    action: { name: /continue my application/i, to: '/application/email-verification' },
  },
  PENDING_APPROVAL: {
    answer: inState('PENDING_APPROVAL'),
    title: /being assessed/i,
    action: null,
  },
  REQUESTED_FOR_INTERVIEW: {
    answer: inState(
      'REQUESTED_FOR_INTERVIEW',
      {
        application: application({ status: 'REQUESTED_FOR_INTERVIEW' }),
        interview: { scheduledAt: '2026-12-01T02:00:00.000Z', mode: 'IN_PERSON', details: null },
      },
      { interviewScheduled: true },
    ),
    title: /interview you/i,
    action: { name: /see interview details/i, to: '/loan-status/requested-for-interview' },
  },
  REQUESTED_FOR_PSYCHOMETRIC_TEST: {
    answer: inState('REQUESTED_FOR_PSYCHOMETRIC_TEST', {
      application: application({ status: 'PSYCHOMETRIC_TEST' }),
    }),
    title: /psychometric test/i,
    action: { name: /start the test/i, to: '/psychometric-test/start' },
  },
  APPROVED: {
    answer: inState('APPROVED', {
      application: application({ status: 'APPROVED' }),
      agreement: { id: 'agr-1', agreementStatus: 'LOANAPPLICATIONAPPROVED', signDate: null },
    }),
    title: /your loan is approved/i,
    action: { name: /review my offer/i, to: '/loan-status/approved-loan-amount' },
  },
  ATTESTATION_OPTION_CHOSEN: {
    answer: inState('ATTESTATION_OPTION_CHOSEN'),
    title: /attestation under way/i,
    action: null,
  },
  ATTESTATION_COMPLETED: {
    answer: inState('ATTESTATION_COMPLETED', { agreement: AGREEMENT }),
    title: /attestation completed/i,
    action: {
      name: /set up direct debit/i,
      to: `/loan-status/direct-debit?agreementId=${AGREEMENT.id}`,
    },
  },
  PENDING_AGREEMENT: {
    answer: inState('PENDING_AGREEMENT', {
      agreement: {
        ...AGREEMENT,
        agreementStatus: 'AGREEMENTSIGNING',
        signDate: '2026-11-20T02:00:00.000Z',
      },
    }),
    title: /agreement signed/i,
    action: {
      name: /signing progress/i,
      to: `/loan-status/application-complete?agreementId=${AGREEMENT.id}`,
    },
  },
  PENDING_DISBURSEMENT: {
    answer: inState('PENDING_DISBURSEMENT'),
    title: /being paid out/i,
    action: null,
  },
  PAYMENT_DISBURSED: {
    answer: inState('PAYMENT_DISBURSED'),
    title: /has been paid out/i,
    action: null,
  },
  COMPLETED: {
    answer: inState('COMPLETED'),
    title: /fully repaid/i,
    action: { name: /apply for a new loan/i, to: '/testing-eligibility' },
  },
  REMOVED: {
    answer: inState('REMOVED', { application: application({ status: 'CANCELLED' }) }),
    title: /was cancelled/i,
    action: { name: /apply for a new loan/i, to: '/testing-eligibility' },
  },
  TEMPORARILY_BANNED: {
    answer: inState(
      'TEMPORARILY_BANNED',
      { application: application({ status: 'REJECTED' }) },
      { newLoanAllowedAfter: '2027-05-20T16:00:00.000Z' },
    ),
    title: /on hold/i,
    action: null,
  },
  REJECTED: {
    answer: inState(
      'REJECTED',
      { application: application({ status: 'REJECTED' }) },
      { newLoanAllowedAfter: '2027-02-20T16:00:00.000Z' },
    ),
    title: /not successful/i,
    action: null,
  },
};

describe('the loan status card', () => {
  beforeEach(() => setLanguage('EN'));

  it('has a case for every state of the home screen', () => {
    expect(Object.keys(CASES).sort()).toEqual([...HOME_LOAN_STATES].sort());
  });

  it.each(HOME_LOAN_STATES)('shows %s with its title and next action', (state) => {
    const { answer, title, action } = CASES[state];
    renderInRemote(<LoanStatusCard home={answer} />);
    const card = screen.getByRole('region', { name: title });
    expect(card.getAttribute('data-state')).toBe(state);
    // Every sentence is translated: no key shows through.
    expect(card.textContent).not.toMatch(/home\.|states\./);
    const link = within(card).queryByTestId('loan-status-action');
    if (action) {
      expect(within(card).getByRole('link', { name: action.name }).getAttribute('href')).toBe(
        action.to,
      );
    } else {
      expect(link).toBeNull();
    }
  });

  it('says when a rejected applicant may apply again, in Malaysia time', () => {
    renderInRemote(<LoanStatusCard home={CASES.REJECTED.answer} />);
    // 20 Feb 2027 16:00 UTC is already 21 February in Kuala Lumpur.
    expect(screen.getByText(/apply again after 21 February 2027/)).toBeTruthy();
  });

  it('tells the later states what comes next', () => {
    renderInRemote(
      <LoanStatusCard home={inState('ATTESTATION_COMPLETED', {}, { directDebitReady: true })} />,
    );
    expect(screen.getByRole('heading', { name: /what happens next/i })).toBeTruthy();
    expect(screen.getByText(/one-time code sent to your phone/i)).toBeTruthy();
  });

  it('leads to signing once the direct debit is active, in Malay too', () => {
    setLanguage('MS');
    renderInRemote(
      <LoanStatusCard
        home={inState(
          'ATTESTATION_COMPLETED',
          { agreement: { ...AGREEMENT, agreementStatus: 'PENDING_SIGNING' } },
          { directDebitReady: true },
        )}
      />,
    );
    expect(
      screen.getByRole('link', { name: /tandatangani perjanjian/i }).getAttribute('href'),
    ).toBe(`/loan-status/loan-agreement?agreementId=${AGREEMENT.id}`);
  });

  it('says a terminated loan is due in full and leads to paying it, in Malay too', () => {
    setLanguage('MS');
    renderInRemote(
      <LoanStatusCard home={inState('PAYMENT_DISBURSED', {}, { accountTerminated: true })} />,
    );
    expect(
      screen.getByRole('heading', { name: /perjanjian pinjaman anda telah ditamatkan/i }),
    ).toBeTruthy();
    expect(screen.getByText(/keseluruhan baki kini perlu dibayar/i)).toBeTruthy();
    expect(screen.getByRole('link', { name: /bayar sekarang/i }).getAttribute('href')).toBe(
      '/pay-instalment-now',
    );
  });

  it('asks for identity verification while a submitted application lacks it', () => {
    renderInRemote(
      <LoanStatusCard
        home={inState('PENDING_APPROVAL', {
          application: application({ progressSteps: ['APPLICATIONFORMCOMPLETED'] }),
        })}
      />,
    );
    expect(screen.getByRole('link', { name: /verify my identity/i }).getAttribute('href')).toBe(
      '/application/identity-verification',
    );
  });

  it('asks to retake the psychometric test when staff asked for a redo', () => {
    renderInRemote(
      <LoanStatusCard
        home={inState('REQUESTED_FOR_PSYCHOMETRIC_TEST', {
          application: application({ status: 'REDO_PSYCHOMETRIC_TEST' }),
        })}
      />,
    );
    expect(screen.getByText(/take the test again/i)).toBeTruthy();
  });

  it('lists what a referral back asks to fix, each linking to where it is fixed', () => {
    renderInRemote(
      <LoanStatusCard
        home={inState(
          'APPLICATION_INCOMPLETE',
          {
            application: application({ status: 'REFERBACK' }),
            referback: {
              requestedAt: '2026-11-20T02:00:00.000Z',
              items: [
                { kind: 'section', target: 'disbursement', reason: 'Account name differs' },
                { kind: 'document', target: 'BANK_STATEMENT', reason: 'Bank statement unreadable' },
              ],
            },
          },
          { resumeAt: null },
        )}
      />,
    );
    const card = screen.getByRole('region', { name: /please update your application/i });
    const items = within(within(card).getByTestId('referred-items')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0]!).getByRole('link', { name: 'Disbursement details' }).getAttribute('href'),
    ).toBe('/application/disbursement-details');
    expect(within(items[1]!).getByText('Bank statement unreadable')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /fix and resubmit/i })
        .getAttribute('href'),
    ).toBe('/application/disbursement-details');
  });

  it.each([
    ['EN', 'Your guarantors', ['Signed', 'Identity verified', 'Link sent']],
    ['MS', 'Penjamin anda', ['Telah menandatangani', 'Identiti disahkan', 'Pautan dihantar']],
  ] as const)(
    "shows each guarantor's progress while the agreement waits for them (%s)",
    (language, heading, steps) => {
      setLanguage(language);
      const answer: HomeLoanStatusResponse = {
        ...CASES.PENDING_AGREEMENT.answer,
        guarantors: [
          { position: 1, name: 'Farid bin Osman', step: 'SIGNED' },
          { position: 2, name: 'Tan Mei Ling', step: 'IDENTITY_VERIFIED' },
          { position: 3, name: 'Kumar a/l Raju', step: 'LINK_SENT' },
        ],
      };
      renderInRemote(<LoanStatusCard home={answer} />);
      const list = screen.getByRole('region', { name: heading });
      const items = within(within(list).getByTestId('guarantor-progress')).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        `Farid bin Osman${steps[0]}`,
        `Tan Mei Ling${steps[1]}`,
        `Kumar a/l Raju${steps[2]}`,
      ]);
    },
  );

  it('shows no guarantor list once the agreement no longer waits for them', () => {
    renderInRemote(
      <LoanStatusCard
        home={{
          ...CASES.PENDING_DISBURSEMENT.answer,
          guarantors: [{ position: 1, name: 'Farid bin Osman', step: 'SIGNED' }],
        }}
      />,
    );
    expect(screen.queryByTestId('guarantor-progress')).toBeNull();
    expect(screen.queryByText('Farid bin Osman')).toBeNull();
  });

  it('reads in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInRemote(<LoanStatusCard home={CASES.REQUESTED_FOR_PSYCHOMETRIC_TEST.answer} />);
    expect(screen.getByRole('region', { name: /ujian psikometrik/i })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mula ujian' })).toBeTruthy();
  });
});
