import {
  type GuarantorEkycStarted,
  type GuarantorLinkState,
  SIGNING_PATHS,
  type SigningCodeSent,
  type SigningDocumentKind,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** A guarantor has no account: every call carries the token from their link, and nothing else
 *  (the client then never swaps it for a signed-in session). */
const withToken = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

export const guarantorApi = {
  async link(token: string): Promise<GuarantorLinkState> {
    return (await api.core.get<GuarantorLinkState>(SIGNING_PATHS.guarantorToken, withToken(token)))
      .data;
  },
  async startEkyc(token: string, guarantorId: string): Promise<GuarantorEkycStarted> {
    return (
      await api.core.post<GuarantorEkycStarted>(
        SIGNING_PATHS.guarantorEkyc(guarantorId),
        undefined,
        withToken(token),
      )
    ).data;
  },
  async document(token: string, guarantorId: string): Promise<Blob> {
    return (
      await api.core.get<Blob>(SIGNING_PATHS.guarantorPreview(guarantorId), {
        ...withToken(token),
        responseType: 'blob',
      })
    ).data;
  },
  /** A document to read before the code (the server records that the guarantor opened it). */
  async readDocument(token: string, guarantorId: string, kind: SigningDocumentKind): Promise<Blob> {
    return (
      await api.core.get<Blob>(SIGNING_PATHS.guarantorReadDocument(guarantorId, kind), {
        ...withToken(token),
        responseType: 'blob',
      })
    ).data;
  },
  async requestCode(token: string, guarantorId: string): Promise<SigningCodeSent> {
    return (
      await api.core.post<SigningCodeSent>(
        SIGNING_PATHS.guarantorRequestCode(guarantorId),
        undefined,
        withToken(token),
      )
    ).data;
  },
  async sign(
    token: string,
    guarantorId: string,
    code: string,
    documentSha256: string,
  ): Promise<GuarantorLinkState> {
    return (
      await api.core.post<GuarantorLinkState>(
        SIGNING_PATHS.guarantorSign(guarantorId),
        { code, documentSha256 },
        withToken(token),
      )
    ).data;
  },
};
