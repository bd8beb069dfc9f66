import { useT } from '@lending/platform';

/** A failed payment's reason in the reader's language when its code is a known one (gateway or
 *  direct debit), else the channel's own words. */
export function useFailureReason() {
  const { t, i18n } = useT('mf-repayment');
  return (payment: { failureCode: string | null; failureReason: string | null }) => {
    const key = `mf-repayment:paymentResult.reasons.${payment.failureCode ?? ''}`;
    if (payment.failureCode && i18n.exists(key))
      return t(`paymentResult.reasons.${payment.failureCode}`);
    return payment.failureReason ?? t('paymentResult.reasonUnknown');
  };
}
