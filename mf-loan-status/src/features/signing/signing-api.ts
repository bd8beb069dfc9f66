import {
  SIGNING_PATHS,
  type SigningCodeSent,
  type SigningDocumentKind,
  type SigningState,
} from '@lending/contracts';
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
  /** A document to read before the code, fetched with the session (the server records it). */
  async readDocument(agreementId: string, kind: SigningDocumentKind): Promise<Blob> {
    return (
      await api.core.get<Blob>(SIGNING_PATHS.readDocument(agreementId, kind), {
        responseType: 'blob',
      })
    ).data;
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
