import { bus } from './event-bus';

/** Moves the user anywhere in the page, whichever root owns the target: every router in the page
 *  listens to the history, so a remote never reaches into another to move the user. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (typeof window === 'undefined') return;
  const current = window.location.pathname + window.location.search + window.location.hash;
  if (current === to) return;
  if (options.replace) window.history.replaceState(window.history.state, '', to);
  else window.history.pushState(null, '', to);
  // In the composed page the orchestrator announces history changes to every router; alone
  // (a standalone harness, a test) nothing would, so announce it here.
  if (!('singleSpaNavigate' in window)) {
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }
}

/** Announced on the bus so the shell (or a test) can follow. */
export function requestNavigation(to: string, replace = false): void {
  bus.emit('navigation.requested', { to, replace });
}
