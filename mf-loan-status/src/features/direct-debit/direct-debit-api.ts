import {
  type DirectDebitView,
  MANDATE_PATHS,
  type MandateRegistered,
  type MandateRegisterRequest,
} from '@lending/contracts';
import { api } from '@lending/platform';

export const directDebitApi = {
  async view(agreementId: string): Promise<DirectDebitView> {
    return (await api.core.get<DirectDebitView>(MANDATE_PATHS.directDebit(agreementId))).data;
  },
  async register(agreementId: string, body: MandateRegisterRequest): Promise<MandateRegistered> {
    return (await api.core.post<MandateRegistered>(MANDATE_PATHS.directDebit(agreementId), body))
      .data;
  },
};
