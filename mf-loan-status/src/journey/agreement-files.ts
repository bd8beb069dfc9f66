import { SIGNING_PATHS } from '@lending/contracts';
import { api, saveFile } from '@lending/platform';

/** The borrower's copies of their agreement's documents, read with their session. */
export const agreementFiles = {
  /** The agreement as signed (the frozen one before signing). */
  async signed(agreementId: string): Promise<Blob> {
    return (await api.core.get<Blob>(SIGNING_PATHS.document(agreementId), { responseType: 'blob' }))
      .data;
  },
  /** The e-stamp certificate kept with the signed agreement (404 until it is issued). */
  async eCertificate(agreementId: string): Promise<Blob> {
    return (
      await api.core.get<Blob>(
        `/api/agreement/${encodeURIComponent(agreementId)}/e-certificate/download`,
        { responseType: 'blob' },
      )
    ).data;
  },
};

/** Opens a document the API sends as a blob in a new tab, or saves it as `downloadAs`. */
export async function openAgreementFile(
  load: () => Promise<Blob>,
  downloadAs?: string,
): Promise<void> {
  const blob = await load();
  if (downloadAs) {
    saveFile(blob, downloadAs);
    return;
  }
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  // Kept long enough for the new tab to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
