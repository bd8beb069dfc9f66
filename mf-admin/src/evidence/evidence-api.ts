import { EVIDENCE_PATHS } from '@lending/contracts';
import { api } from '@lending/platform';

async function zip(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await api.admin.get<Blob>(path, { responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  return {
    blob: response.data,
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName,
  };
}

/** Downloads carrying the staff token, which a plain link could not; each is audited. */
export const evidenceApi = {
  pack: (applicationId: string) => zip(EVIDENCE_PATHS.pack(applicationId), 'evidence.zip'),
  userData: (userId: string) => zip(EVIDENCE_PATHS.userData(userId), 'personal-data.zip'),
};
