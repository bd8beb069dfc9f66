// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { StaffBankInSlipView } from '@lending/contracts';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';
import { WAITING_SLIP } from './slip-fixture';
import { type SlipActions, SlipQueue } from './slip-queue';

jest.setTimeout(30_000);
brandStore.set(arkcash);
registerTranslations('mf-admin', { en, ms });

const SLIP: StaffBankInSlipView = { ...WAITING_SLIP, id: 'small' };

const LARGE: StaffBankInSlipView = {
  ...SLIP,
  id: 'large',
  amountSen: 600_000,
  status: 'CONFIRMING',
  approvalsNeeded: 2,
  firstApprovedBy: 'staff-1',
  firstApprovedByName: 'Farah',
  actions: { approve: { allowed: false, reason: 'sameStaff' }, reject: { allowed: true } },
};

function renderQueue(items: StaffBankInSlipView[], actions: Partial<SlipActions> = {}) {
  const calls: string[] = [];
  const all: SlipActions = {
    approve: async (slip) => {
      calls.push(`approve ${slip.id}`);
      return null;
    },
    reject: async (slip, body) => {
      calls.push(`reject ${slip.id} ${JSON.stringify(body)}`);
      return null;
    },
    open: async (slip, download) => {
      calls.push(`${download ? 'download' : 'open'} ${slip.id}`);
      return null;
    },
    ...actions,
  };
  render(
    <PlatformRoot>
      <SlipQueue data={{ items, secondApprovalAboveSen: 500_000 }} actions={all} />
    </PlatformRoot>,
  );
  return calls;
}

describe('the bank-in slip queue', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows each slip with the loan, amount and date, and approves one below the limit', async () => {
    const calls = renderQueue([SLIP]);
    expect(
      screen.getByText(
        'Slips above RM 5,000.00 need a second, different staff member to confirm the approval.',
      ),
    ).toBeTruthy();
    const card = screen.getByTestId('slip-small');
    expect(
      within(card).getByRole('heading', { name: 'RM 519.66 on AGR-AC-2026-000123' }),
    ).toBeTruthy();
    expect(within(card).getByText('Kedai Runcit Aminah')).toBeTruthy();
    expect(within(card).getByText('01/03/2026')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Open slip.pdf' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Download' }));
    await userEvent.click(
      within(card).getByRole('button', { name: 'Approve and record the payment' }),
    );
    await waitFor(() => expect(calls).toEqual(['open small', 'download small', 'approve small']));
  });

  it('tells the first approver a different person confirms, and offers no approval', () => {
    renderQueue([LARGE]);
    const card = screen.getByTestId('slip-large');
    expect(within(card).getByText('Waiting for a second approval')).toBeTruthy();
    expect(
      within(card).getByText('Approved first by Farah: a different staff member confirms'),
    ).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Confirm approval/ })).toBeNull();
    expect(
      within(card).getByText(
        'You approved this slip first, so a different finance member or admin confirms it.',
      ),
    ).toBeTruthy();
  });

  it('lets customer service read but not decide, saying whose it is', () => {
    renderQueue([
      {
        ...SLIP,
        actions: {
          approve: { allowed: false, reason: 'roleNotAllowed', roles: ['FINANCE', 'ADMIN'] },
          reject: { allowed: false, reason: 'roleNotAllowed', roles: ['FINANCE', 'ADMIN'] },
        },
      },
    ]);
    const card = screen.getByTestId('slip-small');
    expect(within(card).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Open slip.pdf' })).toBeTruthy();
    expect(
      within(card).getByText('Approving slips is for the Finance or Admin role.'),
    ).toBeTruthy();
  });

  it('needs a reason to reject, and a note for another reason, in Malay too', async () => {
    setLanguage('MS');
    const calls = renderQueue([SLIP]);
    const card = screen.getByTestId('slip-small');
    await userEvent.click(within(card).getByRole('button', { name: 'Tolak' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Tolak slip' }));
    expect(await within(card).findByText('Pilih sebab')).toBeTruthy();
    await userEvent.selectOptions(within(card).getByLabelText(/^Sebab/), 'OTHER');
    await userEvent.click(within(card).getByRole('button', { name: 'Tolak slip' }));
    expect(
      await within(card).findByText('Nyatakan sebab lain itu (5 aksara atau lebih)'),
    ).toBeTruthy();
    await userEvent.type(within(card).getByLabelText(/Nota kepada peminjam/), 'Slip orang lain');
    await userEvent.click(within(card).getByRole('button', { name: 'Tolak slip' }));
    await waitFor(() =>
      expect(calls).toEqual([`reject small {"reason":"OTHER","note":"Slip orang lain"}`]),
    );
  });

  it('shows why an action failed', async () => {
    renderQueue([SLIP], { approve: async () => 'This slip has already been decided' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve and record the payment' }));
    expect(await screen.findByText('This slip has already been decided')).toBeTruthy();
  });
});
