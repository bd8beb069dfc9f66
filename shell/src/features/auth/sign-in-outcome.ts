// Where sign-in leads is one rule of the platform (spec section 4), shared with every sign-in.
export { destinationAfterSignIn } from '@lending/platform';

/** The email as it is sent: trimmed and lower-cased while the person types (spec section 3). */
export function normalizeTypedEmail(value: string): string {
  return value.trim().toLowerCase();
}
