import { type AgreementView, type DeclineOfferRequest, OFFER_PATHS } from '@lending/contracts';
import { CANCELLABLE_BY_APPLICANT, formatRinggit } from '@lending/domain';
import { api, navigate, useT } from '@lending/platform';
import { queryClient, useServerQuery } from '@lending/platform/query';
import { Box, Text } from '@lending/ui';

import { EndAgreementDialog } from './end-agreement-dialog';

/** Under `application`, as the offer screens keep it: the same entry, read once. */
const agreementKey = (agreementId: string) => ['application', 'agreement', agreementId] as const;

/** The borrower's own agreement, and cancelling it: the offer's decline path, which the
 *  agreement machine allows until signing. */
export const agreementCancelApi = {
  async get(agreementId: string): Promise<AgreementView> {
    return (await api.core.get<AgreementView>(OFFER_PATHS.agreement(agreementId))).data;
  },
  async cancel(agreementId: string, body: DeclineOfferRequest): Promise<AgreementView> {
    return (await api.core.post<AgreementView>(OFFER_PATHS.decline(agreementId), body)).data;
  },
};

export interface CancelAgreementProps {
  agreement: AgreementView;
  cancel: (body: DeclineOfferRequest) => Promise<AgreementView>;
  onCancelled: (agreement: AgreementView) => void;
}

/**
 * Once accepted, the agreement may still be cancelled until the borrower signs it. The warning
 * names what goes with it (the approved loan, the attestation done, the direct debit set up), so
 * nobody loses them by a stray tap. Before acceptance the offer is declined instead; after
 * signing only staff can cancel, so the control shows nothing then.
 */
export function CancelAgreement({ agreement, cancel, onCancelled }: CancelAgreementProps) {
  const { t } = useT('mf-loan-status');
  const cancellable =
    agreement.status !== 'LOANAPPLICATIONAPPROVED' &&
    CANCELLABLE_BY_APPLICANT.includes(agreement.status);
  if (!cancellable) return null;
  return (
    <EndAgreementDialog
      agreement={agreement}
      end={cancel}
      onEnded={onCancelled}
      testId="agreement-cancel"
      words={{
        open: t('cancelAgreement.open'),
        title: t('cancelAgreement.title', { agreementNo: agreement.agreementNo }),
        reason: t('cancelAgreement.reason'),
        keep: t('cancelAgreement.keep'),
        confirm: t('cancelAgreement.confirm'),
      }}
      warning={
        <>
          <Text>{t('cancelAgreement.warning')}</Text>
          <Box as="ul" ps={5} listStyleType="disc" data-testid="agreement-cancel-losses">
            <li>{t('cancelAgreement.lossLoan', { amount: formatRinggit(agreement.amountSen) })}</li>
            <li>{t('cancelAgreement.lossAttestation')}</li>
            <li>{t('cancelAgreement.lossDirectDebit')}</li>
          </Box>
          <Text>{t('cancelAgreement.applyAgain')}</Text>
        </>
      }
    />
  );
}

/** The control as the agreement screens place it: reads the agreement, and after cancelling
 *  keeps the answer and goes home, where the card shows the loan ended. */
export function CancelAgreementControl({ agreementId }: { agreementId: string }) {
  const query = useServerQuery({
    queryKey: agreementKey(agreementId),
    queryFn: () => agreementCancelApi.get(agreementId),
    enabled: agreementId !== '',
  });
  if (!query.data) return null;
  return (
    <CancelAgreement
      agreement={query.data}
      cancel={(body) => agreementCancelApi.cancel(agreementId, body)}
      onCancelled={(cancelled) => {
        queryClient.setQueryData(agreementKey(cancelled.id), cancelled);
        // The home card, the attestation and signing states all end with the agreement.
        void queryClient.invalidateQueries({ queryKey: ['application'] });
        void queryClient.invalidateQueries({ queryKey: ['signing', agreementId] });
        navigate('/home');
      }}
    />
  );
}
