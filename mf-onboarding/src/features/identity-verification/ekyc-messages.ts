/** The server's messages (spec section 8) and the keys that word them in each language. */
const KNOWN: Record<string, string> = {
  'Failed to complete eKYC': 'errors.notCompleted',
  'ID verification failed': 'errors.failed',
  'Identity card does not match the application form, please register again and retry':
    'errors.mismatch',
  'Identity verification starts after the application is submitted': 'errors.notSubmitted',
  'Identity verification is already complete': 'errors.alreadyComplete',
  'Application Not Found': 'errors.applicationNotFound',
};

export function ekycMessage(message: string, t: (key: string) => string): string {
  const key = KNOWN[message];
  return key ? t(key) : message;
}
