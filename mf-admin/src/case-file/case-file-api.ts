import {
  type AddNoteRequest,
  CASE_FILE_PATHS,
  type CaseFile,
  type CaseFileNote,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The staff view of one application, through the back office's API client. */
export const caseFileApi = {
  async get(applicationId: string): Promise<CaseFile> {
    return (await api.admin.get<CaseFile>(CASE_FILE_PATHS.file(applicationId))).data;
  },

  async addNote(applicationId: string, body: string): Promise<CaseFileNote> {
    const request: AddNoteRequest = { body };
    return (await api.admin.post<CaseFileNote>(CASE_FILE_PATHS.notes(applicationId), request)).data;
  },

  /** A document or image the file lists (`url`), as bytes: the request carries the staff
   *  token, which a plain link could not. `download` asks for it as an attachment. */
  async content(url: string, download = false): Promise<Blob> {
    return (
      await api.admin.get<Blob>(url, {
        responseType: 'blob',
        ...(download ? { params: { download: '1' } } : {}),
      })
    ).data;
  },
};
