import type { GatewayPaymentView } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';
import {
  Button,
  ChangedNotice,
  ErrorNotice,
  Stack,
  SuccessNotice,
  SummaryCard,
  SummaryRow,
  Text,
} from '@lending/ui';
import { Progress } from '@lending/ui/screens';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { businessDateText } from '../../journey/dates';
import { useFailureReason } from '../../journey/failure-reason';

export interface PaymentOutcomeProps {
  payment: GatewayPaymentView;
  /** Saves the paid payment's receipt; resolves false when it is not ready yet. */
  onReceipt?: () => Promise<boolean>;
}

/** A settled payment: paid with its receipt, or failed with the reason and a way to try again. */
export function PaymentOutcome({ payment, onReceipt }: PaymentOutcomeProps) {
  const { t } = useT('mf-repayment');
  const [receiptState, setReceiptState] = useState<'idle' | 'busy' | 'notReady' | 'failed'>('idle');
  const reasonOf = useFailureReason();
  const headingRef = useRef<HTMLDivElement>(null);
  // The outcome is what the borrower came back for: screen readers start there.
  useEffect(() => headingRef.current?.focus(), [payment.status]);
  const details = (
    <SummaryCard title={t('paymentResult.details')} testId="payment-details">
      <SummaryRow label={t('paymentResult.amount')} value={formatRinggit(payment.amountSen)} />
      <SummaryRow
        label={t('paymentResult.channel')}
        value={t(`payNow.channels.${payment.channel}`)}
      />
      <SummaryRow label={t('paymentResult.orderId')} value={payment.orderId} />
      {payment.receiptNo ? (
        <SummaryRow label={t('paymentResult.receiptNo')} value={payment.receiptNo} />
      ) : null}
    </SummaryCard>
  );
  const language = useLanguage();
  const settling = payment.purpose === 'SETTLEMENT';
  const scheduleHref = `/repayment-schedule?agreementId=${encodeURIComponent(payment.agreementId)}`;
  if (payment.status === 'PAID') {
    const settled = settling && payment.settlementOutcome === 'SETTLED';
    // Paid to settle, but the loan did not close: the money is on the loan, and the borrower
    // is told why and where today's figure is.
    const unsettled =
      settling && payment.settlementOutcome !== null && payment.settlementOutcome !== 'SETTLED'
        ? payment.settlementOutcome
        : null;
    return (
      <Stack gap={5} maxW="xl">
        <div ref={headingRef} tabIndex={-1}>
          <SuccessNotice
            title={t(settled ? 'paymentResult.settled' : 'paymentResult.success')}
            description={t(settled ? 'paymentResult.settledHelp' : 'paymentResult.successHelp')}
          />
        </div>
        {unsettled ? (
          <ChangedNotice
            data-testid="settlement-not-done"
            title={t(`paymentResult.unsettled.${unsettled}`)}
            description={t(`paymentResult.unsettledHelp.${unsettled}`, {
              date: payment.quoteAsOf ? businessDateText(payment.quoteAsOf, language) : '',
            })}
            action={
              <Button asChild variant="outline" size="sm">
                <RouterLink to={scheduleHref}>{t('paymentResult.seeSchedule')}</RouterLink>
              </Button>
            }
          />
        ) : null}
        {details}
        <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
          {onReceipt ? (
            <Button
              colorPalette="brand"
              loading={receiptState === 'busy'}
              onClick={() => {
                setReceiptState('busy');
                onReceipt()
                  .then((saved) => setReceiptState(saved ? 'idle' : 'notReady'))
                  .catch(() => setReceiptState('failed'));
              }}
            >
              {t('paymentResult.downloadReceipt')}
            </Button>
          ) : null}
          {settled ? (
            <Button asChild variant="outline">
              <RouterLink to={scheduleHref}>{t('paymentResult.dischargeLetter')}</RouterLink>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <RouterLink to="/payment-history">{t('paymentResult.history')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/home">{t('paymentResult.home')}</RouterLink>
          </Button>
        </Stack>
        {receiptState === 'notReady' || receiptState === 'failed' ? (
          <Text role="alert" color="red.700">
            {t(
              receiptState === 'notReady'
                ? 'paymentResult.receiptNotReady'
                : 'paymentResult.receiptFailed',
            )}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (payment.status === 'FAILED') {
    return (
      <Stack gap={5} maxW="xl">
        <div ref={headingRef} tabIndex={-1}>
          <ErrorNotice title={t('paymentResult.failed')} description={reasonOf(payment)} />
        </div>
        {details}
        <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
          <Button asChild colorPalette="brand">
            <RouterLink to={settling ? scheduleHref : '/pay-instalment-now'}>
              {t('paymentResult.retry')}
            </RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/home">{t('paymentResult.home')}</RouterLink>
          </Button>
        </Stack>
      </Stack>
    );
  }
  return <PendingNotice payment={payment} />;
}

/** A payment the bank has not answered yet, with progress shown while waiting. */
export function PendingNotice({ payment }: { payment: GatewayPaymentView }) {
  const { t } = useT('mf-repayment');
  return (
    <Stack gap={4} maxW="xl" role="status" aria-live="polite">
      <Text fontWeight="semibold">{t('pendingPayment.waiting')}</Text>
      <Text>
        {t('pendingPayment.help', {
          amount: formatRinggit(payment.amountSen),
          orderId: payment.orderId,
        })}
      </Text>
      <Progress.Root value={null}>
        <Progress.Track aria-label={t('pendingPayment.progress')}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
