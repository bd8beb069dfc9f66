// Upload limits of spec section 5, one function for the browser and the server: a file is
// checked against its type's row of the required-file list (accepted content types, largest
// size, largest count) and against the files already uploaded for the application.

export interface UploadRule {
  acceptedTypes: readonly string[];
  maxBytes: number;
  requiredFileCount: number;
  maxFileCount: number;
}

export interface UploadCandidate {
  /** The content type read from the bytes on the server, or the browser's best guess. */
  mimeType: string | null;
  sizeBytes: number;
  /** SHA-256 of the content (hex) when known. */
  sha256?: string | undefined;
  name?: string | undefined;
}

export interface UploadedSummary {
  sha256: string;
  sizeBytes: number;
  originalFileName?: string;
}

export type UploadRefusal =
  | { reason: 'empty' }
  | { reason: 'type'; acceptedTypes: readonly string[] }
  | { reason: 'size'; maxBytes: number }
  | { reason: 'duplicate' }
  | { reason: 'count'; maxFileCount: number; exact: boolean };

export const MEGABYTE = 1024 * 1024;

/** The size limits spec section 5 names: 5 MB for general files, 10 MB for statements. */
export const GENERAL_FILE_MAX_BYTES = 5 * MEGABYTE;
export const STATEMENT_FILE_MAX_BYTES = 10 * MEGABYTE;

/** The same content uploaded again, recognised by its hash, or by name and size where the
 *  hash is not known (a browser without Web Crypto). */
export function isDuplicate(candidate: UploadCandidate, uploaded: readonly UploadedSummary[]) {
  return uploaded.some((file) =>
    candidate.sha256
      ? file.sha256 === candidate.sha256
      : candidate.name !== undefined &&
        file.originalFileName === candidate.name &&
        file.sizeBytes === candidate.sizeBytes,
  );
}

/**
 * Why the file may not be added, or null when it may. `uploadedOfType` are the files of the same
 * type; `uploadedOfApplication` all files of the application (duplicates are refused across
 * types: the same statement does not count twice).
 */
export function checkUpload(
  rule: UploadRule,
  candidate: UploadCandidate,
  uploadedOfType: readonly UploadedSummary[],
  uploadedOfApplication: readonly UploadedSummary[] = uploadedOfType,
): UploadRefusal | null {
  if (candidate.sizeBytes <= 0) return { reason: 'empty' };
  if (!candidate.mimeType || !rule.acceptedTypes.includes(candidate.mimeType)) {
    return { reason: 'type', acceptedTypes: rule.acceptedTypes };
  }
  if (candidate.sizeBytes > rule.maxBytes) return { reason: 'size', maxBytes: rule.maxBytes };
  if (isDuplicate(candidate, uploadedOfApplication)) return { reason: 'duplicate' };
  if (uploadedOfType.length >= rule.maxFileCount) {
    return {
      reason: 'count',
      maxFileCount: rule.maxFileCount,
      exact: rule.requiredFileCount === rule.maxFileCount,
    };
  }
  return null;
}

/** A type is satisfied once its uploaded count reaches the required count (spec section 5). */
export function isRequirementSatisfied(
  rule: { isRequired: boolean; requiredFileCount: number },
  uploadedCount: number,
): boolean {
  return !rule.isRequired || uploadedCount >= rule.requiredFileCount;
}

/** `10MB`, as the spec words the limit. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / MEGABYTE;
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)}MB`;
}

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
};

export function acceptedTypeLabels(acceptedTypes: readonly string[]): string[] {
  return acceptedTypes.map((type) => TYPE_LABELS[type] ?? type);
}

/** The server's English sentence for a refusal (the browser shows its own translation). */
export function uploadRefusalMessage(refusal: UploadRefusal): string {
  switch (refusal.reason) {
    case 'empty':
      return 'The file is empty';
    case 'type': {
      const labels = acceptedTypeLabels(refusal.acceptedTypes);
      const list =
        labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)!}` : labels[0];
      return `Only ${list ?? 'PDF'} files are accepted`;
    }
    case 'size':
      return `File must be smaller than ${formatMegabytes(refusal.maxBytes)}`;
    case 'duplicate':
      return 'This file has already been uploaded';
    case 'count':
      return refusal.exact
        ? `Please upload exactly ${refusal.maxFileCount} ${refusal.maxFileCount === 1 ? 'document' : 'documents'}`
        : `You can upload at most ${refusal.maxFileCount} files`;
  }
}
