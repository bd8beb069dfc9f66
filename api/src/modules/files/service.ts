import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';

import type {
  DocumentFileType,
  DocumentMimeType,
  MissingItem,
  RequiredFile,
  UploadedFile,
} from '@lending/contracts';
import {
  acceptedTypeLabels,
  checkUpload,
  formatMegabytes,
  isRequirementSatisfied,
  type UploadRefusal,
} from '@lending/domain';
import { fileTypeFromBuffer } from 'file-type/core';

import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { HttpError, type Sentence, sentence } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import type { ApplicationAccess, ApplicationRow } from '../applications/service';
import { type PdfActiveContent, pdfActiveContentScanner } from './pdf-scan';
import { createFileStore, type FileRow, type RequiredFileRow } from './store';

/** While the applicant may still change the application, files may be added and removed. */
export const EDITABLE_STATUSES = ['DRAFT', 'IMPORTED_DRAFT', 'REFERBACK'] as const;

const FILE_NOT_FOUND = 'File not found';

export function toRequiredFile(row: RequiredFileRow): RequiredFile {
  return {
    fileType: row.fileType,
    isRequired: row.isRequired,
    requiredFileCount: row.requiredFileCount,
    maxFileCount: row.maxFileCount,
    displayOrder: row.displayOrder,
    acceptedTypes: row.acceptedTypes,
    maxBytes: row.maxBytes,
    name: row.name,
    nameMs: row.nameMs,
    description: row.description,
    descriptionMs: row.descriptionMs,
  };
}

export function toUploadedFile(row: FileRow): UploadedFile {
  return {
    id: row.id,
    applicationId: row.applicationId,
    fileType: row.fileType,
    originalFileName: row.originalFileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}

/** C0 and C1 controls, DEL, the bidirectional marks, embeddings, overrides and isolates (which
 *  can make `invoice\u202Efdp.exe` read as `invoiceexe.pdf`), and quotes. */
const UNSAFE_IN_NAME =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"']/g;

/** A name fit to keep and to send back in a header or a page: no folders, no control or
 *  bidirectional characters, no quotes. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_IN_NAME, '').trim();
  return (cleaned || 'document').slice(0, 255);
}

function isEditable(application: ApplicationRow): boolean {
  return (EDITABLE_STATUSES as readonly string[]).includes(application.status);
}

function assertEditable(application: ApplicationRow): void {
  if (!isEditable(application)) {
    throw new HttpError(409, 'The application can no longer be changed');
  }
}

/**
 * What the required-file list still asks of an application: one entry per required type whose
 * uploaded count has not reached its required count. The applications module refuses to submit
 * while this is not empty.
 */
export function documentRequirements(db: Orm) {
  const store = createFileStore(db);
  return async (application: Pick<ApplicationRow, 'id' | 'organizationId'>) => {
    const organizationType = await store.organizationTypeOf(application.organizationId);
    if (!organizationType) return [];
    const [rules, counts] = await Promise.all([
      store.requiredFor(organizationType),
      store.countsByType(application.id),
    ]);
    return rules
      .filter((rule) => !isRequirementSatisfied(rule, counts.get(rule.fileType) ?? 0))
      .map((rule): MissingItem => ({
        kind: 'document',
        fileType: rule.fileType,
        required: rule.requiredFileCount,
        uploaded: counts.get(rule.fileType) ?? 0,
      }));
  };
}

export interface FileServiceDeps {
  db: Orm;
  applications: ApplicationAccess;
  storage: FileStorage;
  sealer: Sealer;
}

/** The domain's refusal of an upload (`uploadRefusalMessage`, word for word in English) as a
 *  sentence the answer can word in the reader's language. */
export function uploadRefusal(refusal: UploadRefusal): Sentence {
  switch (refusal.reason) {
    case 'empty':
      return sentence('The file is empty');
    case 'type': {
      const labels = acceptedTypeLabels(refusal.acceptedTypes);
      return labels.length > 1
        ? sentence('Only {types} or {last} files are accepted', {
            types: labels.slice(0, -1).join(', '),
            last: labels.at(-1)!,
          })
        : sentence('Only {type} files are accepted', { type: labels[0] ?? 'PDF' });
    }
    case 'size':
      return sentence('File must be smaller than {size}', {
        size: formatMegabytes(refusal.maxBytes),
      });
    case 'duplicate':
      return sentence('This file has already been uploaded');
    case 'count':
      if (!refusal.exact) {
        return sentence('You can upload at most {count} files', { count: refusal.maxFileCount });
      }
      return refusal.maxFileCount === 1
        ? sentence('Please upload exactly 1 document')
        : sentence('Please upload exactly {count} documents', { count: refusal.maxFileCount });
  }
}

export const ACTIVE_CONTENT_REFUSALS: Record<PdfActiveContent, string> = {
  javascript: 'PDF files containing JavaScript are not accepted',
  launch: 'PDF files that start other programs are not accepted',
  unchecked: 'This PDF is too complex to check for scripts; please save it again and upload it',
};

/** file-type reads a few kilobytes at most for the types accepted here. */
const TYPE_SNIFF_BYTES = 4100;

/** A file part as the multipart parser gives it: `truncated` once it passed the parser's limit. */
export type UploadStream = AsyncIterable<Buffer> & { truncated?: boolean };

class TooLarge extends Error {}

/** The first bytes of a stream, and an iterator that goes on where they stop. */
async function peek(stream: AsyncIterable<Buffer>, bytes: number) {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), rest: { [Symbol.asyncIterator]: () => iterator } };
}

