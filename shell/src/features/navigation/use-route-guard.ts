import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  STATE_CLEARING_PATHS,
  currentLanguage,
  guardRoute,
  session,
  setLanguage,
  useSession,
} from '@lending/platform';
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

  useEffect(() => {
    const query = readShellQuery(location.search);
    if (query.language) setLanguage(query.language);

    const path = location.pathname.replace(/\/+$/, '') || '/';
    const access = currentAccess();
    if (path === '/' && access.applicant) {
      navigate(`/home?language=${currentLanguage()}`, { replace: true });
      return;
    }
    if (STATE_CLEARING_PATHS.includes(path)) session.clear();
    const decision = guardRoute(path, currentAccess());
    if (decision.kind === 'redirect') navigate(decision.to, { replace: true });
  }, [location.pathname, location.search, current.accessToken, current.staffAccessToken, navigate]);
}
