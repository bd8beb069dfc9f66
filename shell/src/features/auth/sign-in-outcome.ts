import type { LoginResponse } from '@lending/contracts';

/**
 * Where a person goes after signing in (spec section 4): no account details yet -> registration
 * with the phone number carried over; a rejected application with a waiting time still running
 * -> /not-allow-new-loan; everyone else -> /home.
 */
export function destinationAfterSignIn(
  response: Pick<LoginResponse, 'userDetails' | 'applicationDetails'>,
  now: Date,
  phoneNo?: string | null,
): string {
  if (!response.userDetails) {
    return phoneNo ? `/registration?phoneNo=${encodeURIComponent(phoneNo)}` : '/registration';
  }
  const latest = response.applicationDetails[0];
  const until = response.userDetails.allowToApplyNewLoanAfterDateTime;
  if (latest?.status === 'REJECTED' && until && new Date(until).getTime() > now.getTime()) {
    return '/not-allow-new-loan';
  }
  return '/home';
}

/** The email as it is sent: trimmed and lower-cased while the person types (spec section 3). */
export function normalizeTypedEmail(value: string): string {
  return value.trim().toLowerCase();
}
