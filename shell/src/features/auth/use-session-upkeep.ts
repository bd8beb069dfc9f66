import {
  accountStore,
  authApi,
  blockedUntil,
  httpStatus,
  session,
  useAccount,
  useSession,
  watchIdle,
} from '@lending/platform';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const BLOCK_CHECK_EVERY_MS = 60 * 1000;

/**
 * What keeps a signed-in session honest (spec section 4): sign out after 15 idle minutes, follow
 * a sign-out in another tab at once, reload the account after a page load, and keep a rejected
 * applicant on /not-allow-new-loan until their waiting time has passed.
 */
export function useSessionUpkeep(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const { accessToken } = useSession();
  const account = useAccount();
  const signedIn = accessToken !== null;

  // Idle sign-out.
  useEffect(() => {
    if (!signedIn) return;
    return watchIdle(() => navigate('/logout', { replace: true }));
  }, [signedIn, navigate]);

  // The token went away (another tab signed out, or storage was cleared): forget the account.
  useEffect(() => {
    if (!signedIn) accountStore.clear();
  }, [signedIn]);

  // After a reload the tokens are still there but the account summary is not.
  useEffect(() => {
    if (!signedIn || accountStore.current.user) return;
    let live = true;
    authApi
      .me()
      .then((user) => {
        if (!live || session.current.accessToken === null) return;
        accountStore.set({
          ...accountStore.current,
          user: {
            id: user.id,
            firstName: user.firstName,
            allowToApplyNewLoanAfterDateTime: user.allowToApplyNewLoanAfterDateTime,
          },
        });
      })
      .catch((error: unknown) => {
        // A 401 is handled by the API client (refresh, or session expired); nothing else to do.
        if (httpStatus(error) !== 401) accountStore.set({ ...accountStore.current });
      });
    return () => {
      live = false;
    };
  }, [signedIn]);

  // The rejected-and-blocked check, on every navigation and every minute.
  useEffect(() => {
    const check = () => {
      if (
        blockedUntil(accountStore.current, new Date()) &&
        location.pathname !== '/not-allow-new-loan'
      ) {
        navigate('/not-allow-new-loan', { replace: true });
      }
    };
    check();
    const timer = setInterval(check, BLOCK_CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [location.pathname, account, navigate]);
}
