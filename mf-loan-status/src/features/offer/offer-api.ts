import {
  type AgreementView,
  type DeclineOfferRequest,
  OFFER_PATHS,
  type UpdateLoanAmountRequest,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The applicant's offer: read it, change its amount and cover, accept or decline it. */
export const offerApi = {
  async get(agreementId: string): Promise<AgreementView> {
    return (await api.core.get<AgreementView>(OFFER_PATHS.agreement(agreementId))).data;
  },
  async updateLoanAmount(
    agreementId: string,
    body: UpdateLoanAmountRequest,
  ): Promise<AgreementView> {
    return (await api.core.patch<AgreementView>(OFFER_PATHS.updateLoanAmount(agreementId), body))
      .data;
  },
  async accept(agreementId: string, version: number): Promise<AgreementView> {
    return (await api.core.post<AgreementView>(OFFER_PATHS.accept(agreementId), { version })).data;
  },
  async decline(agreementId: string, body: DeclineOfferRequest): Promise<AgreementView> {
    return (await api.core.post<AgreementView>(OFFER_PATHS.decline(agreementId), body)).data;
  },
};

/** What the offer screens do with the server; the pages pass `offerApi`, tests a real-shaped
 *  implementation of their own. */
export type OfferActions = typeof offerApi;
