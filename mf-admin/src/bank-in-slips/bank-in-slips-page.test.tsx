// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import type { StaffBankInSlipView } from '@lending/contracts';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { PlatformRoot } from '@lending/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import en from '../locales/en/mf-admin.json';
import ms from '../locales/ms/mf-admin.json';
import { slipAdminApi } from './bank-in-slips-api';
import { BankInSlipsPage } from './bank-in-slips-page';
import { WAITING_SLIP } from './slip-fixture';

jest.setTimeout(30_000);
brandStore.set(arkcash);
registerTranslations('mf-admin', { en, ms });

const SLIP: StaffBankInSlipView = { ...WAITING_SLIP, id: 'slip-1' };

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('the bank-in slips page', () => {
  it('says what became of a slip once it leaves the waiting list, in either language', async () => {
    for (const [language, said] of [
      ['EN', 'Approved: RM 519.66 on AGR-AC-2026-000123 is recorded with receipt RC-0001'],
      ['MS', 'Diluluskan: RM 519.66 bagi AGR-AC-2026-000123 direkodkan dengan resit RC-0001'],
    ] as const) {
      setLanguage(language);
      const list = jest
        .spyOn(slipAdminApi, 'list')
        .mockResolvedValueOnce({ items: [SLIP], secondApprovalAboveSen: 500_000 })
        .mockResolvedValue({ items: [], secondApprovalAboveSen: 500_000 });
      const approve = jest
        .spyOn(slipAdminApi, 'approve')
        .mockResolvedValue({ ...SLIP, status: 'APPROVED', receiptNo: 'RC-0001' });
      const { unmount } = render(
        <PlatformRoot>
          <BankInSlipsPage />
        </PlatformRoot>,
      );
      const card = await screen.findByTestId('slip-slip-1');
      await userEvent.click(within(card).getAllByRole('button')[2]!);
      expect(approve).toHaveBeenCalledWith('slip-1');
      expect((await screen.findByText(new RegExp(`^${said}`))).textContent).toContain(said);
      // The list was read again: the slip has left it.
      expect(await screen.findByTestId('slips-empty')).toBeTruthy();
      expect(list).toHaveBeenCalledTimes(2);
      unmount();
      jest.restoreAllMocks();
      queryClient.clear();
    }
  });
});
