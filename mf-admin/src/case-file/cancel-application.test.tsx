// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { DecisionOptions } from '@lending/contracts';
import { STAFF_DECISIONS, type StaffDecision } from '@lending/domain';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { DecisionPanel } from '../decisions/decision-panel';
import { decisionsApi } from '../decisions/decisions-api';
import en from '../locales/en/admin-case-file.json';
import ms from '../locales/ms/admin-case-file.json';
import { CancelApplication, cancelApplicationApi } from './cancel-application';

jest.setTimeout(30_000);
brandStore.set(arkcash);
registerTranslations('admin-case-file', { en, ms });

const ID = '00000000-0000-4000-8000-000000000001';

/** A failed call as the staff API client rejects it: the server's error body on the response. */
function refusal(status: number, code: string, message: string) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    response: { status, data: { statusCode: status, error: 'Conflict', message, code } },
  });
}

function renderDialog(cancel: jest.Mock, onReload = jest.fn()) {
  render(
    <PlatformRoot>
      <CancelApplication
        referenceNo="AC-2026-000042"
        version={6}
        cancel={cancel}
        onReload={onReload}
      />
    </PlatformRoot>,
  );
  return onReload;
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Cancel application' }));
  return screen.findByRole('alertdialog');
}

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('cancelling an application from its file', () => {
  beforeEach(() => setLanguage('EN'));

  it('asks for a reason, then cancels on the version read and reloads the file', async () => {
    const cancel = jest.fn(async () => ({}));
    const onReload = renderDialog(cancel);
    const dialog = await openDialog();
    expect(within(dialog).getByText('Cancel application AC-2026-000042?')).toBeTruthy();
    expect(within(dialog).getByText(/the agreement is cancelled too/)).toBeTruthy();

    const confirm = within(dialog).getByRole('button', { name: 'Yes, cancel the application' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), {
      target: { value: '   ' },
    });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Please give a reason for cancelling')).toBeTruthy();
    expect(cancel).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), {
      target: { value: '  Duplicate of AC-2026-000041 ' },
    });
    expect(within(dialog).getByText('30 of 500 characters')).toBeTruthy();
    fireEvent.click(confirm);
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
    expect(cancel).toHaveBeenCalledWith({ reason: 'Duplicate of AC-2026-000041', version: 6 });
  });

  it('says the file changed and reloads it on request when the version is stale', async () => {
    const cancel = jest.fn(async () => {
      throw refusal(409, 'APPLICATION_CHANGED', 'This application changed since you opened it');
    });
    const onReload = renderDialog(cancel);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), {
      target: { value: 'Duplicate' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the application' }));
    expect(
      await within(dialog).findByText(
        'This file changed since you opened it. Reload it and try again.',
      ),
    ).toBeTruthy();
    expect(onReload).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload the file' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal as it is", async () => {
    const cancel = jest.fn(async () => {
      throw refusal(
        409,
        'STATUS_CHANGE_REFUSED',
        'CANCEL cannot be taken on an application that is APPROVED',
      );
    });
    const onReload = renderDialog(cancel);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), {
      target: { value: 'Borrower withdrew' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the application' }));
    expect(
      await within(dialog).findByText('CANCEL cannot be taken on an application that is APPROVED'),
    ).toBeTruthy();
    expect(onReload).not.toHaveBeenCalled();
  });

  it('speaks Bahasa Melayu', async () => {
    setLanguage('MS');
    render(
      <PlatformRoot>
        <CancelApplication
          referenceNo="AC-2026-000042"
          version={6}
          cancel={jest.fn()}
          onReload={jest.fn()}
        />
      </PlatformRoot>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Batalkan permohonan' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Batalkan permohonan AC-2026-000042?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Ya, batalkan permohonan' })).toBeTruthy();
  });
});

function options(allowed: StaffDecision[]): DecisionOptions {
  return {
    applicationId: ID,
    status: 'PENDING',
    version: 6,
    decisions: STAFF_DECISIONS.map((decision) =>
      allowed.includes(decision)
        ? { decision, allowed: true }
        : { decision, allowed: false, reason: 'roleNotAllowed' as const },
    ),
    interviewSlots: [],
    referbackTargets: { sections: [], documents: [] },
    offer: null,
    interviews: [],
  };
}

describe('the file offers cancelling as its own action', () => {
  beforeEach(() => setLanguage('EN'));

  it('to staff the server lets cancel, on the admin path, then reads the file again', async () => {
    jest.spyOn(decisionsApi, 'options').mockResolvedValue(options(['CANCEL']));
    const cancel = jest
      .spyOn(cancelApplicationApi, 'cancel')
      .mockResolvedValue({ decision: 'CANCEL', from: 'PENDING', status: 'CANCELLED', version: 7 });
    const onDecided = jest.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <PlatformRoot>
        <DecisionPanel
          applicationId={ID}
          status="PENDING"
          version={6}
          referenceNo="AC-2026-000042"
          onDecided={onDecided}
        />
      </PlatformRoot>,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel application' }));
    // The decision forms no longer offer it a second time.
    expect(screen.queryByRole('button', { name: 'Cancel the application' })).toBeNull();
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), {
      target: { value: 'Duplicate' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the application' }));
    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(cancel).toHaveBeenCalledWith(ID, { reason: 'Duplicate', version: 6 });
  });

  it('to nobody else', async () => {
    jest.spyOn(decisionsApi, 'options').mockResolvedValue(options(['KIV']));
    render(
      <PlatformRoot>
        <DecisionPanel applicationId={ID} status="PENDING" version={6} onDecided={jest.fn()} />
      </PlatformRoot>,
    );
    expect(await screen.findByRole('button', { name: 'Keep in view' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel application' })).toBeNull();
  });
});
