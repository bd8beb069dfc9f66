import {
  FILE_PATHS,
  type OrganizationType,
  type RequiredFile,
  type UploadedFile,
} from '@lending/contracts';

import type { App } from '../app';
import { nextIp } from './auth-helpers';

let made = 0;

/** A small but real PDF: what file-type (and a PDF reader) recognises by its first bytes. */
export function pdf(padTo = 0): Buffer {
  made += 1;
  const body = `%PDF-1.4\n% document ${made}\n1 0 obj <<>> endobj\ntrailer <<>>\n`;
  const end = '%%EOF\n';
  const padding = Math.max(0, padTo - body.length - end.length);
  return Buffer.concat([Buffer.from(body), Buffer.alloc(padding, 0x20), Buffer.from(end)]);
}

export function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // file-type reads chunk lengths and types; the CRC is not checked, zeros will do.
  return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
}

/** A PNG built from bytes: signature, header, one data chunk and the end chunk. */
export function png(): Buffer {
  made += 1;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(made, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([made & 255, 1, 2, 3])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; content: Buffer; contentType?: string };
}

export function multipart(parts: Part[]) {
  const boundary = `----lending${Date.now().toString(16)}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.file ? `Content-Type: ${part.file.contentType ?? 'application/pdf'}\r\n` : '';
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    pieces.push(part.file ? part.file.content : Buffer.from(part.value ?? ''));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(pieces),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A fresh file (never the same bytes twice) of a type the rule accepts. */
function fileFor(rule: RequiredFile, n: number): Part['file'] {
  const name = rule.fileType.toLowerCase();
  if (rule.acceptedTypes.includes('application/pdf')) {
    return { filename: `${name}-${n}.pdf`, content: pdf(), contentType: 'application/pdf' };
  }
  if (rule.acceptedTypes.includes('image/png')) {
    return { filename: `${name}-${n}.png`, content: png(), contentType: 'image/png' };
  }
  throw new Error(`no test file for ${rule.fileType} (${rule.acceptedTypes.join(', ')})`);
}

/**
 * Uploads, through the API, as many distinct files of an accepted type as each required type of
 * the organization asks for; the files it uploaded come back in upload order.
 */
export async function uploadRequiredDocuments(
  app: App,
  accessToken: string,
  applicationId: string,
  organizationType: OrganizationType,
): Promise<UploadedFile[]> {
  const listed = await app.inject({
    method: 'GET',
    url: FILE_PATHS.requiredByOrganization(organizationType),
    remoteAddress: nextIp(),
  });
  if (listed.statusCode !== 200) {
    throw new Error(`required file list answered ${listed.statusCode}: ${listed.body}`);
  }
  const uploaded: UploadedFile[] = [];
  for (const rule of listed.json() as RequiredFile[]) {
    if (!rule.isRequired) continue;
    for (let n = 1; n <= rule.requiredFileCount; n += 1) {
      const { payload, contentType } = multipart([
        { name: 'applicationId', value: applicationId },
        { name: 'fileType', value: rule.fileType },
        { name: 'file', file: fileFor(rule, n) },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: FILE_PATHS.upload,
        headers: { 'content-type': contentType, authorization: `Bearer ${accessToken}` },
        payload,
        remoteAddress: nextIp(),
      });
      if (response.statusCode !== 201) {
        throw new Error(
          `upload of ${rule.fileType} ${n} answered ${response.statusCode}: ${response.body}`,
        );
      }
      uploaded.push(response.json() as UploadedFile);
    }
  }
  return uploaded;
}
