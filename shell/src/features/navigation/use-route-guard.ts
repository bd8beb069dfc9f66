import {
  currentLanguage,
  guardRoute,
  session,
  setLanguage,
  STATE_CLEARING_PATHS,
  useSession,
} from '@lending/platform';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { currentAccess } from './access';
import { readShellQuery } from './query-params';

/** Runs on every navigation, whichever app owns the route: query parameters, state clearing and
 *  the guards of spec section 2. */
export function useRouteGuard(): void {
  const location = useLocation();
  // The shell's own router moves the shell at once, even before the orchestrator has started
  // announcing history changes to the routers in the page.
  const navigate = useNavigate();
  const current = useSession();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    const query = readShellQuery(location.search);
    if (query.language) setLanguage(query.language);

    const path = location.pathname.replace(/\/+$/, '') || '/';
    const arrived = lastPath.current !== path;
    lastPath.current = path;
    const access = currentAccess();
    if (path === '/' && access.applicant) {
      navigate(`/home?language=${currentLanguage()}`, { replace: true });
      return;
    }
    // Arriving clears; a sign-in made on the page itself (registration signs the new person in
    // before moving on) must survive the re-run its new token causes.
    if (arrived && STATE_CLEARING_PATHS.includes(path)) session.clear();
    const decision = guardRoute(path, currentAccess());
    if (decision.kind === 'redirect') navigate(decision.to, { replace: true });
  }, [location.pathname, location.search, current.accessToken, current.staffAccessToken, navigate]);
}
