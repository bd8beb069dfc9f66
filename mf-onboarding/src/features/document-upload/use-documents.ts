import { useCallback, useEffect, useRef, useState } from 'react';
import type { Application, DocumentFileType, RequiredFile, UploadedFile } from '@lending/contracts';
import { bus, errorMessage, filesApi } from '@lending/platform';
import type { InFlightUpload } from './document-type-block';

export type DocumentsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; rules: RequiredFile[]; uploaded: UploadedFile[] };

let uploadCounter = 0;

/** The required list and the files of an application, with uploads (progress per file) and
 *  deletes; every change is announced so other parts refetch the application. */
export function useDocuments(application: Application) {
  const [state, setState] = useState<DocumentsState>({ status: 'loading' });
  const [inFlight, setInFlight] = useState<InFlightUpload[]>([]);
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    Promise.all([
      filesApi.requiredFiles(application.organizationType),
      filesApi.list(application.id),
    ]).then(
      ([rules, uploaded]) => {
        if (!cancelled) setState({ status: 'ready', rules, uploaded });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [application.id, application.organizationType, attempt]);

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
            if (!mounted.current) return;
            setState((current) =>
              current.status === 'ready'
                ? { ...current, uploaded: [...current.uploaded, stored] }
                : current,
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
      if (!mounted.current) return;
      setState((current) =>
        current.status === 'ready'
          ? { ...current, uploaded: current.uploaded.filter((file) => file.id !== fileId) }
          : current,
      );
      bus.emit('application.updated', { applicationId: application.id });
    },
    [application.id],
  );

  const dismiss = useCallback((key: string) => patchUpload(key, null), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { state, inFlight, upload, remove, dismiss, reload };
}
