import { navigate, useT } from '@lending/platform';

import { DeclineOffer } from './decline-offer';
import { offerApi } from './offer-api';
import { OfferFrame } from './offer-frame';
import { ATTESTATION_OPTION_PATH, OfferSummary } from './offer-summary';
import { keepAgreement } from './use-offer';

export function ApprovedLoanSummaryPage() {
  const { t } = useT('mf-loan-status');
  return (
    <OfferFrame title={t('screens.approvedLoanSummary.title')}>
      {(agreement) => (
        <OfferSummary
          agreement={agreement}
          accept={(version) => offerApi.accept(agreement.id, version)}
          onAccepted={(accepted) => {
            keepAgreement(accepted);
            navigate(ATTESTATION_OPTION_PATH);
          }}
          declineControl={
            <DeclineOffer
              agreement={agreement}
              decline={(body) => offerApi.decline(agreement.id, body)}
              onDeclined={(declined) => {
                keepAgreement(declined);
                navigate('/home');
              }}
            />
          }
        />
      )}
    </OfferFrame>
  );
}
