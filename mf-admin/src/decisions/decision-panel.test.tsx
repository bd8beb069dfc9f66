// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { DecisionOption, DecisionOptions } from '@lending/contracts';
import { type ApplicationStatus, STAFF_DECISIONS, type StaffDecision } from '@lending/domain';
import { brandStore, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { DecisionPanel } from './decision-panel';
import { decisionsApi } from './decisions-api';

jest.setTimeout(30_000);
brandStore.set(arkcash);

const ID = '00000000-0000-4000-8000-000000000001';

function options(
  status: ApplicationStatus,
  version: number,
  allowed: StaffDecision[],
  refused: Partial<Record<StaffDecision, Omit<DecisionOption, 'decision' | 'allowed'>>> = {},
) {
  return {
    applicationId: ID,
    status,
    version,
    decisions: STAFF_DECISIONS.map((decision) =>
      allowed.includes(decision)
        ? { decision, allowed: true }
        : { decision, allowed: false, reason: 'wrongStatus' as const, ...refused[decision] },
    ),
    interviewSlots: [],
    referbackTargets: { sections: [], documents: [] },
    offer: null,
    interviews: [],
  } satisfies DecisionOptions;
}

/** The file page as far as the panel sees it: it reads the file again after a decision. */
function FileAfterDecisions() {
  const [file, setFile] = useState<{ status: ApplicationStatus; version: number }>({
    status: 'PENDING',
    version: 4,
  });
  return (
    <DecisionPanel
      applicationId={ID}
      status={file.status}
      version={file.version}
      onDecided={() => setFile({ status: 'KIV', version: 5 })}
    />
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('the decision panel', () => {
  it('still says the decision was taken once the file and its decisions are read again', async () => {
    setLanguage('EN');
    let decided = false;
    let answerAgain: (value: DecisionOptions) => void = () => undefined;
    const readAgain = new Promise<DecisionOptions>((resolve) => (answerAgain = resolve));
    jest
      .spyOn(decisionsApi, 'options')
      .mockImplementation(async () => (decided ? readAgain : options('PENDING', 4, ['KIV'])));
    jest.spyOn(decisionsApi, 'decide').mockImplementation(async () => {
      decided = true;
      return { decision: 'KIV', from: 'PENDING', status: 'KIV', version: 5 };
    });
    const user = userEvent.setup({ delay: null });
    render(
      <PlatformRoot>
        <FileAfterDecisions />
      </PlatformRoot>,
    );

    await user.click(await screen.findByRole('button', { name: 'Keep in view' }));
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Waiting for CTOS');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    // While the decisions of the new version load, and after they came.
    expect(await screen.findByText('Done: Keep in view.')).toBeTruthy();
    answerAgain(options('KIV', 5, []));
    expect(
      await screen.findByText('There is no decision for you to take on this file now.'),
    ).toBeTruthy();
    expect(screen.getByText('Done: Keep in view.')).toBeTruthy();
  });

  it('tells an approver who approved level 1 why there is nothing for them to take', async () => {
    setLanguage('EN');
    jest.spyOn(decisionsApi, 'options').mockResolvedValue(
      options('SUBMITTED_FOR_APPROVAL_2', 7, [], {
        APPROVE: { reason: 'alreadyApproved', approvedLevel: 1 },
        REJECT: { reason: 'alreadyApproved', approvedLevel: 1 },
        RETURN_TO_PENDING: { reason: 'alreadyApproved', approvedLevel: 1 },
      }),
    );
    render(
      <PlatformRoot>
        <DecisionPanel
          applicationId={ID}
          status="SUBMITTED_FOR_APPROVAL_2"
          version={7}
          onDecided={jest.fn()}
        />
      </PlatformRoot>,
    );
    const why = await screen.findByTestId('decision-why-not');
    expect(why.textContent).toBe(
      'You approved level 1; a different approver must approve level 2.',
    );
    expect(screen.queryByText(/There is no decision for you to take/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers the recommender’s colleague approval and tells the recommender why not, in Malay', async () => {
    setLanguage('MS');
    jest.spyOn(decisionsApi, 'options').mockResolvedValue(
      options('SUBMITTED_FOR_APPROVAL_1', 3, [], {
        APPROVE: { reason: 'recommenderCannotApprove' },
        REJECT: { reason: 'recommenderCannotApprove' },
      }),
    );
    render(
      <PlatformRoot>
        <DecisionPanel
          applicationId={ID}
          status="SUBMITTED_FOR_APPROVAL_1"
          version={3}
          onDecided={jest.fn()}
        />
      </PlatformRoot>,
    );
    expect((await screen.findByTestId('decision-why-not')).textContent).toBe(
      'Anda yang mengesyorkan pinjaman ini, jadi pelulus lain mesti meluluskannya.',
    );
  });
});
