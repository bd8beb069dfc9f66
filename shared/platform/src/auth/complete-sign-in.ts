import type { LoginResponse } from '@lending/contracts';

import { accountStore, blockedUntil } from '../account/account-store';
import { refreshAccount } from '../account/refresh-account';
import { bus } from '../bus/event-bus';
import { session } from '../session/session-store';

/** Keeps what sign-in returned: tokens in storage (spec keys), the account summary every root
 *  reads, and the news on the bus. Then reads the latest loan state again in the background, so
 *  the guards also know the kind of any block (a rejection's wait or a temporary ban). */
export function completeSignIn(response: LoginResponse): void {
  session.setApplicantTokens({
    accessToken: response.accessToken,
    refreshToken: response.refreshToken,
    redOneJwt: response.redOneJwt,
  });
  const user = response.userDetails;
  accountStore.set({
    user: user
      ? {
          id: user.id,
          firstName: user.firstName,
          allowToApplyNewLoanAfterDateTime: user.allowToApplyNewLoanAfterDateTime,
        }
      : null,
    // The newest application: a draft is what /home resumes, a decided one what it shows.
    application: response.applicationDetails[0] ?? null,
    agreement: response.agreementDetails
      ? { id: response.agreementDetails.id, signDate: response.agreementDetails.signDate }
      : null,
  });
  bus.emit('session.changed', { loggedIn: true, userId: user?.id ?? null });
  if (user) refreshAccount().catch(() => undefined);
}

/**
 * Where a person goes after signing in (spec section 4): no account details yet -> registration
 * with the phone number carried over; blocked from new loans (a rejection's wait or a temporary
 * ban still running, no loan in progress) -> /not-allow-new-loan; a draft or anything else ->
 * /home, which resumes the draft or shows the loan's state.
 */
export function destinationAfterSignIn(
  response: Pick<LoginResponse, 'userDetails' | 'applicationDetails'>,
  now: Date,
  phoneNo?: string | null,
): string {
  if (!response.userDetails) {
    return phoneNo ? `/registration?phoneNo=${encodeURIComponent(phoneNo)}` : '/registration';
  }
  const blocked = blockedUntil(
    {
      user: {
        id: response.userDetails.id,
        firstName: response.userDetails.firstName,
        allowToApplyNewLoanAfterDateTime: response.userDetails.allowToApplyNewLoanAfterDateTime,
      },
      application: response.applicationDetails[0] ?? null,
      agreement: null,
    },
    now,
  );
  return blocked ? '/not-allow-new-loan' : '/home';
}
