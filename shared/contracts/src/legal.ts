/**
 * The version of the Terms of Use and the Privacy Notice shown at `/legal-terms`: the day they
 * were last updated. A registration records the version its applicant accepted, and the server
 * refuses an acceptance of any other: publishing new text means changing this value with it.
 */
export const LEGAL_TEXT_VERSION = '2026-11-23';
