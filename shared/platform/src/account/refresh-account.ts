import type { HomeLoanStatusResponse, UserDetails } from '@lending/contracts';

import { authApi } from '../auth/auth-api';
import { loanStatusApi } from '../loan-status/loan-status-api';
import { session } from '../session/session-store';
import { accountStore } from './account-store';

/** Takes what the server said of the person's loans into the account summary, so every root
 *  (and the blocked-from-new-loans check) sees the latest decision, and the menu the agreement
 *  (Payment History once it exists, Repayment Schedule once it is signed). */
export function applyLoanStatus(
  loan: Pick<HomeLoanStatusResponse, 'user' | 'application'> &
    Partial<Pick<HomeLoanStatusResponse, 'agreement'>>,
  user?: Pick<UserDetails, 'id' | 'firstName'>,
): void {
  const current = accountStore.current;
  const known = user ?? current.user;
  if (!known) return;
  accountStore.set({
    ...current,
    user: {
      id: known.id,
      firstName: known.firstName,
      allowToApplyNewLoanAfterDateTime: loan.user.allowToApplyNewLoanAfterDateTime,
      newLoanBlockKind: loan.user.newLoanBlockKind,
    },
    application: loan.application
      ? { id: loan.application.id, status: loan.application.status }
      : null,
    agreement:
      loan.agreement === undefined
        ? current.agreement
        : loan.agreement && { id: loan.agreement.id, signDate: loan.agreement.signDate },
  });
}

/** Reads the signed-in person and their latest loan again (after a page load, after sign-in):
 *  the name for the layout, and the application and any block on new loans for the guards. */
export async function refreshAccount(): Promise<void> {
  const [user, loan] = await Promise.all([authApi.me(), loanStatusApi.home()]);
  // Signed out while the answers were on their way: nothing to keep.
  if (session.current.accessToken === null) return;
  applyLoanStatus(loan, user);
}
