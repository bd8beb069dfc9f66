import type { StaffBankInSlipView } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { errorMessage, saveFile, useBrand, useT } from '@lending/platform';
import { loadStatusOf, queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import { Box, Button, LoadStatus, PageFrame, Stack, SuccessNotice, Text } from '@lending/ui';
import { useState } from 'react';

import { slipAdminApi, type SlipQueueStatus } from './bank-in-slips-api';
import { type SlipActions, SlipQueue } from './slip-queue';

const NS = 'admin-bank-in-slips';

/** The slip's bytes shown in a tab of their own (a PDF or an image), or saved. */
async function openSlip(slip: StaffBankInSlipView, download: boolean) {
  const blob = await slipAdminApi.file(slip.id);
  if (download) {
    saveFile(blob, slip.originalFileName);
    return;
  }
  const url = URL.createObjectURL(new Blob([blob], { type: slip.mimeType }));
  window.open(url, '_blank', 'noopener');
  // The tab has read it by then; the URL would otherwise hold the bytes for the page's life.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `/admin/bank-in-slips`: the bank transfers borrowers reported, for finance to check. */
export function BankInSlipsPage() {
  const { t } = useT(NS);
  const tenant = useBrand().id;
  const [status, setStatus] = useState<SlipQueueStatus>('OPEN');
  // A decided slip leaves the waiting list: what became of it is said here, or it just vanishes.
  const [outcome, setOutcome] = useState<string | null>(null);
  const told = (slip: StaffBankInSlipView) => {
    const facts = { amount: formatRinggit(slip.amountSen), agreementNo: slip.agreementNo };
    setOutcome(
      slip.status === 'APPROVED'
        ? t('outcome.approved', { ...facts, receiptNo: slip.receiptNo ?? '' })
        : slip.status === 'CONFIRMING'
          ? t('outcome.firstApproval', facts)
          : t('outcome.rejected', facts),
    );
  };
  const key = queryKeys.staffBankInSlips.list(tenant, status);
  const slips = useServerQuery({ queryKey: key, queryFn: () => slipAdminApi.list(status) });
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.staffBankInSlips.all() });
  const attempt = async (action: () => Promise<StaffBankInSlipView>) => {
    setOutcome(null);
    try {
      told(await action());
      await reload();
      return null;
    } catch (error) {
      return errorMessage(error);
    }
  };
  const actions: SlipActions = {
    approve: (slip) => attempt(() => slipAdminApi.approve(slip.id)),
    reject: (slip, body) => attempt(() => slipAdminApi.reject(slip.id, body)),
    open: async (slip, download) => {
      try {
        await openSlip(slip, download);
        return null;
      } catch (error) {
        return errorMessage(error);
      }
    },
  };
  return (
    <PageFrame title={t('title')}>
      <Stack gap={5}>
        <Text>{t('intro')}</Text>
        <Stack direction="row" gap={2} role="group" aria-label={t('queue.show')}>
          {(['OPEN', 'ALL'] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              variant={status === value ? 'solid' : 'outline'}
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
            >
              {t(`queue.${value}`)}
            </Button>
          ))}
        </Stack>
        <Box aria-live="polite">{outcome ? <SuccessNotice title={outcome} /> : null}</Box>
        <LoadStatus
          {...loadStatusOf(slips)}
          loadingLabel={t('queue.loading')}
          errorTitle={t('queue.loadFailed')}
        />
        {slips.data ? <SlipQueue data={slips.data} actions={actions} /> : null}
      </Stack>
    </PageFrame>
  );
}
