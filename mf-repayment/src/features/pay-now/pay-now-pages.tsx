import type { GatewayPaymentView } from '@lending/contracts';
import { currentLanguage, errorMessage, httpStatus, saveFile, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { Button, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router-dom';

import { BankInSlipsSection } from './bank-in-slips-section';
import { payNowApi } from './pay-now-api';
import { PayNowForm } from './pay-now-form';
import { PaymentOutcome, PendingNotice } from './payment-outcome';

/** How often the pending page asks again while the bank has not answered. */
export const PENDING_POLL_MS = 3000;

const orderKey = (orderId: string) => ['gateway-payment', orderId] as const;

function useOrderId(): string {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  return /^[A-Za-z0-9]{1,40}$/.test(orderId) ? orderId : '';
}

/** `/pay-instalment-now`: the amount due now, broken down; online banking or card; Pay. */
export function PayInstalmentPage() {
  const { t } = useT('mf-repayment');
  // The schedule's "Pay now" names the loan; a borrower with two pays the one they chose.
  const [params] = useSearchParams();
  const requested = params.get('agreementId') ?? '';
  const agreementId = /^[0-9a-f-]{36}$/i.test(requested) ? requested : undefined;
  const due = useServerQuery({
    queryKey: ['gateway-payment', 'due-now', agreementId ?? 'newest'],
    queryFn: () => payNowApi.dueNow(agreementId),
    retry: false,
  });
  const nothingToPay = due.data !== undefined && due.data.maxAmountSen <= 0;
  // No loan paid out yet (the server refuses with 409): nothing failed, there is nothing to pay.
  const noLoan = due.data === undefined && due.isError && httpStatus(due.error) === 409;
  return (
    <PageFrame title={t('screens.payInstalment.title')}>
      <Stack gap={5}>
        {noLoan ? (
          <Text data-testid="pay-no-loan">{t('payNow.noLoan')}</Text>
        ) : (
          <LoadStatus
            {...loadStatusOf(due)}
            loadingLabel={t('payNow.loading')}
            errorTitle={t('payNow.loadFailed')}
          />
        )}
        {nothingToPay ? <Text>{t('payNow.nothingOwed')}</Text> : null}
        {due.data && !nothingToPay ? (
          <PayNowForm
            due={due.data}
            onPay={async ({ channel, amountSen }) => {
              try {
                const { paymentUrl } = await payNowApi.start({
                  agreementId: due.data.agreementId,
                  channel,
                  amountSen,
                  language: currentLanguage(),
                });
                // The gateway's own page: it sends the borrower back to the result screens.
                window.location.assign(paymentUrl);
                return null;
              } catch (error) {
                return errorMessage(error);
              }
            }}
          />
        ) : null}
        {due.data && !nothingToPay ? (
          <BankInSlipsSection agreementId={due.data.agreementId} />
        ) : null}
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/home">{t('payNow.back')}</RouterLink>
        </Button>
      </Stack>
    </PageFrame>
  );
}

function NoOrder() {
  const { t } = useT('mf-repayment');
  return (
    <Stack gap={4}>
      <Text>{t('paymentResult.noOrder')}</Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
        <Button asChild variant="outline">
          <RouterLink to="/pay-instalment-now">{t('paymentResult.retry')}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/home">{t('paymentResult.home')}</RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}

/** `/payment-result?orderId=`: paid with the receipt, or failed with the reason and a retry. */
export function PaymentResultPage() {
  const { t } = useT('mf-repayment');
  const orderId = useOrderId();
  const order = useServerQuery({
    queryKey: orderKey(orderId),
    queryFn: () => payNowApi.order(orderId),
    enabled: orderId !== '',
  });
  if (order.data?.status === 'PENDING') {
    return <Navigate replace to={`/pending-payment?orderId=${encodeURIComponent(orderId)}`} />;
  }
  return (
    <PageFrame title={t('screens.paymentResult.title')}>
      {orderId === '' ? (
        <NoOrder />
      ) : (
        <Stack gap={5}>
          <LoadStatus
            {...loadStatusOf(order)}
            loadingLabel={t('paymentResult.loading')}
            errorTitle={t('paymentResult.loadFailed')}
          />
          {order.data ? (
            <PaymentOutcome
              payment={order.data}
              onReceipt={async () => {
                const paid = order.data;
                if (!paid.paymentId) return false;
                const blob = await payNowApi.receiptWhenReady(paid.agreementId, paid.paymentId);
                if (!blob) return false;
                saveFile(blob, `receipt-${paid.receiptNo ?? paid.orderId}.pdf`);
                return true;
              }}
            />
          ) : null}
        </Stack>
      )}
    </PageFrame>
  );
}

/** `/pending-payment?orderId=`: asks again every few seconds until the bank answers. */
export function PendingPaymentPage() {
  const { t } = useT('mf-repayment');
  const orderId = useOrderId();
  const order = useServerQuery<GatewayPaymentView>({
    queryKey: orderKey(orderId),
    queryFn: () => payNowApi.order(orderId),
    enabled: orderId !== '',
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' || query.state.data === undefined
        ? PENDING_POLL_MS
        : false,
  });
  if (order.data && order.data.status !== 'PENDING') {
    return <Navigate replace to={`/payment-result?orderId=${encodeURIComponent(orderId)}`} />;
  }
  return (
    <PageFrame title={t('screens.pendingPayment.title')}>
      {orderId === '' ? (
        <NoOrder />
      ) : (
        <Stack gap={5}>
          <LoadStatus
            {...loadStatusOf(order)}
            loadingLabel={t('paymentResult.loading')}
            errorTitle={t('paymentResult.loadFailed')}
          />
          {order.data ? <PendingNotice payment={order.data} /> : null}
          <Text color="gray.700">{t('pendingPayment.leave')}</Text>
          <Button asChild variant="outline" alignSelf="flex-start">
            <RouterLink to="/home">{t('paymentResult.home')}</RouterLink>
          </Button>
        </Stack>
      )}
    </PageFrame>
  );
}
