import type { Language } from '@lending/contracts';
import {
  bus,
  currentLanguage,
  guardRoute,
  i18n,
  session,
  setLanguage,
  STATE_CLEARING_PATHS,
  useSession,
} from '@lending/platform';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { currentAccess } from './access';
import { readShellQuery } from './query-params';

/** The spec sends an unknown address home; said, so a mistyped or stale link is no mystery. The
 *  words are read in the language the address asked for, once that language's words are here:
 *  the switch to it may still be on its way. */
function sayUnknownAddress(language: Language): void {
  const lng = language === 'MS' ? 'ms' : 'en';
  void i18n.loadLanguages(lng).then(() =>
    bus.emit('toast.requested', {
      status: 'info',
      title: i18n.getFixedT(lng, 'shell')('unknownAddress'),
    }),
  );
}

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
    if (decision.kind !== 'redirect') return;
    navigate(decision.to, { replace: true });
    if (decision.reason === 'unknown-route') sayUnknownAddress(query.language ?? currentLanguage());
  }, [location.pathname, location.search, current.accessToken, current.staffAccessToken, navigate]);
}
