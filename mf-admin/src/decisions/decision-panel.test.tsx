// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { DecisionOptions } from '@lending/contracts';
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

function options(status: ApplicationStatus, version: number, allowed: StaffDecision[]) {
  return {
    applicationId: ID,
    status,
    version,
    decisions: STAFF_DECISIONS.map((decision) =>
      allowed.includes(decision)
        ? { decision, allowed: true }
        : { decision, allowed: false, reason: 'roleNotAllowed' as const },
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
});
