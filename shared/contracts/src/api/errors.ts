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
  // A live call's outcome recorded for a call that has not taken place.
  'CALL_NOT_HELD',
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
  /** The applicant has not passed identity verification (eKYC): no approval yet. */
  'EKYC_REQUIRED',
  /** A guarantor has not passed identity verification (eKYC): no payout yet. */
  'GUARANTOR_EKYC_REQUIRED',
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
  /** Too many failed sign-ins of this account, from anywhere: locked for a while. */
  'SIGN_IN_LOCKED',
  /** The half-way sign-in step was spent already (it opens one session at most). */
  'SIGN_IN_CHALLENGE_USED',
  /** An access token sent in a URL's query: refused, whatever it opens. */
  'TOKEN_IN_ADDRESS',
  /** A file link that is not for this file, has ended, or whose session has. */
  'FILE_LINK_INVALID',
  'TOTP_CODE_INVALID',
  'TOTP_CODE_REPLAYED',
  'RECOVERY_CODE_INVALID',
  'STAFF_EMAIL_EXISTS',
  'STAFF_LAST_ADMIN',
  'STAFF_SELF_DISABLE',
  'PASSWORD_LINK_INVALID',
  // Agreements: none of the viewer's, or changed since it was read.
  'AGREEMENT_NOT_FOUND',
  'AGREEMENT_CHANGED',
  // Signing: not open yet, the one-time code, the document read, a guarantor's link.
  'SIGNING_NOT_OPEN',
  'SIGNING_CODE_INVALID',
  'SIGNING_CODE_EXPIRED',
  'SIGNING_CODE_ATTEMPTS',
  'SIGNING_CODE_LIMIT',
  'GUARANTOR_LINK_INVALID',
  'GUARANTOR_NOT_VERIFIED',
  /** A signing code asked for before the signer opened every document they sign or accept. */
  'DOCUMENTS_NOT_OPENED',
  // Agreement documents: the document moved on since the signer read it, a second signature by
  // the same signer, signing before the document exists or after it was closed.
  'DOCUMENT_CHANGED',
  'ALREADY_SIGNED',
  'DOCUMENT_CLOSED',
  // The offer: terms outside the limits, cover not offered, or an offer no longer open.
  'OFFER_TERMS_REFUSED',
  'LOAN_PROTECTION_UNAVAILABLE',
  'OFFER_CLOSED',
  // Direct debit: the agreement is not at a stage that takes a mandate, or the bank is unknown.
  'MANDATE_NOT_ALLOWED',
  'MANDATE_BANK_UNKNOWN',
  // Attestation: the video, the explain-back check, live-call slots and the staff review.
  'VIDEO_NOT_FOUND',
  'RANGE_NOT_SATISFIABLE',
  'ATTESTATION_OPTION_REFUSED',
  'VIDEO_NOT_WATCHED',
  'EXPLAIN_BACK_INCORRECT',
  'SLOT_TAKEN',
  'BOOKING_NOT_FOUND',
  'ATTESTATION_SAME_STAFF',
  'VIDEO_INVALID',
  // Master setup: an uploaded configuration file whose content is refused (the lines listed),
  // and an activation that lost the race to another admin's.
  'MASTER_FILE_INVALID',
  'MASTER_FILE_CHANGED',
  /** The applicant or the business is outside what the product may lend to (age, business age). */
  'NOT_ELIGIBLE',
  /** The terms or privacy notice changed since the applicant accepted them: read and accept again. */
  'LEGAL_TEXT_CHANGED',
  // The e-invoice TIN: one is kept already, or the registration it is checked against is missing.
  'TIN_ALREADY_STORED',
  'TIN_IDENTITY_MISSING',
  // Disbursement: not waiting for a payout, one already live, the checker is the maker, the bank.
  'NOT_PENDING_DISBURSEMENT',
  'PAYOUT_ALREADY_RECORDED',
  'PAYOUT_NOT_FOUND',
  'PAYOUT_SAME_STAFF',
  'PAYOUT_REJECTED',
  'PAYOUT_BANK_UNREACHABLE',
  /** An audit export would hold more rows than one file may: narrow the filters. */
  'AUDIT_EXPORT_TOO_LARGE',
  // Repayments: no loan account of the caller's on the agreement (none yet, or someone else's),
  // no receipt of theirs, a channel reference already booked for a different payment.
  'LOAN_ACCOUNT_NOT_FOUND',
  'RECEIPT_NOT_FOUND',
  'PAYMENT_REF_TAKEN',
  // The books: a waiver beyond the late charges outstanding, an account no longer being repaid,
  // a request already decided or not found, the approver is the proposer.
  'WAIVER_TOO_LARGE',
  'ACCOUNT_NOT_ACTIVE',
  'ADJUSTMENT_NOT_FOUND',
  'ADJUSTMENT_DECIDED',
  'ADJUSTMENT_PENDING',
  'ADJUSTMENT_SAME_STAFF',
  // Credit refunds: not found, already decided, one already waiting, the approver is the
  // proposer, or refused by the money rules (a closed account's whole credit only).
  'REFUND_NOT_FOUND',
  'REFUND_DECIDED',
  'REFUND_PENDING',
  'REFUND_SAME_STAFF',
  // Settlement reconciliation: the gateway publishes no report to fetch; a line's resolution is
  // confirmed by its proposer.
  'RECONCILIATION_NO_REPORT',
  'RECONCILIATION_SAME_STAFF',
  'REFUND_REFUSED',
  /** A refund letter that is not the caller's, or not issued (the refund is not approved). */
  'REFUND_LETTER_NOT_FOUND',
  /** The regulator's return would hold a bad row (a value missing or outside its list): the
   *  refusal lists every one, and nothing is exported. */
  'IDEAL_EXPORT_REFUSED',
  // Paying through the payment gateway: nothing to pay (no active loan account), an amount outside
  // what may be paid, and the gateway's notification refused (signature, amount) or unreachable.
  'PAYMENT_NOT_ALLOWED',
  'PAYMENT_AMOUNT_REFUSED',
  'GATEWAY_SIGNATURE_INVALID',
  'GATEWAY_AMOUNT_MISMATCH',
  'GATEWAY_UNREACHABLE',
  // The telecom tenant's sign-in: the NRIC is not the line's; the telecom account has no account
  // of ours yet (register first).
  'TELECOM_NRIC_INVALID',
  'TELECOM_NO_ACCOUNT',
  // The back office changing an applicant: another account of the tenant signs in with the email
  // or phone number, a sign-in detail was sent to the profile path, an unknown partner.
  'USER_EMAIL_EXISTS',
  'USER_PHONE_EXISTS',
  'SIGN_IN_DETAIL_REFUSED',
  /** No active partner has the partner ID given. */
  'PARTNER_ID_INVALID',
  // Early settlement online: the quote the borrower accepted is not today's (another day or
  // amount); a discharge letter that is not the caller's (or does not exist).
  'SETTLEMENT_QUOTE_CHANGED',
  'DISCHARGE_LETTER_NOT_FOUND',
  // Collections: no letter of the caller's by that id; a default notice refused (the account is
  // not more than 28 days in default, or has a notice already).
  'COLLECTION_LETTER_NOT_FOUND',
  'DEFAULT_NOTICE_REFUSED',
  'CONTACT_REFUSED',
  'PROMISE_REFUSED',
  'PROMISE_OPEN',
  'TERMINATION_REFUSED',
  'TERMINATION_PENDING',
  'TERMINATION_NOT_FOUND',
  'TERMINATION_DECIDED',
  'TERMINATION_SAME_STAFF',
  // JomPAY: an import not found, and a sandbox file asked of a real biller.
  'JOMPAY_IMPORT_NOT_FOUND',
  'JOMPAY_SANDBOX_ONLY',
  // The contact inbox: no such message; it changed since the caller read it; closed; the staff
  // member named cannot hold it; an answer kept but not emailed (send it again).
  'CONTACT_MESSAGE_NOT_FOUND',
  'CONTACT_MESSAGE_CHANGED',
  'CONTACT_MESSAGE_CLOSED',
  'CONTACT_ASSIGNEE_REFUSED',
  'CONTACT_REPLY_NOT_SENT',
  // The general ledger: a month not yet ended, closed already, or a month before it still open;
  // an account not in the chart.
  'PERIOD_NOT_ENDED',
  'PERIOD_CLOSED',
  'EARLIER_PERIOD_OPEN',
  'LEDGER_ACCOUNT_NOT_FOUND',
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
