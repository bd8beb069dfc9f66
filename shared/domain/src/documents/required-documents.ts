// What a lender needs to see from each kind of borrower (spec section 5's document list and
// limits), as one table the database's required-file list is checked against.
//
// - A sole proprietor is the business: the SSM registration (Form D) proves it exists and who
//   owns it, Form B (the owner's return with business income) and the business bank statement
//   show what it earns, and the premise pictures that it trades where it says.
// - A partnership: the same, with the partnership's registration listing every partner, and
//   Form P (the partnership's return) or each partner's Form B.
// - A company (Sdn Bhd) files neither Form B nor Form EA and has no salary slips or EPF
//   statement of its own: its SSM documents (directors and shareholders), its current-account
//   statement and its premise; its accounts or Form C may be added as other documents.
// - A salaried person would prove income with the latest 3 salary slips, the EPF statement and
//   Form EA. The product registers businesses only, so no organization type uses that list yet;
//   its limits (exactly 3 slips, statements PDF up to 10 MB) stay here with the others.

import type { OrganizationType } from '../business/registration-number';
import { GENERAL_FILE_MAX_BYTES, STATEMENT_FILE_MAX_BYTES } from './upload-rules';

export type RequiredDocumentType =
  | 'SSM_DOCUMENT'
  | 'SALARY_SLIP'
  | 'EPF_STATEMENT'
  | 'FORM_EA_OR_BE'
  | 'BANK_STATEMENT'
  | 'PREMISE_PICTURE'
  | 'OTHER';

export interface RequiredDocument {
  fileType: RequiredDocumentType;
  isRequired: boolean;
  requiredFileCount: number;
  maxFileCount: number;
  acceptedTypes: readonly string[];
  maxBytes: number;
}

const ANY = ['application/pdf', 'image/png', 'image/jpeg'] as const;
const PDF = ['application/pdf'] as const;
const PICTURES = ['image/png', 'image/jpeg'] as const;

const DOCUMENTS: Record<RequiredDocumentType, RequiredDocument> = {
  SSM_DOCUMENT: {
    fileType: 'SSM_DOCUMENT',
    isRequired: true,
    requiredFileCount: 1,
    maxFileCount: 3,
    acceptedTypes: ANY,
    maxBytes: GENERAL_FILE_MAX_BYTES,
  },
  SALARY_SLIP: {
    fileType: 'SALARY_SLIP',
    isRequired: true,
    requiredFileCount: 3,
    maxFileCount: 3,
    acceptedTypes: ANY,
    maxBytes: GENERAL_FILE_MAX_BYTES,
  },
  EPF_STATEMENT: {
    fileType: 'EPF_STATEMENT',
    isRequired: true,
    requiredFileCount: 1,
    maxFileCount: 1,
    acceptedTypes: PDF,
    maxBytes: STATEMENT_FILE_MAX_BYTES,
  },
  FORM_EA_OR_BE: {
    fileType: 'FORM_EA_OR_BE',
    isRequired: true,
    requiredFileCount: 1,
    maxFileCount: 3,
    acceptedTypes: ANY,
    maxBytes: GENERAL_FILE_MAX_BYTES,
  },
  BANK_STATEMENT: {
    fileType: 'BANK_STATEMENT',
    isRequired: true,
    requiredFileCount: 1,
    maxFileCount: 1,
    acceptedTypes: PDF,
    maxBytes: STATEMENT_FILE_MAX_BYTES,
  },
  PREMISE_PICTURE: {
    fileType: 'PREMISE_PICTURE',
    isRequired: true,
    requiredFileCount: 5,
    maxFileCount: 10,
    acceptedTypes: PICTURES,
    maxBytes: GENERAL_FILE_MAX_BYTES,
  },
  OTHER: {
    fileType: 'OTHER',
    isRequired: false,
    requiredFileCount: 0,
    maxFileCount: 3,
    acceptedTypes: ANY,
    maxBytes: GENERAL_FILE_MAX_BYTES,
  },
};

export type DocumentApplicantKind = OrganizationType | 'SALARIED';

/** The documents each kind of applicant uploads, in the order they are asked for. */
export const REQUIRED_DOCUMENT_TYPES: Record<
  DocumentApplicantKind,
  readonly RequiredDocumentType[]
> = {
  SOLE_PROP: ['SSM_DOCUMENT', 'FORM_EA_OR_BE', 'BANK_STATEMENT', 'PREMISE_PICTURE', 'OTHER'],
  PARTNERSHIP: ['SSM_DOCUMENT', 'FORM_EA_OR_BE', 'BANK_STATEMENT', 'PREMISE_PICTURE', 'OTHER'],
  COMPANY: ['SSM_DOCUMENT', 'BANK_STATEMENT', 'PREMISE_PICTURE', 'OTHER'],
  SALARIED: ['SALARY_SLIP', 'EPF_STATEMENT', 'FORM_EA_OR_BE', 'BANK_STATEMENT', 'OTHER'],
};

/** The documents `kind` uploads with their limits and their place in the list (from 1). */
export function requiredDocuments(
  kind: DocumentApplicantKind,
): (RequiredDocument & { displayOrder: number })[] {
  return REQUIRED_DOCUMENT_TYPES[kind].map((fileType, index) => ({
    ...DOCUMENTS[fileType],
    displayOrder: index + 1,
  }));
}
