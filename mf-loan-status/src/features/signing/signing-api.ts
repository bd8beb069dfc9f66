import { SIGNING_PATHS, type SigningCodeSent, type SigningState } from '@lending/contracts';
import { api } from '@lending/platform';

/** The borrower's signing calls (signed in: the platform client adds the session). */
export const signingApi = {
  async state(agreementId: string): Promise<SigningState> {
    return (await api.core.get<SigningState>(SIGNING_PATHS.state(agreementId))).data;
  },
  async document(agreementId: string): Promise<Blob> {
    return (await api.core.get<Blob>(SIGNING_PATHS.document(agreementId), { responseType: 'blob' }))
      .data;
  },
  async requestCode(agreementId: string): Promise<SigningCodeSent> {
    return (await api.core.post<SigningCodeSent>(SIGNING_PATHS.requestCode(agreementId))).data;
  },
  async sign(agreementId: string, code: string, documentSha256: string): Promise<SigningState> {
    return (
      await api.core.post<SigningState>(SIGNING_PATHS.sign(agreementId), { code, documentSha256 })
    ).data;
  },
};
