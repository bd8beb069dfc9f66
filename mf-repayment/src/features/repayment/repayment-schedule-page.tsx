import type { GatewayChannel } from '@lending/contracts';
import { currentLanguage, errorMessage, useT } from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import { LoadStatus, PageFrame, Stack } from '@lending/ui';

import { AccountChooser, BackHome, NoLoanYet, useChosenAccount } from './account-chooser';
import { DischargeLetters } from './discharge-letters';
import { JompayCard } from './jompay-card';
import { RefundLetters } from './refund-letters';
import { repaymentApi } from './repayment-api';
import { InstalmentList, ScheduleSummary, SettlementQuote } from './schedule-view';
import { type SettleFailure, SettleNow } from './settle-now';

/** The API's error code of a failed call, if it sent one. */
function errorCodeOf(error: unknown): string | null {
  const code = (error as { response?: { data?: { code?: unknown } } } | null)?.response?.data?.code;
  return typeof code === 'string' ? code : null;
}

/** `/repayment-schedule[?agreementId=]`: the loan's figures, its instalments and what settles it
 *  today. */
export function RepaymentSchedulePage() {
  const { t } = useT('mf-repayment');
  const accounts = useServerQuery({
    queryKey: queryKeys.repayment.accounts(),
    queryFn: () => repaymentApi.accounts(),
  });
  const { chosen, choose } = useChosenAccount(accounts.data?.items);
  const agreementId = chosen?.agreementId ?? '';
  const schedule = useServerQuery({
    queryKey: queryKeys.repayment.schedule(agreementId),
    queryFn: () => repaymentApi.schedule(agreementId),
    enabled: chosen !== null,
  });
  // A closed loan has nothing left to settle.
  const settles = chosen?.accountStatus === 'ACTIVE';
  const quote = useServerQuery({
    queryKey: queryKeys.repayment.earlySettlement(agreementId),
    queryFn: () => repaymentApi.earlySettlement(agreementId),
    enabled: settles,
  });
  // How to pay at the bank: only while the loan is being repaid.
  const jompay = useServerQuery({
    queryKey: queryKeys.repayment.jompay(agreementId),
    queryFn: () => repaymentApi.jompay(agreementId),
    enabled: settles,
  });
  const noLoan = accounts.data !== undefined && chosen === null;
  const closed = schedule.data?.accountStatus === 'CLOSED';

  const settle = async (channel: GatewayChannel): Promise<SettleFailure | null> => {
    const shown = quote.data;
    if (!shown) return { kind: 'quoteChanged' };
    try {
      const { paymentUrl } = await repaymentApi.startSettlement({
        agreementId,
        channel,
        amountSen: shown.settlementSen,
        quoteAsOf: shown.asOf,
        language: currentLanguage(),
      });
      // The gateway's own page: it sends the borrower back to the result screens.
      window.location.assign(paymentUrl);
      return null;
    } catch (error) {
      if (errorCodeOf(error) === 'SETTLEMENT_QUOTE_CHANGED') {
        // Today's figure replaces the one shown, for the borrower to check and pay.
        void quote.refetch();
        return { kind: 'quoteChanged' };
      }
      return { kind: 'other', message: errorMessage(error) };
    }
  };
  return (
    <PageFrame title={t('screens.repaymentSchedule.title')}>
      <Stack gap={6}>
        {/* The empty state has its own way home. */}
        {noLoan ? null : <BackHome />}
        <LoadStatus
          {...loadStatusOf(accounts)}
          loadingLabel={t('schedule.loading')}
          errorTitle={t('schedule.loadFailed')}
        />
        {noLoan ? <NoLoanYet /> : null}
        {chosen && accounts.data ? (
          <AccountChooser
            accounts={accounts.data.items}
            selected={chosen.agreementId}
            onSelect={choose}
          />
        ) : null}
        {chosen ? (
          <LoadStatus
            {...loadStatusOf(schedule)}
            loadingLabel={t('schedule.loading')}
            errorTitle={t('schedule.loadFailed')}
          />
        ) : null}
        {chosen && schedule.data ? (
          <>
            <ScheduleSummary schedule={schedule.data} />
            <InstalmentList instalments={schedule.data.instalments} />
          </>
        ) : null}
        {settles && schedule.data && jompay.data ? <JompayCard details={jompay.data} /> : null}
        {settles && schedule.data ? (
          <>
            <LoadStatus
              {...loadStatusOf(quote)}
              loadingLabel={t('settlement.loading')}
              errorTitle={t('settlement.loadFailed')}
            />
            {quote.data ? (
              <SettlementQuote quote={quote.data}>
                {quote.data.settlementSen > 0 ? (
                  <SettleNow quote={quote.data} onSettle={settle} />
                ) : null}
              </SettlementQuote>
            ) : null}
          </>
        ) : null}
        {closed ? <DischargeLetters agreementId={agreementId} /> : null}
        {closed ? <RefundLetters agreementId={agreementId} /> : null}
      </Stack>
    </PageFrame>
  );
}
