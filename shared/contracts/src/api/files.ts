/**
 * Documents an applicant uploads for an application (spec sections 3 and 5): which types each
 * organization type must provide, and the files uploaded. Limits travel with the list, so the
 * browser checks a file with the very numbers the server enforces.
 */
import type { OrganizationType } from './application';

export type DocumentFileType =
  | 'SSM_DOCUMENT'
  | 'SALARY_SLIP'
  | 'EPF_STATEMENT'
  | 'FORM_EA_OR_BE'
  | 'BANK_STATEMENT'
  | 'PREMISE_PICTURE'
  | 'OTHER';

export const DOCUMENT_FILE_TYPES: readonly DocumentFileType[] = [
  'SSM_DOCUMENT',
  'SALARY_SLIP',
  'EPF_STATEMENT',
  'FORM_EA_OR_BE',
  'BANK_STATEMENT',
  'PREMISE_PICTURE',
  'OTHER',
];

/** The content types the product accepts, read from the file's bytes, never from its name. */
export type DocumentMimeType = 'application/pdf' | 'image/png' | 'image/jpeg';

export interface RequiredFile {
  fileType: DocumentFileType;
  /** A required type must reach `requiredFileCount` before the application can be submitted. */
  isRequired: boolean;
  requiredFileCount: number;
  maxFileCount: number;
  displayOrder: number;
  acceptedTypes: DocumentMimeType[];
  maxBytes: number;
  name: string;
  nameMs: string;
  /** What to upload, in each language ("latest 3 months", "original digital copies"). */
  description: string;
  descriptionMs: string;
}

export interface UploadedFile {
  id: string;
  applicationId: string;
  fileType: DocumentFileType;
  originalFileName: string;
  mimeType: DocumentMimeType;
  sizeBytes: number;
  /** SHA-256 of the content (hex): the browser refuses a duplicate before sending it. */
  sha256: string;
  createdAt: string;
}

export const FILE_PATHS = {
  /** POST multipart: fields applicationId, fileType, then file. */
  upload: '/arkcash/api/v1.0/file',
  /** GET streams the file (bearer, or `?link=` minted by `link`); DELETE removes it. */
  byId: (fileId: string) => `/api/file/${fileId}`,
  /** POST: a short-lived link (`FileLink`) that downloads this one file as the caller. */
  link: (fileId: string) => `/api/file/${fileId}/link`,
  byEntity: (applicationId: string) => `/api/file/entity/${applicationId}`,
  requiredByOrganization: (organizationType: OrganizationType) =>
    `/api/file/getRequiredFileListByOrganization/${organizationType}`,
} as const;

/** A short-lived address that opens one file (or the attestation video) as the person who asked
 *  for it: never the bearer itself. */
export interface FileLink {
  url: string;
  expiresAt: string;
}
