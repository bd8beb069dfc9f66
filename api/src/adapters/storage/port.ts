import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes are kept: a key-value store of blobs. The local provider keeps them in a
 * folder; an object store (S3-compatible) plugs in behind the same interface. Callers seal what
 * they store: a provider sees only ciphertext.
 */
export interface FileStorage {
  readonly provider: string;
  put(key: string, bytes: Buffer): Promise<void>;
  /** Stores what the source gives, all or nothing: when the source fails, nothing is kept under
   *  the key and the source's error is thrown. */
  putStream(key: string, source: Readable): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes from `start` up to, not including, `end`; null when nothing is stored. */
  getStream(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /** In bytes; null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /** Removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Throws unless something could be stored now (the readiness check). */
  checkWritable(): Promise<void>;
  /** Every complete object, in no particular order; what the start-up sweep checks against the
   *  database. */
  list(): AsyncIterable<StoredObject>;
  /** Removes writes that never completed (a process killed mid-upload) last touched before
   *  `before`; answers how many went. */
  removePartials(before: Date): Promise<number>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** Keys are made by the API (`<applicationId>/<fileId>`), never from user input. */
export const STORAGE_KEY_PATTERN = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
