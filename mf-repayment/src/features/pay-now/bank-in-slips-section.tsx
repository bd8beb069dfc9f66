import type { BankInSlipView } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { errorMessage, useLanguage, useT } from '@lending/platform';
import { loadStatusOf, queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import { Badge, Box, Heading, LoadStatus, Stack, Text } from '@lending/ui';

import { businessDateText } from '../../journey/dates';
import { slipApi } from './bank-in-slip-api';
import { SlipForm } from './bank-in-slip-form';

const STATUS_PALETTE: Record<BankInSlipView['status'], string> = {
  SUBMITTED: 'yellow',
  CONFIRMING: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
};

/** One slip as the borrower follows it: waiting for our check, accepted, or not and why. */
export function SlipItem({ slip }: { slip: BankInSlipView }) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  // Staff's first approval of a large slip is their own step: to the borrower it is still a check.
  const shown = slip.status === 'CONFIRMING' ? 'SUBMITTED' : slip.status;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p={4} data-testid={`bank-in-slip-${slip.id}`}>
      <Stack gap={1}>
        <Stack direction="row" gap={3} align="center" wrap="wrap">
          <Text fontWeight="semibold">{formatRinggit(slip.amountSen)}</Text>
          <Badge colorPalette={STATUS_PALETTE[slip.status]}>
            {t(`bankInSlip.status.${shown}`)}
          </Badge>
        </Stack>
        <Text fontSize="sm" color="gray.700">
          {t('bankInSlip.paidOnValue', {
            date: businessDateText(slip.paidOn, language),
            name: slip.originalFileName,
          })}
        </Text>
        {slip.status === 'APPROVED' && slip.receiptNo ? (
          <Text fontSize="sm">{t('bankInSlip.receipt', { receiptNo: slip.receiptNo })}</Text>
        ) : null}
        {slip.status === 'REJECTED' && slip.rejectReason ? (
          <Text fontSize="sm" data-testid="bank-in-slip-reason">
            {t('bankInSlip.rejectedBecause', {
              reason: t(`bankInSlip.rejectReason.${slip.rejectReason}`),
            })}
            {slip.rejectNote ? ` ${slip.rejectNote}` : ''}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}

/** Paid by bank transfer: the slips sent for this loan, and the form to send one. */
export function BankInSlipsSection({ agreementId }: { agreementId: string }) {
  const { t } = useT('mf-repayment');
  const key = queryKeys.repayment.bankInSlips(agreementId);
  const slips = useServerQuery({ queryKey: key, queryFn: () => slipApi.list(agreementId) });
  const items = slips.data?.items ?? [];
  return (
    <Stack as="section" gap={4} aria-labelledby="bank-in-slip-title" data-testid="bank-in-slips">
      <Heading as="h2" size="md" id="bank-in-slip-title">
        {t('bankInSlip.title')}
      </Heading>
      <Text color="gray.700">{t('bankInSlip.intro')}</Text>
      <LoadStatus
        {...loadStatusOf(slips)}
        loadingLabel={t('bankInSlip.loading')}
        errorTitle={t('bankInSlip.loadFailed')}
      />
      {items.length > 0 ? (
        <Stack as="ul" gap={3} listStyleType="none" aria-label={t('bankInSlip.listLabel')}>
          {items.map((slip) => (
            <SlipItem key={slip.id} slip={slip} />
          ))}
        </Stack>
      ) : null}
      <SlipForm
        onSubmit={async (slip) => {
          try {
            await slipApi.submit(agreementId, slip);
            await queryClient.invalidateQueries({ queryKey: key });
            return null;
          } catch (error) {
            return errorMessage(error);
          }
        }}
      />
    </Stack>
  );
}
