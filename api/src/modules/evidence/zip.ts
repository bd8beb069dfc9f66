import { createHash } from 'node:crypto';

import type { EvidenceManifest, EvidenceManifestEntry } from '@lending/contracts';
import { EVIDENCE_MANIFEST_NAME } from '@lending/contracts';
import { type Zippable, zipSync } from 'fflate';

export interface PackFile {
  path: string;
  bytes: Buffer;
  description: string;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Already compressed (PDF streams, images): stored as they are, deflating them again is waste. */
const STORED = /\.(pdf|png|jpe?g|webp|mp4|zip)$/i;

/** A path safe in any unzip tool: no folders climbed, no characters a file system refuses. */
export function safeName(name: string): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 80);
  return cleaned === '' ? 'file' : cleaned;
}

/**
 * One ZIP file holding `files` and, first, `manifest.json` naming each with its SHA-256 and
 * size, so whoever receives the pack can show that nothing in it was changed or left out. Every
 * entry carries the same time (the pack's), so the same content makes the same bytes.
 */
export function buildZip(
  files: PackFile[],
  manifest: Omit<EvidenceManifest, 'files'>,
): { zip: Buffer; manifest: EvidenceManifest } {
  const seen = new Set<string>();
  const entries: EvidenceManifestEntry[] = files.map((file) => {
    if (seen.has(file.path) || file.path === EVIDENCE_MANIFEST_NAME) {
      throw new Error(`The pack names ${file.path} twice`);
    }
    seen.add(file.path);
    return {
      path: file.path,
      sha256: sha256(file.bytes),
      sizeBytes: file.bytes.length,
      description: file.description,
    };
  });
  const complete: EvidenceManifest = { ...manifest, files: entries };
  const mtime = new Date(manifest.generatedAt);
  const zippable: Zippable = {
    [EVIDENCE_MANIFEST_NAME]: [
      Buffer.from(`${JSON.stringify(complete, null, 2)}\n`, 'utf8'),
      { level: 6, mtime },
    ],
  };
  for (const file of files) {
    zippable[file.path] = [file.bytes, { level: STORED.test(file.path) ? 0 : 6, mtime }];
  }
  return { zip: Buffer.from(zipSync(zippable)), manifest: complete };
}

export const jsonFile = (path: string, value: unknown, description: string): PackFile => ({
  path,
  bytes: Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'),
  description,
});