/**
 * Passes the bytes on while counting, hashing and showing them to `inspect`. Past `limit` the rest is drained, not
 * passed on, and the source read to its end before the generator fails: stopping early would
 * leave the multipart parser waiting on a part nobody reads.
 */
function measured(
  head: Buffer,
  rest: AsyncIterable<Buffer>,
  limit: number,
  inspect: (chunk: Buffer) => void,
) {
  const hash = createHash('sha256');
  const result = { sizeBytes: 0, tooLarge: false, sha256: '' };
  async function* chunks(): AsyncGenerator<Buffer> {
    for await (const chunk of (async function* () {
      if (head.length) yield head;
      yield* rest;
    })()) {
      result.sizeBytes += chunk.length;
      if (result.sizeBytes > limit) result.tooLarge = true;
      if (result.tooLarge) continue;
      hash.update(chunk);
      inspect(chunk);
      yield chunk;
    }
    result.sha256 = hash.digest('hex');
    if (result.tooLarge) throw new TooLarge();
  }
  return { result, chunks };
}

/** An upload whose fields were read and checked, waiting for its bytes. */
export interface PreparedUpload {
  userId: string;
  application: ApplicationRow;
  rule: RequiredFileRow;
}

export function createFileService({ db, applications, storage, sealer }: FileServiceDeps) {
  const store = createFileStore(db);
  const missingDocuments = documentRequirements(db);

  async function rulesFor(application: ApplicationRow): Promise<RequiredFileRow[]> {
    const organizationType = await store.organizationTypeOf(application.organizationId);
    return organizationType ? store.requiredFor(organizationType) : [];
  }

  /** DOCUMENTUPLOADCOMPLETED follows the files: recorded when the last required type is
   *  satisfied, taken back when a delete leaves one short. */
  async function refreshProgress(application: ApplicationRow): Promise<void> {
    const missing = await missingDocuments(application);
    await applications.recordProgress(
      application.id,
      'DOCUMENTUPLOADCOMPLETED',
      missing.length === 0,
    );
  }

  async function readable(principal: Principal | null, fileId: string): Promise<FileRow> {
    const row = await store.findLive(fileId);
    if (!row || !principal) throw new HttpError(404, FILE_NOT_FOUND);
    if (principal.kind === 'applicant' && principal.userId !== row.userId) {
      throw new HttpError(404, FILE_NOT_FOUND);
    }
    return row;
  }

  return {
    async requiredFiles(organizationType: RequiredFileRow['organizationType']) {
      return (await store.requiredFor(organizationType)).map(toRequiredFile);
    },

    async prepare(
      userId: string,
      applicationId: string,
      fileType: string,
    ): Promise<PreparedUpload> {
      const application = await applications.applicationOf(userId, applicationId);
      assertEditable(application);
      const rule = (await rulesFor(application)).find((row) => row.fileType === fileType);
      if (!rule) {
        throw new HttpError(400, 'This document type is not needed for this application');
      }
      await applications.assertDocumentReferred(application, fileType);
      return { userId, application, rule };
    },

    /** Checks the bytes (type by content, size, duplicates, count) and keeps them sealed,
     *  streaming: memory holds the first few kilobytes and a chunk, whatever the file size. */
    async store(
      prepared: PreparedUpload,
      file: { originalFileName: string | undefined; stream: UploadStream },
      ip: string | null,
    ): Promise<UploadedFile> {
      const { application, rule, userId } = prepared;
      const { head, rest } = await peek(file.stream, TYPE_SNIFF_BYTES);
      const detected = head.length ? await fileTypeFromBuffer(head) : undefined;
      const mimeType = detected?.mime ?? null;
      const id = randomUUID();
      const storageKey = `${application.id}/${id}`;
      const pdfScanner = mimeType === 'application/pdf' ? pdfActiveContentScanner() : null;
      const { result, chunks } = measured(head, rest, rule.maxBytes, (chunk) =>
        pdfScanner?.feed(chunk),
      );
      try {
        if (mimeType && (rule.acceptedTypes as readonly string[]).includes(mimeType)) {
          // Errors reach storage through the returned stream, so the callback has nothing to do.
          const sealed = pipeline(Readable.from(chunks()), sealer.sealStream(), () => {});
          await storage.putStream(storageKey, sealed);
        } else {
          // Refused by its type, but read to the end for the size, which is answered first.
          for await (const chunk of chunks()) void chunk;
        }
      } catch (error) {
        if (!(error instanceof TooLarge)) throw error;
      }
      const candidate = { mimeType, sizeBytes: result.sizeBytes, sha256: result.sha256 };

      // Whether the row committed: from then on the object is the row's and stays.
      let committed = false;
      try {
        // The parser stops at the largest size any type allows and marks the stream truncated.
        if (result.tooLarge || file.stream.truncated) {
          throw new HttpError(413, uploadRefusal({ reason: 'size', maxBytes: rule.maxBytes }));
        }
        const activeContent = pdfScanner?.finish();
        if (activeContent) {
          throw new HttpError(400, ACTIVE_CONTENT_REFUSALS[activeContent], 'PDF_ACTIVE_CONTENT');
        }
        const uploaded = await store.filesOf(application.id);
        const refusal = checkUpload(
          rule,
          candidate,
          uploaded.filter((row) => row.fileType === rule.fileType),
          uploaded,
        );
        if (refusal) {
          const status = refusal.reason === 'size' ? 413 : refusal.reason === 'type' ? 415 : 400;
          throw new HttpError(status, uploadRefusal(refusal));
        }
        const row = await inTransaction(db, async (tx) => {
          // One upload at a time per application, so two at once cannot pass the count together.
          await applications.lock(application.id, tx);
          const sameType = await store.liveCountOfType(tx, application.id, rule.fileType);
          if (sameType >= rule.maxFileCount) {
            throw new HttpError(
              400,
              uploadRefusal({
                reason: 'count',
                maxFileCount: rule.maxFileCount,
                exact: rule.requiredFileCount === rule.maxFileCount,
              }),
            );
          }
          const inserted = await store.insertFile(tx, {
            id,
            applicationId: application.id,
            userId,
            fileType: rule.fileType,
            originalFileName: cleanFileName(file.originalFileName),
            mimeType: candidate.mimeType as DocumentMimeType,
            sizeBytes: candidate.sizeBytes,
            sha256: candidate.sha256,
            storageKey,
          });
          if (!inserted) {
            throw new HttpError(400, uploadRefusal({ reason: 'duplicate' }));
          }
          await writeAudit(tx, {
            action: 'file.uploaded',
            actor: `user:${userId}`,
            subject: `application:${application.id}`,
            entity: `file:${id}`,
            ip,
            detail: { fileId: id, fileType: rule.fileType, sizeBytes: candidate.sizeBytes },
          });
          return inserted;
        });
        committed = true;
        await refreshProgress(application);
        return toUploadedFile(row);
      } catch (error) {
        if (!committed) await storage.delete(storageKey);
        throw error;
      }
    },

    async list(principal: Principal, applicationId: string): Promise<UploadedFile[]> {
      if (principal.kind === 'applicant') {
        await applications.applicationOf(principal.userId, applicationId);
      } else {
        await applications.applicationById(applicationId);
      }
      return (await store.filesOf(applicationId)).map(toUploadedFile);
    },

    /** The opened bytes of a file the caller may read, as a stream; anyone else's is
     *  "not found". */
    /** Refuses (404) a file this person may not read, as reading it would. */
    async assertReadable(principal: Principal, fileId: string): Promise<void> {
      await readable(principal, fileId);
    },

    async read(principal: Principal | null, fileId: string) {
      const row = await readable(principal, fileId);
      const size = await storage.size(row.storageKey);
      if (size === null) throw new HttpError(404, FILE_NOT_FOUND);
      const stream = await sealer.openStream({
        size,
        read: async (start, end) => {
          const part = await storage.getStream(row.storageKey, { start, end });
          if (!part) throw new HttpError(404, FILE_NOT_FOUND);
          return part;
        },
      });
      return { file: toUploadedFile(row), stream };
    },

    async remove(userId: string, fileId: string, ip: string | null): Promise<void> {
      const row = await store.findLive(fileId);
      if (!row || row.userId !== userId) throw new HttpError(404, FILE_NOT_FOUND);
      const application = await applications.applicationOf(userId, row.applicationId);
      assertEditable(application);
      await applications.assertDocumentReferred(application, row.fileType);
      await inTransaction(db, async (tx) => {
        await store.markDeleted(tx, fileId, new Date());
        await writeAudit(tx, {
          action: 'file.deleted',
          actor: `user:${userId}`,
          subject: `application:${application.id}`,
          entity: `file:${fileId}`,
          ip,
          detail: { fileId, fileType: row.fileType as DocumentFileType },
        });
      });
      // The row stays for the record; the document itself, personal data, goes.
      await storage.delete(row.storageKey);
      await refreshProgress(application);
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
