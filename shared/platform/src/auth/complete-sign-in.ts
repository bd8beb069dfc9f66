import type { LoginResponse } from '@lending/contracts';

import { accountStore } from '../account/account-store';
import { bus } from '../bus/event-bus';
import { session } from '../session/session-store';

/** Keeps what sign-in returned: tokens in storage (spec keys), the account summary every root
 *  reads, and the news on the bus. */
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
    application: response.applicationDetails[0] ?? null,
    agreement: response.agreementDetails
      ? { id: response.agreementDetails.id, signDate: response.agreementDetails.signDate }
      : null,
  });
  bus.emit('session.changed', { loggedIn: true, userId: user?.id ?? null });
}
