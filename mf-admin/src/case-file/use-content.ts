import { errorMessage, saveFile } from '@lending/platform';
import { useCallback, useEffect, useState } from 'react';

import { caseFileApi } from './case-file-api';

export interface ContentState {
  /** A `blob:` address of the bytes, for an `img` or `object`; null until loaded. */
  objectUrl: string | null;
  contentType: string | null;
  loading: boolean;
  error: string | null;
  retry: () => void;
}

/**
 * Loads a document or image of the file with the staff token and shows it from memory: personal
 * documents never sit in the HTTP cache, and each opening is one audited view on the server.
 */
export function useContent(url: string | null): ContentState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<ContentState, 'retry'>>({
    objectUrl: null,
    contentType: null,
    loading: url !== null,
    error: null,
  });

  useEffect(() => {
    if (!url) return undefined;
    let objectUrl: string | null = null;
    let current = true;
    setState({ objectUrl: null, contentType: null, loading: true, error: null });
    caseFileApi.content(url).then(
      (blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ objectUrl, contentType: blob.type, loading: false, error: null });
      },
      (error: unknown) => {
        if (current)
          setState({
            objectUrl: null,
            contentType: null,
            loading: false,
            error: errorMessage(error),
          });
      },
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

/** Saves a document under its own name: fetched as an attachment, handed to the browser. */
export async function downloadContent(url: string, fileName: string): Promise<void> {
  saveFile(await caseFileApi.content(url, true), fileName);
}
