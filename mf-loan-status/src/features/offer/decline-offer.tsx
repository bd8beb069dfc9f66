import type { AgreementView, DeclineOfferRequest } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Text } from '@lending/ui';

import { EndAgreementDialog } from '../../journey/end-agreement-dialog';

export interface DeclineOfferProps {
  agreement: AgreementView;
  decline: (body: DeclineOfferRequest) => Promise<AgreementView>;
  onDeclined: (agreement: AgreementView) => void;
}

/** Declining ends the offer for good, so it is asked twice, with an optional reason. */
export function DeclineOffer({ agreement, decline, onDeclined }: DeclineOfferProps) {
  const { t } = useT('mf-loan-status');
  return (
    <EndAgreementDialog
      agreement={agreement}
      end={decline}
      onEnded={onDeclined}
      testId="offer-decline"
      words={{
        open: t('offer.decline'),
        title: t('offer.declineTitle'),
        reason: t('offer.declineReason'),
        keep: t('offer.keepOffer'),
        confirm: t('offer.declineConfirm'),
      }}
      warning={<Text>{t('offer.declineWarning')}</Text>}
    />
  );
}
