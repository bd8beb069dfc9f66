/** The API's answers about evidence and data exports; the screens word them in both languages
 *  by the error code. */
export const EVIDENCE_MESSAGES = {
  applicationNotFound: 'Application Not Found',
  userNotFound: 'User not found',
} as const;
