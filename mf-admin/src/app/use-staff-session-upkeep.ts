import {
  authApi,
  keepStaffSessionFresh,
  session,
  useObservable,
  watchIdle,
} from '@lending/platform';
import { useEffect } from 'react';
import { BehaviorSubject } from 'rxjs';

/**
 * Whether the last staff session here ended for want of activity. Kept beside the page's routes,
 * not in one of them: the shell moves a signed-out member to /admin/login, and the sign-in there
 * says why.
 */
const signedOutIdle = new BehaviorSubject(false);

/** True once an idle sign-out happened, until the next sign-in. */
export function useSignedOutIdle(): boolean {
  return useObservable(signedOutIdle, signedOutIdle.value);
}

/**
 * What keeps a staff session honest (spec section 4, as applicants have it): while the member
 * works, the tokens are swapped before they end, so work is never interrupted by a sign-in; after
 * 15 minutes without activity in any of their tabs, the session ends here and at the server.
 */
export function useStaffSessionUpkeep(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    if (signedOutIdle.value) signedOutIdle.next(false);
    // A page opened on a token near its end is the first activity.
    void keepStaffSessionFresh();
    return watchIdle(
      () => {
        const refreshToken = session.current.staffRefreshToken;
        if (refreshToken) void authApi.staffLogout(refreshToken).catch(() => undefined);
        signedOutIdle.next(true);
        session.clearStaff();
      },
      window,
      () => void keepStaffSessionFresh(),
    );
  }, [signedIn]);
}
