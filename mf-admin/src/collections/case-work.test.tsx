// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';
import './collections-page';

import arkcash from '@lending/brands/arkcash';
import type { CollectionWorkView } from '@lending/contracts';
import { ApiError, brandStore, session, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { staffToken } from '@lending/platform/src/testing/fake-api';
import { PlatformRoot } from '@lending/ui';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

import { caseWorkApi, promiseProblem } from './case-work-api';
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

const OFFICERS_KEY = ['admin', 'collection-officers'];
const OFFICERS = {
  items: [
    { id: '00000000-0000-4000-8000-0000000000a1', name: 'Azman' },
    { id: '00000000-0000-4000-8000-0000000000b2', name: 'Nurul' },
  ],
};

describe('the collection case’s work', () => {
  beforeEach(() => {
    setLanguage('EN');
    // The officers as the page already read them; a test that reads them itself drops them.
    queryClient.setQueryDefaults(OFFICERS_KEY, { staleTime: Infinity, retry: false });
    queryClient.setQueryData(OFFICERS_KEY, OFFICERS);
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    jest.restoreAllMocks();
    session.clearStaff();
  });

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

  it('lists the officers the server offers, the current one chosen, and assigns the one picked', async () => {
    queryClient.removeQueries({ queryKey: OFFICERS_KEY });
    const officers = jest.spyOn(caseWorkApi, 'officers').mockResolvedValue(OFFICERS);
    const assign = jest.spyOn(caseWorkApi, 'assign').mockResolvedValue(WORK);
    const reload = jest.fn();
    const held = { ...WORK, assignedTo: OFFICERS.items[0]!.id, assignedToName: 'Azman' };
    renderInAdmin(<CaseWork work={held} reload={reload} />);
    const picker = (await screen.findByRole('combobox', { name: 'Officer' })) as HTMLSelectElement;
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an officer', 'Azman', 'Nurul']);
    expect(officers).toHaveBeenCalledTimes(1);
    expect(picker.value).toBe(OFFICERS.items[0]!.id);
    const button = screen.getByRole('button', { name: 'Assign' }) as HTMLButtonElement;
    // The case already stands with the officer chosen: nothing to send until another is picked.
    expect(button.disabled).toBe(true);
    fireEvent.change(picker, { target: { value: OFFICERS.items[1]!.id } });
    fireEvent.click(button);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(WORK.agreementId, OFFICERS.items[1]!.id),
    );
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('keeps assigning to oneself a click away', async () => {
    session.setStaffTokens({
      accessToken: staffToken(7, Date.now() + 15 * 60_000),
      refreshToken: 'refresh-7',
    });
    const assign = jest.spyOn(caseWorkApi, 'assign').mockResolvedValue(WORK);
    renderInAdmin(<CaseWork work={WORK} reload={jest.fn()} />);
    expect(
      ((await screen.findByRole('combobox', { name: 'Officer' })) as HTMLSelectElement).value,
    ).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Assign the case to me' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(WORK.agreementId, 's7'));
  });

  it('says so, in the reader’s language, when the server refuses the officer', async () => {
    const refusal = (message: string) =>
      new ApiError(
        message,
        'ERR_BAD_REQUEST',
        {},
        {
          status: 400,
          data: { statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION_FAILED' },
          headers: {},
          config: {},
        },
      );
    const assign = jest
      .spyOn(caseWorkApi, 'assign')
      .mockRejectedValueOnce(refusal('No active staff member works collections under that id'));
    const page = renderInAdmin(<CaseWork work={WORK} reload={jest.fn()} />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Officer' }), {
      target: { value: OFFICERS.items[1]!.id },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('The case could not be assigned')).toBeTruthy();
    expect(screen.getByText('No active staff member works collections under that id')).toBeTruthy();
    page.unmount();

    setLanguage('MS');
    assign.mockRejectedValueOnce(
      refusal('Tiada kakitangan aktif yang mengendalikan kutipan dengan id itu'),
    );
    renderInAdmin(<CaseWork work={WORK} reload={jest.fn()} />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Pegawai' }), {
      target: { value: OFFICERS.items[0]!.id },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tugaskan' }));
    expect(await screen.findByText('Kes ini tidak dapat ditugaskan')).toBeTruthy();
    expect(
      screen.getByText('Tiada kakitangan aktif yang mengendalikan kutipan dengan id itu'),
    ).toBeTruthy();
  });

  it('tells a viewer who may not assign why, and offers no officers', () => {
    const officers = jest.spyOn(caseWorkApi, 'officers');
    const readOnly = {
      ...WORK,
      actions: {
        ...WORK.actions,
        assign: { allowed: false, reason: 'roleNotAllowed', roles: ['ADMIN', 'CREDIT_OFFICER'] },
      },
    } as CollectionWorkView;
    renderInAdmin(<CaseWork work={readOnly} reload={jest.fn()} />);
    const refused = within(screen.getByTestId('assign-refused'));
    expect(refused.getByText('Assign the case')).toBeTruthy();
    expect(refused.getByText('Your role may not do this.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Officer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
    expect(officers).not.toHaveBeenCalled();
  });
});
