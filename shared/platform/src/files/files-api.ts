import {
  type DocumentFileType,
  FILE_PATHS,
  type FileLink,
  type OrganizationType,
  type RequiredFile,
  type UploadedFile,
} from '@lending/contracts';

import { api } from '../api/api-client';

/** Uploads take longer than the default request timeout on a slow line: 10 MB on 3G. */
const UPLOAD_TIMEOUT_MS = 5 * 60 * 1000;

/** Documents of an application (spec sections 5 and 7). */
export const filesApi = {
  async requiredFiles(organizationType: OrganizationType): Promise<RequiredFile[]> {
    const { data } = await api.core.get<RequiredFile[]>(
      FILE_PATHS.requiredByOrganization(organizationType),
    );
    return [...data].sort((a, b) => a.displayOrder - b.displayOrder);
  },

  async list(applicationId: string): Promise<UploadedFile[]> {
    return (await api.core.get<UploadedFile[]>(FILE_PATHS.byEntity(applicationId))).data;
  },

  /** The fields go first: the server checks the type's limits while the file streams in. */
  async upload(
    applicationId: string,
    fileType: DocumentFileType,
    file: File,
    options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
  ): Promise<UploadedFile> {
    const form = new FormData();
    form.append('applicationId', applicationId);
    form.append('fileType', fileType);
    form.append('file', file, file.name);
    const { data } = await api.core.post<UploadedFile>(FILE_PATHS.upload, form, {
      timeout: UPLOAD_TIMEOUT_MS,
      signal: options.signal,
      onUploadProgress: (event) => {
        const total = event.total ?? file.size;
        if (options.onProgress && total > 0) {
          options.onProgress(Math.min(1, event.loaded / total));
        }
      },
    });
    return data;
  },

  async remove(fileId: string): Promise<void> {
    await api.core.delete(FILE_PATHS.byId(fileId));
  },

  /** A short-lived address that downloads this one file as the person (the API answers with
   *  an attachment). Made by an authenticated call when asked for: the access token itself never
   *  travels in an address. */
  async downloadLink(fileId: string): Promise<string> {
    return (await api.core.post<FileLink>(FILE_PATHS.link(fileId))).data.url;
  },

  /** Downloads a stored file: the browser follows a link made for it this moment and stays on
   *  the page (the answer is an attachment), streaming it to disk as any download. */
  async download(fileId: string): Promise<void> {
    const link = document.createElement('a');
    link.href = await filesApi.downloadLink(fileId);
    document.body.appendChild(link);
    link.click();
    link.remove();
  },
};
