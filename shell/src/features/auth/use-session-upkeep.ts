import {
  accountStore,
  blockedUntil,
  httpStatus,
  refreshAccount,
  useAccount,
  useSession,
  watchIdle,
} from '@lending/platform';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const BLOCK_CHECK_EVERY_MS = 60 * 1000;
/**
 * Where a blocked applicant may still go: the page that says when a new application is allowed,
 * signing out, their own records (the rejected application and its reasons among them), their
 * account, and the help pages. The block is on starting a new loan, not on reading what exists.
 */
const OPEN_WHILE_BLOCKED = [
  '/not-allow-new-loan',
  '/logout',
  '/loan-history',
  '/update-profile',
  '/change-password',
  '/contact-us',
  '/about-us',
  '/faq',
  '/legal-terms',
];

const openWhileBlocked = (pathname: string) =>
  OPEN_WHILE_BLOCKED.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * What keeps a signed-in session honest (spec section 4): sign out after 15 idle minutes, follow
 * a sign-out in another tab at once, reload the account after a page load, and lead a rejected
 * applicant to /not-allow-new-loan from anything that starts a loan until their waiting time has
 * passed.
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

  // After a reload the tokens are still there but the account summary is not: the person and
  // their latest loan are read again (the block on new loans comes with it).
  useEffect(() => {
    if (!signedIn || accountStore.current.user) return;
    refreshAccount().catch((error: unknown) => {
      // A 401 is handled by the API client (refresh, or session expired); nothing else to do.
      if (httpStatus(error) !== 401) accountStore.set({ ...accountStore.current });
    });
  }, [signedIn]);

  // The blocked check (a rejection's wait or a temporary ban), on every navigation, every
  // minute, and whenever the account summary changes (sign-in, reload, a fresh loan status).
  useEffect(() => {
    const check = () => {
      if (blockedUntil(accountStore.current, new Date()) && !openWhileBlocked(location.pathname)) {
        navigate('/not-allow-new-loan', { replace: true });
      }
    };
    check();
    const timer = setInterval(check, BLOCK_CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [location.pathname, account, navigate]);
}
