import type { CollectionLetterView, PaymentHistoryItem } from '@lending/contracts';
import { saveFile, useT } from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import { LoadStatus, PageFrame, Stack } from '@lending/ui';

import { AccountChooser, BackHome, NoLoanYet, useChosenAccount } from './account-chooser';
import { DischargeLetters } from './discharge-letters';
import { LetterList } from './letters-view';
import { MessageList } from './messages-view';
import { PaymentHistoryList } from './payment-history-view';
import { RefundLetters } from './refund-letters';
import { repaymentApi } from './repayment-api';
import { StatementDownloads } from './statement-downloads';

async function downloadReceipt(payment: PaymentHistoryItem) {
  if (!payment.receiptFileId) return;
  const blob = await repaymentApi.receipt(payment.receiptFileId);
  saveFile(blob, `receipt-${payment.receiptNo ?? payment.id}.pdf`);
}

async function downloadLetter(letter: CollectionLetterView) {
  const blob = await repaymentApi.letter(letter.id);
  const prefix = {
    ARREARS: 'arrears-notice',
    DEFAULT: 'default-notice',
    TERMINATION: 'termination-notice',
  }[letter.kind];
  saveFile(blob, `${prefix}-${letter.version}.pdf`);
}

/** `/payment-history[?agreementId=]`: the payments on the loan with their receipts, the letters
 *  sent about payments past due, and a closed loan's discharge and refund letters. */
export function PaymentHistoryPage() {
  const { t } = useT('mf-repayment');
  const accounts = useServerQuery({
    queryKey: queryKeys.repayment.accounts(),
    queryFn: () => repaymentApi.accounts(),
  });
  const { chosen, choose } = useChosenAccount(accounts.data?.items);
  const agreementId = chosen?.agreementId ?? '';
  const payments = useServerQuery({
    queryKey: queryKeys.repayment.payments(agreementId),
    queryFn: () => repaymentApi.payments(agreementId),
    enabled: chosen !== null,
  });
  const letters = useServerQuery({
    queryKey: queryKeys.repayment.letters(agreementId),
    queryFn: () => repaymentApi.letters(agreementId),
    enabled: chosen !== null,
  });
  const noLoan = accounts.data !== undefined && chosen === null;
  return (
    <PageFrame title={t('screens.paymentHistory.title')}>
      <Stack gap={6}>
        {/* The empty state has its own way home. */}
        {noLoan ? null : <BackHome />}
        <LoadStatus
          {...loadStatusOf(accounts)}
          loadingLabel={t('history.loading')}
          errorTitle={t('history.loadFailed')}
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
            {...loadStatusOf(payments)}
            loadingLabel={t('history.loading')}
            errorTitle={t('history.loadFailed')}
          />
        ) : null}
        {chosen ? (
          <StatementDownloads
            agreementNo={chosen.agreementNo}
            download={async (language) =>
              saveFile(
                await repaymentApi.statement(chosen.agreementId, language),
                `statement-${chosen.agreementNo}-${language}.pdf`,
              )
            }
          />
        ) : null}
        {chosen?.accountStatus === 'CLOSED' ? (
          <DischargeLetters agreementId={chosen.agreementId} />
        ) : null}
        {payments.data ? (
          <PaymentHistoryList items={payments.data.items} download={downloadReceipt} />
        ) : null}
        {chosen ? (
          <LoadStatus
            {...loadStatusOf(letters)}
            loadingLabel={t('letters.loading')}
            errorTitle={t('letters.loadFailed')}
          />
        ) : null}
        {letters.data ? <LetterList items={letters.data.items} download={downloadLetter} /> : null}
        {chosen?.accountStatus === 'CLOSED' ? (
          <RefundLetters agreementId={chosen.agreementId} />
        ) : null}
        {chosen ? <MessageList agreementId={chosen.agreementId} /> : null}
      </Stack>
    </PageFrame>
  );
}
