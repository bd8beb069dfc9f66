import type { AgreementView } from '@lending/contracts';
import { queryClient, useServerQuery } from '@lending/platform/query';

import { useHomeLoanStatus } from '../../hooks/use-home-loan-status';
import { offerApi } from './offer-api';

/** Under `application`, so a change of the session or the application drops it with the rest. */
export const agreementKey = (agreementId: string) =>
  ['application', 'agreement', agreementId] as const;

/** The applicant's current agreement: found from the home answer, then read in full. */
export function useOffer() {
  const home = useHomeLoanStatus();
  const agreementId = home.data?.agreement?.id ?? '';
  const agreement = useServerQuery({
    queryKey: agreementKey(agreementId),
    queryFn: () => offerApi.get(agreementId),
    enabled: agreementId !== '',
  });
  return { home, agreement };
}

/** Keeps what the server answered to a change, and reads the home card again. */
export function keepAgreement(view: AgreementView): void {
  queryClient.setQueryData(agreementKey(view.id), view);
  void queryClient.invalidateQueries({ queryKey: ['application', 'home'] });
}
