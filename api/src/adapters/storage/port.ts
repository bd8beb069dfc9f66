/**
 * Where uploaded bytes are kept: a key-value store of blobs. The local provider keeps them in a
 * folder; an object store (S3-compatible) plugs in behind the same interface. Callers seal what
 * they store: a provider sees only ciphertext.
 */
export interface FileStorage {
  readonly provider: string;
  put(key: string, bytes: Buffer): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the API (`<applicationId>/<fileId>`), never from user input. */
export const STORAGE_KEY_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
