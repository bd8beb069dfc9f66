/**
 * Master setup (spec section 7 "Master", admin): the files that configure the product. Each
 * entity is a named configuration kept in versions: an upload is checked and stored as a new,
 * inactive version; an admin activates one, which applies it to the product (the attestation video
 * applicants stream, the public holidays of the attestation calendar, the banks the forms offer).
 */
import type { ApiErrorBody } from './errors';

const ADMIN = '/arkcash/admin/api/v1.0';

/**
 * The configured entities. The lender's own documents shown before signing (the personal data
 * protection notice, the loan terms and conditions) are templates here; Schedule J/K are not:
 * their wording is prescribed by the Regulations and made by the agreement documents module.
 */
export const MASTER_ENTITY_IDS = [
  'ATTESTATION_VIDEO_EN',
  'ATTESTATION_VIDEO_MS',
  'PUBLIC_HOLIDAYS',
  'BANK_LIST',
  'PDP_NOTICE_TEMPLATE',
  'LOAN_TERMS_TEMPLATE',
] as const;
export type MasterEntityId = (typeof MASTER_ENTITY_IDS)[number];

export const MASTER_SETUP_PATHS = {
  /** POST multipart: `entityId`, then `file`. A new inactive version (201), or 422 with the
   *  file's problems. */
  upload: `${ADMIN}/file`,
  /** GET: the entity's active version and every version, newest first. */
  entity: (entityId: MasterEntityId | string) => `${ADMIN}/file/entity/${entityId}`,
  /** GET: the version's file, as an attachment. */
  file: (fileId: string) => `${ADMIN}/file/${fileId}`,
  /** POST `{ expectedActiveId }`: apply this version to the product (ADMIN). */
  activate: (fileId: string) => `${ADMIN}/file/${fileId}/activate`,
  /** GET with `Range`: a video (a master setup version or an attestation video) streamed. */
  video: (fileId: string) => `${ADMIN}/video/file/${fileId}`,
} as const;

/** Upload limits, for the screen to say before sending. */
export const MASTER_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const MASTER_LIST_MAX_BYTES = 512 * 1024;
export const MASTER_TEMPLATE_MAX_BYTES = 64 * 1024;

/** The entities that are bilingual document templates (plain UTF-8 text). */
export const MASTER_TEMPLATE_ENTITY_IDS = ['PDP_NOTICE_TEMPLATE', 'LOAN_TERMS_TEMPLATE'] as const;

/** What a template may write as `{{name}}`: the lender's particulars, filled in per brand. */
export const TEMPLATE_PLACEHOLDERS = [
  'lenderName',
  'registrationNo',
  'licenceNo',
  'address',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export interface MasterFileVersion {
  id: string;
  entityId: MasterEntityId;
  /** 1 for the first upload of the entity, then counting up. */
  version: number;
  originalFileName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  /** Holidays or banks in the file, or a template's sections; null for a video. */
  itemCount: number | null;
  /** The video's length; null for a list. */
  durationMs: number | null;
  /** Null for the version shipped with the platform (a template's version 1). */
  uploadedBy: string | null;
  uploadedAt: string;
  /** The last time this version was activated, and by whom; null when never. */
  activatedBy: string | null;
  activatedAt: string | null;
}

export interface MasterEntityView {
  entityId: MasterEntityId;
  /** The version last activated; null until one is. */
  active: MasterFileVersion | null;
  /**
   * Whether the product uses the active version now: false when the same setting was changed
   * elsewhere since (a video replaced on the videos page, holidays edited in the settings).
   */
  inEffect: boolean;
  versions: MasterFileVersion[];
}

export interface ActivateMasterFileRequest {
  /** The active version the admin saw (null: none); another admin's activation in between is
   *  refused rather than silently overwritten. */
  expectedActiveId: string | null;
}

/** What is wrong with one line of an uploaded list (or the file as a whole, on line 0). */
export const MASTER_FILE_PROBLEMS = [
  'EMPTY',
  'HEADER',
  'COLUMNS',
  'DATE',
  'NAME',
  'CODE',
  'SWIFT',
  'DUPLICATE',
  'TOO_MANY',
  'FORMAT',
  'VIDEO',
  'SIZE',
  // Templates: a title or section without one of its languages, `{{name}}` not in
  // TEMPLATE_PLACEHOLDERS, a `{{` or `}}` without its other half, no section at all, a text too
  // long, a line that belongs to no title or section.
  'LANGUAGE',
  'PLACEHOLDER',
  'BRACES',
  'NO_SECTIONS',
  'TOO_LONG',
  'LINE',
] as const;
export type MasterFileProblemCode = (typeof MASTER_FILE_PROBLEMS)[number];

export interface MasterFileProblem {
  /** 1-based line of the file; 0 for the file as a whole. */
  line: number;
  problem: MasterFileProblemCode;
  /** The line as it was sent, cut short. */
  text: string;
}

/** The 422 answer to an upload whose content is refused: every bad line, for the screen to list. */
export interface MasterFileRefusal extends ApiErrorBody {
  problems: MasterFileProblem[];
}
