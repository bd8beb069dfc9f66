/**
 * The machine-readable reason of every API error, one catalogue for the API and its clients. A
 * client branches on `code`, never on `message` or the status alone; codes never change meaning.
 */
export const API_ERROR_CODES = [
  // Any status, when nothing more precise applies.
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  // Domain refusals.
  'APPLICATION_NOT_FOUND',
  'SUBMIT_REFUSED',
  'OPEN_APPLICATION_EXISTS',
  'STATUS_CHANGE_REFUSED',
  /** An uploaded PDF carries JavaScript or a launch action, or hides more than can be checked. */
  'PDF_ACTIVE_CONTENT',
  // Underwriting decisions and product settings.
  /** The file changed since the caller read it (another decision won): reload and decide again. */
  'APPLICATION_CHANGED',
  /** This staff member may not take this decision on this file now (role, four eyes). */
  'DECISION_REFUSED',
  /** Recommended terms beyond the product limits or the Moneylenders Act caps. */
  'TERMS_REFUSED',
  /** The offer's all-in rate passes the cap: the approver must say they reviewed it. */
  'COMPLIANCE_REVIEW_REQUIRED',
  'SLOT_NOT_BOOKABLE',
  'SETTINGS_INVALID',
  /** The settings were changed by someone else since the caller read them. */
  'SETTINGS_CHANGED',
  // The queue: another officer holds the file, it cannot be taken (a draft or a closed file), or
  // the assignee is no credit officer.
  'ALREADY_ASSIGNED',
  'NOT_ASSIGNABLE',
  'NOT_A_CREDIT_OFFICER',
  /** A rejection's wait or a temporary ban has not passed: no new application yet. */
  'NEW_LOAN_NOT_ALLOWED',
  /** During a referral back, only what was referred may change. */
  'REFERBACK_NOT_REFERRED',
  // Staff accounts and the second factor of staff sign-in.
  'SIGN_IN_CHALLENGE_EXPIRED',
  'TOTP_CODE_INVALID',
  'TOTP_CODE_REPLAYED',
  'RECOVERY_CODE_INVALID',
  'STAFF_EMAIL_EXISTS',
  'STAFF_LAST_ADMIN',
  'STAFF_SELF_DISABLE',
  'PASSWORD_LINK_INVALID',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The body of every API error. The front ends show `message` as it is (spec section 8). */
export interface ApiErrorBody {
  statusCode: number;
  /** The HTTP status text, e.g. "Bad Request". */
  error: string;
  /** A sentence a user can read, e.g. "email must be a valid email" or "Postcode not found". */
  message: string;
  /** What went wrong, for code to branch on, e.g. "SUBMIT_REFUSED". */
  code: ApiErrorCode;
}

/** Every request names its tenant in this header (`arkcash` when absent). */
export const TENANT_HEADER = 'x-tenant';
