/**
 * What an auditor and a data subject can take out of the platform: the evidence pack of one
 * loan (everything that happened to an application and its agreement, as one ZIP file with a
 * manifest of SHA-256 sums), and a person's own data on request (PDPA s.30, access request).
 */
import type { StaffRole } from '@lending/domain';

export const EVIDENCE_PATHS = {
  /** GET: the evidence pack of an application and its agreement, as a ZIP file. */
  pack: (applicationId: string) => `/api/admin/applications/${applicationId}/evidence.zip`,
  /** GET: the signed-in applicant's own data, as JSON inside a ZIP file. */
  myData: '/api/users/me/data-export.zip',
  /** GET: an applicant's data as staff produce it for the person's request. */
  userData: (userId: string) => `/api/admin/users/${userId}/data-export.zip`,
} as const;

/** Who may take an evidence pack or a person's data out. The spec names no compliance or auditor
 *  role, and both files hold identity documents and signatures: admins only, like the audit log. */
export const EVIDENCE_ROLES: readonly StaffRole[] = ['ADMIN'];

/** The first file of every pack: what else it holds, each with its SHA-256 and size. */
export const EVIDENCE_MANIFEST_NAME = 'manifest.json';

export interface EvidenceManifestEntry {
  /** The file's path inside the ZIP. */
  path: string;
  sha256: string;
  sizeBytes: number;
  /** What the file is, e.g. `signed agreement, version 2`. */
  description: string;
}

export interface EvidenceManifest {
  kind: 'evidence-pack' | 'personal-data';
  /** When the file was made (ISO 8601). */
  generatedAt: string;
  /** Who asked for it: `staff:<id>` or `user:<id>`. */
  generatedBy: string;
  applicationId?: string;
  agreementId?: string | null;
  userId?: string;
  files: EvidenceManifestEntry[];
}
