import type { PaymentChannel, PaymentHistoryItem } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';
import { Box, Card, SimpleGrid, Stack, SummaryRow, Text } from '@lending/ui';
import { DownloadChoices } from '@lending/ui/screens';

import { useFailureReason } from '../../journey/failure-reason';
import { businessDateText } from './format';
import { PaymentStatusBadge } from './instalment-status';

export type ReceiptDownload = (payment: PaymentHistoryItem) => Promise<void>;

/** Fetches and saves one receipt; says so when it fails, next to the button that was pressed. */
function ReceiptButton({
  payment,
  download,
}: {
  payment: PaymentHistoryItem;
  download: ReceiptDownload;
}) {
  const { t } = useT('mf-repayment');
  if (!payment.receiptNo) return null;
  if (!payment.receiptFileId) {
    return (
      <Text fontSize="sm" color="gray.700">
        {t('history.receiptNotReady')}
      </Text>
    );
  }
  const receiptNo = payment.receiptNo;
  return (
    <DownloadChoices
      choices={[
        {
          key: 'receipt',
          label: t('history.download'),
          ariaLabel: t('history.downloadLabel', { receiptNo }),
        },
      ]}
      download={() => download(payment)}
      loadingText={t('history.downloading')}
      failedText={t('history.downloadFailed')}
    />
  );
}

function channelText(t: (key: string) => string, channel: PaymentChannel) {
  return t(`history.channel.${channel}`);
}

/** The payments on the loan, newest first: each one a card that reads the same on any width. */
export function PaymentHistoryList({
  items,
  download,
}: {
  items: readonly PaymentHistoryItem[];
  download: ReceiptDownload;
}) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  const failureReason = useFailureReason();
  if (items.length === 0) {
    return (
      <Text data-testid="no-payments" fontWeight="semibold">
        {t('history.empty')}
      </Text>
    );
  }
  return (
    <Stack as="ul" gap={3} listStyleType="none" m={0} p={0} aria-label={t('history.listLabel')}>
      {items.map((payment) => (
        <Card.Root as="li" key={payment.id} size="sm">
          <Card.Body data-testid={`payment-${payment.id}`}>
            <Stack direction="row" justify="space-between" align="start" gap={2} mb={2} wrap="wrap">
              <Text fontWeight="semibold">
                {/* The day on the books, which a sandbox may have moved ahead of the wall clock. */}
                <time dateTime={payment.paidOn}>{businessDateText(payment.paidOn, language)}</time>
              </Text>
              <PaymentStatusBadge status={payment.status} />
            </Stack>
            <SimpleGrid as="dl" columns={{ base: 1, sm: 3 }} gap={3}>
              <SummaryRow label={t('history.amount')} value={formatRinggit(payment.amountSen)} />
              <SummaryRow
                label={t('history.channelLabel')}
                value={channelText(t, payment.channel)}
              />
              <SummaryRow
                label={t('history.receiptNo')}
                value={payment.receiptNo ?? t('history.noReceipt')}
              />
              {payment.failureReason ? (
                <Box gridColumn={{ sm: 'span 3' }}>
                  <SummaryRow label={t('history.failureReason')} value={failureReason(payment)} />
                </Box>
              ) : null}
            </SimpleGrid>
            <Box mt={3}>
              <ReceiptButton payment={payment} download={download} />
            </Box>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
