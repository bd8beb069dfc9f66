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

jest.setTimeout(30_000);
brandStore.set(arkcash);
registerTranslations('mf-admin', { en, ms });

const SLIP: StaffBankInSlipView = {
  id: 'slip-1',
  agreementId: '00000000-0000-4000-8000-000000000001',
  agreementNo: 'AGR-AC-2026-000123',
  borrowerName: 'Kedai Runcit Aminah',
  status: 'SUBMITTED',
  amountSen: 51_966,
  paidOn: '2026-03-01',
  originalFileName: 'slip.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 1000,
  submittedAt: '2026-03-01T02:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  rejectReason: null,
  rejectNote: null,
  receiptNo: null,
  approvalsNeeded: 1,
  firstApprovedBy: null,
  firstApprovedByName: null,
  actions: { approve: { allowed: true }, reject: { allowed: true } },
};

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
