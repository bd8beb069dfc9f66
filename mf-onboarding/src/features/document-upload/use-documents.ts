import type { Application, DocumentFileType, RequiredFile, UploadedFile } from '@lending/contracts';
import { FILE_PATHS } from '@lending/contracts';
import { api, bus, errorMessage, filesApi } from '@lending/platform';
import { loadStatusOf, queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import { useCallback, useEffect, useRef, useState } from 'react';

import type { InFlightUpload } from './document-type-block';

export type DocumentsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; rules: RequiredFile[]; uploaded: UploadedFile[] };

let uploadCounter = 0;

/** A stored file's bytes, read with the person's token, to look at before going on. The download
 *  link answers with an attachment, which a browser saves rather than shows. */
export async function readStoredFile(fileId: string): Promise<Blob> {
  const { data } = await api.core.get<Blob>(FILE_PATHS.byId(fileId), { responseType: 'blob' });
  return data;
}

/** The required list and the files of an application, with uploads (progress per file) and
 *  deletes; every change is announced so other parts refetch the application. */
export function useDocuments(application: Application) {
  const [inFlight, setInFlight] = useState<InFlightUpload[]>([]);
  const mounted = useRef(true);
  const rulesQuery = useServerQuery({
    queryKey: queryKeys.master.requiredFiles(application.organizationType),
    queryFn: () => filesApi.requiredFiles(application.organizationType),
    // Reference data, the same for every application of the type.
    staleTime: Infinity,
  });
  const uploadedQuery = useServerQuery({
    queryKey: queryKeys.files.ofApplication(application.id),
    queryFn: () => filesApi.list(application.id),
  });
  const load = loadStatusOf(rulesQuery, uploadedQuery);
  const state: DocumentsState =
    rulesQuery.data && uploadedQuery.data
      ? { status: 'ready', rules: rulesQuery.data, uploaded: uploadedQuery.data }
      : load.error !== null
        ? { status: 'failed', message: load.error }
        : { status: 'loading' };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const patchUpload = (key: string, patch: Partial<InFlightUpload> | null) => {
    if (!mounted.current) return;
    setInFlight((current) =>
      patch === null
        ? current.filter((upload) => upload.key !== key)
        : current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)),
    );
  };

  const upload = useCallback(
    (fileType: DocumentFileType, file: File, sha256: string | undefined) => {
      uploadCounter += 1;
      const key = `upload-${uploadCounter}`;
      setInFlight((current) => [
        ...current,
        { key, fileType, name: file.name, size: file.size, sha256, progress: 0 },
      ]);
      filesApi
        .upload(application.id, fileType, file, {
          onProgress: (progress) => patchUpload(key, { progress }),
        })
        .then(
          (stored) => {
            patchUpload(key, null);
            // A file of the type now stored: earlier failures of the type are history.
            if (mounted.current) {
              setInFlight((current) =>
                current.filter((entry) => !(entry.fileType === fileType && entry.error)),
              );
            }
            queryClient.setQueryData<UploadedFile[]>(
              queryKeys.files.ofApplication(application.id),
              (uploaded) => (uploaded ? [...uploaded, stored] : uploaded),
            );
            bus.emit('application.updated', { applicationId: application.id });
          },
          (error: unknown) => patchUpload(key, { error: errorMessage(error) }),
        );
    },
    [application.id],
  );

  const remove = useCallback(
    async (fileId: string) => {
      await filesApi.remove(fileId);
      queryClient.setQueryData<UploadedFile[]>(
        queryKeys.files.ofApplication(application.id),
        (uploaded) => uploaded?.filter((file) => file.id !== fileId),
      );
      bus.emit('application.updated', { applicationId: application.id });
    },
    [application.id],
  );

  const dismiss = useCallback((key: string) => patchUpload(key, null), []);
  const reload = load.onRetry;

  return { state, inFlight, upload, remove, dismiss, reload };
}
