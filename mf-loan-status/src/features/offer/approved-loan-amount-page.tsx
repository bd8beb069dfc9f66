import { navigate, useT } from '@lending/platform';

import { AmountForm } from './amount-form';
import { DeclineOffer } from './decline-offer';
import { offerApi } from './offer-api';
import { OfferFrame } from './offer-frame';
import { OfferSummary } from './offer-summary';
import { keepAgreement } from './use-offer';

export const SUMMARY_PATH = '/loan-status/approved-loan-summary';

export function ApprovedLoanAmountPage() {
  const { t } = useT('mf-loan-status');
  return (
    <OfferFrame title={t('screens.approvedLoanAmount.title')}>
      {(agreement) =>
        agreement.open ? (
          <>
            <AmountForm
              agreement={agreement}
              save={(body) => offerApi.updateLoanAmount(agreement.id, body)}
              onDone={(saved) => {
                keepAgreement(saved);
                navigate(SUMMARY_PATH);
              }}
            />
            <DeclineOffer
              agreement={agreement}
              decline={(body) => offerApi.decline(agreement.id, body)}
              onDeclined={(declined) => {
                keepAgreement(declined);
                navigate('/home');
              }}
            />
          </>
        ) : (
          // Accepted or declined: the terms are settled, so the summary says where things stand.
          <OfferSummary
            agreement={agreement}
            accept={(version) => offerApi.accept(agreement.id, version)}
            onAccepted={keepAgreement}
          />
        )
      }
    </OfferFrame>
  );
}
