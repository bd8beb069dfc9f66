import type { OrganizationType } from './registration-number';

export interface BorrowerNameParts {
  organizationType: OrganizationType;
  /** The registered name of the business (SSM). */
  companyName: string;
  /** The person who applied for the business. */
  applicantName: string;
}

/**
 * The borrower's name on every document of a loan. A company or a partnership borrows as itself,
 * under its registered name; a sole proprietorship has no person in law apart from its owner, so
 * the borrower is the owner trading as the business.
 */
export function borrowerName(parts: BorrowerNameParts): string {
  const company = parts.companyName.trim();
  // Without the business's name the record is incomplete, whoever owns it: the name stays blank
  // for the regulator's return to refuse rather than reading as a private person's loan.
  if (parts.organizationType !== 'SOLE_PROP' || !company) return company;
  const person = parts.applicantName.trim();
  return person ? `${person} t/a ${company}` : company;
}
