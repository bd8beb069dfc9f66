import {
  MASTER_SETUP_PATHS,
  type MasterEntityId,
  type MasterEntityView,
  type MasterFileProblem,
  type MasterFileVersion,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** A video may take a while on a slow line; the API's own limit is what ends it. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

/** The back office's master setup calls, through the one staff API client. */
export const masterSetupApi = {
  entity: async (entityId: MasterEntityId) =>
    (await api.admin.get<MasterEntityView>(MASTER_SETUP_PATHS.entity(entityId))).data,

  /** Sends the file; `onProgress` hears the share sent, 0 to 1. */
  upload: async (entityId: MasterEntityId, file: File, onProgress?: (share: number) => void) => {
    const form = new FormData();
    // The API reads the entity before the file, to know which limits apply.
    form.append('entityId', entityId);
    form.append('file', file, file.name);
    const { data } = await api.admin.post<MasterFileVersion>(MASTER_SETUP_PATHS.upload, form, {
      timeout: UPLOAD_TIMEOUT_MS,
      onUploadProgress: (event) => {
        const total = event.total ?? file.size;
        if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
      },
    });
    return data;
  },

  activate: async (fileId: string, expectedActiveId: string | null) =>
    (
      await api.admin.post<MasterEntityView>(MASTER_SETUP_PATHS.activate(fileId), {
        expectedActiveId,
      })
    ).data,

  /** The version's file; the request carries the staff token, which a plain link could not. */
  download: async (fileId: string) =>
    (await api.admin.get<Blob>(MASTER_SETUP_PATHS.file(fileId), { responseType: 'blob' })).data,
};

/** What an API refusal says: the bad lines of a refused file, or whether another admin's
 *  activation came first; otherwise nothing more than its message. */
export function refusalOf(error: unknown): {
  problems: MasterFileProblem[] | null;
  changed: boolean;
} {
  const data = ((error as { response?: { data?: unknown } } | null)?.response?.data ?? {}) as {
    code?: unknown;
    problems?: unknown;
  };
  return {
    problems:
      data.code === 'MASTER_FILE_INVALID' && Array.isArray(data.problems)
        ? (data.problems as MasterFileProblem[])
        : null,
    changed: data.code === 'MASTER_FILE_CHANGED',
  };
}
