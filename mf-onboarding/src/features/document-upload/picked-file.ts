import type { DocumentMimeType, RequiredFile, UploadedFile } from '@lending/contracts';
import {
  acceptedTypeLabels,
  checkUpload,
  formatMegabytes,
  isRequirementSatisfied,
  type UploadRefusal,
} from '@lending/domain';

const BY_EXTENSION: Record<string, DocumentMimeType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The browser's guess of a file's type: what it reports, else the name's extension. The server
 *  reads the real type from the bytes; this only spares a doomed upload. */
export function browserMimeType(file: Pick<File, 'name' | 'type'>): string | null {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? null;
}

/** SHA-256 of the content, as the server computes it, where the browser offers Web Crypto. */
export async function sha256Of(file: Blob): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || typeof file.arrayBuffer !== 'function') return undefined;
  const digest = await subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The same checks as the server, before anything is sent: type, size, duplicate, count. `pending`
 * are files of this type already on their way up (they count, and are not sent twice).
 */
export function checkPickedFile(
  rule: RequiredFile,
  file: { name: string; type: string; size: number; sha256?: string | undefined },
  uploaded: readonly UploadedFile[],
  pendingOfType: readonly { name: string; size: number; sha256?: string | undefined }[] = [],
): UploadRefusal | null {
  const pending = pendingOfType.map((entry) => ({
    sha256: entry.sha256 ?? '',
    sizeBytes: entry.size,
    originalFileName: entry.name,
  }));
  const ofType = [...uploaded.filter((row) => row.fileType === rule.fileType), ...pending];
  return checkUpload(
    rule,
    { mimeType: browserMimeType(file), sizeBytes: file.size, sha256: file.sha256, name: file.name },
    ofType,
    [...uploaded, ...pending],
  );
}

/** The translation key and values of a refusal, in the namespace onboarding-documents. */
export function refusalText(refusal: UploadRefusal): {
  key: string;
  values: Record<string, unknown>;
} {
  switch (refusal.reason) {
    case 'empty':
      return { key: 'refusal.empty', values: {} };
    case 'type':
      return {
        key: 'refusal.type',
        values: { types: acceptedTypeLabels(refusal.acceptedTypes).join(', ') },
      };
    case 'size':
      return { key: 'refusal.size', values: { size: formatMegabytes(refusal.maxBytes) } };
    case 'duplicate':
      return { key: 'refusal.duplicate', values: {} };
    case 'count':
      return {
        key: refusal.exact ? 'refusal.countExact' : 'refusal.countMax',
        values: { count: refusal.maxFileCount },
      };
  }
}

/** The rule shown under a type's name: how many, which types, how large. */
export function ruleText(rule: RequiredFile): { key: string; values: Record<string, unknown> }[] {
  const count = !rule.isRequired
    ? { key: 'rule.optional', values: { max: rule.maxFileCount } }
    : rule.requiredFileCount === rule.maxFileCount
      ? { key: 'rule.exact', values: { count: rule.requiredFileCount } }
      : { key: 'rule.atLeast', values: { count: rule.requiredFileCount, max: rule.maxFileCount } };
  return [
    count,
    {
      key: 'rule.limits',
      values: {
        types: acceptedTypeLabels(rule.acceptedTypes).join(', '),
        size: formatMegabytes(rule.maxBytes),
      },
    },
  ];
}

export function isSatisfied(rule: RequiredFile, uploaded: readonly UploadedFile[]): boolean {
  return isRequirementSatisfied(
    rule,
    uploaded.filter((row) => row.fileType === rule.fileType).length,
  );
}

export function allSatisfied(rules: readonly RequiredFile[], uploaded: readonly UploadedFile[]) {
  return rules.every((rule) => isSatisfied(rule, uploaded));
}

export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
