import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

import type { S3Settings } from '../../kernel/config';
import { type FileStorage, STORAGE_KEY_PATTERN, type StoredObject } from './port';

const isMissing = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === 'NoSuchKey' ||
    failure.name === 'NotFound' ||
    failure.$metadata?.httpStatusCode === 404
  );
};

function validKey(key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
  return key;
}

/**
 * Objects in an S3-compatible bucket, for API processes on several machines. An object appears
 * under its key only once the whole of it is stored (a put is atomic; a multipart upload shows
 * nothing until it is completed, and is aborted when its source fails), so no write goes under a
 * temporary key and `removePartials` has nothing to remove: the parts of an upload cut off by a
 * killed process are the bucket's to expire (an AbortIncompleteMultipartUpload lifecycle rule).
 */
export function s3FileStorage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = settings.bucket;
  async function size(key: string): Promise<number | null> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: validKey(key) }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
  return {
    provider: 's3',
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: validKey(key), Body: bytes }));
    },
    async putStream(key, source) {
      // The length is not known up front: parts of 5 MiB, a single put when the source is smaller.
      const upload = new Upload({ client, params: { Bucket, Key: validKey(key), Body: source } });
      await upload.done();
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: validKey(key) }));
        return answer.Body
          ? Buffer.from(await answer.Body.transformToByteArray())
          : Buffer.alloc(0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async getStream(key, range) {
      try {
        if (range && range.end <= range.start) {
          // An empty range is not expressible in HTTP; the object must still exist.
          return (await size(key)) === null ? null : Readable.from([]);
        }
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: validKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end - 1}` } : {}),
          }),
        );
        return answer.Body ? (answer.Body as Readable) : Readable.from([]);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    size,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: validKey(key) }));
    },
    async checkWritable() {
      // An object written and removed: reaching the bucket is not enough (read-only keys, a
      // bucket policy, a full quota).
      const Key = `.writable-${randomBytes(4).toString('hex')}`;
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.alloc(0) }));
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      }
    },
    async *list(): AsyncGenerator<StoredObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || !STORAGE_KEY_PATTERN.test(object.Key)) continue;
          yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    removePartials() {
      return Promise.resolve(0);
    },
  };
}
