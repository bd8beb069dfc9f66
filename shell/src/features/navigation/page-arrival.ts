// Where the page stands after a move within the app, for every route whoever draws it (the shell
// or any remote): every router in the page moves through the one history, so this watches the
// history rather than any router.
//
// - A new page (another path, by a link, a button or a redirect) starts at its top, and focus
//   moves to its heading once the page has drawn it, so a screen reader starts there.
// - Back and forward return to where the reader was on that page, once its content is tall
//   enough again (a remote draws after its code and data arrive).
//
// Hand-written: react-router's ScrollRestoration needs a data router, and the page holds one
// router per remote, none of which sees the others' moves.

const KEY = '__pageKey';
const STORE = 'page-arrival.positions';
/** How long to wait for a page's heading, or for its content to be tall enough to restore. */
const SETTLE_MS = 5000;
const HEADING = '#main-content h1, main h1';

type Positions = Record<string, number>;

interface Arrival {
  cancel(): void;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function keyOf(state: unknown): string | null {
  const key = (state as Record<string, unknown> | null)?.[KEY];
  return typeof key === 'string' ? key : null;
}

function withKey(state: unknown, key: string): unknown {
  return state !== null && typeof state === 'object'
    ? { ...(state as object), [KEY]: key }
    : { [KEY]: key };
}

function pathOf(url: string | URL | null | undefined, win: Window): string {
  if (url === null || url === undefined) return win.location.pathname;
  return new URL(String(url), win.location.href).pathname;
}

function readPositions(win: Window): Positions {
  try {
    return JSON.parse(win.sessionStorage.getItem(STORE) ?? '{}') as Positions;
  } catch {
    return {};
  }
}

/** Watches the page's history from now on; returns what undoes it. */
export function watchPageArrivals(win: Window = window): () => void {
  const { history } = win;
  const positions = readPositions(win);
  let arrival: Arrival | null = null;
  const previousRestoration = history.scrollRestoration;
  // The browser's own restoration runs before a remote has drawn: it is done here instead.
  history.scrollRestoration = 'manual';

  // The path last shown: a move that keeps it (a query, an in-page anchor such as the skip link)
  // is no new page.
  let shownPath = win.location.pathname;
  let current = keyOf(history.state);
  if (!current) {
    current = newKey();
    history.replaceState(withKey(history.state, current), '');
  }

  const keep = () => {
    if (current) positions[current] = win.scrollY;
  };
  let pending = false;
  const onScroll = () => {
    if (pending) return;
    pending = true;
    win.requestAnimationFrame(() => {
      pending = false;
      keep();
    });
  };
  const persist = () => {
    keep();
    try {
      win.sessionStorage.setItem(STORE, JSON.stringify(positions));
    } catch {
      // Storage refused: positions are kept for this page load only.
    }
  };

  /** Stops waiting once the reader acts: their scroll or focus wins. */
  const settle = (
    step: () => boolean,
    { onGiveUp, onStop }: { onGiveUp?: () => void; onStop?: () => void } = {},
  ): Arrival => {
    let done = false;
    const stop = () => {
      if (done) return;
      done = true;
      onStop?.();
      observer.disconnect();
      win.clearTimeout(timer);
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
        win.removeEventListener(type, stop, true);
    };
    const attempt = () => {
      if (!done && step()) stop();
    };
    const observer = new MutationObserver(attempt);
    // Attributes too: React hides and shows a suspended page by its style, which moves no node.
    observer.observe(win.document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['style', 'hidden'],
    });
    const timer = win.setTimeout(() => {
      if (done) return;
      stop();
      onGiveUp?.();
    }, SETTLE_MS);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
      win.addEventListener(type, stop, { capture: true, passive: true });
    attempt();
    return { cancel: stop };
  };

  const focusHeading = (heading: HTMLElement) => {
    // A dialog opened meanwhile (the login) keeps the focus it took.
    if (win.document.querySelector('[role="dialog"][aria-modal="true"], [role="dialog"]')) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  };

  const arriveAtNewPage = () => {
    arrival?.cancel();
    win.scrollTo(0, 0);
    const before = win.document.querySelector<HTMLElement>(HEADING);
    const beforeText = before?.textContent ?? null;
    let placed: HTMLElement | null = null;
    let focusMoved = false;
    const onFocus = (event: FocusEvent) => {
      if (event.target !== placed) focusMoved = true;
    };
    win.document.addEventListener('focusin', onFocus);
    const headingNow = () => {
      const heading = win.document.querySelector<HTMLElement>(HEADING);
      if (!heading || (heading === before && heading.textContent === beforeText)) return null;
      return heading;
    };
    // Focus stays on the heading until the page settles: a page that suspends again is hidden by
    // React (focus falls to the body) and shown once more, or redraws its heading; each time the
    // heading gets focus back. The page's own focus (an outcome, a field) or the reader's first
    // act ends the watch.
    arrival = settle(
      () => {
        if (focusMoved) return true;
        const heading = headingNow();
        if (!heading || win.document.activeElement === heading) return false;
        placed = heading;
        focusHeading(heading);
        return false;
      },
      { onStop: () => win.document.removeEventListener('focusin', onFocus) },
    );
  };

  const returnTo = (y: number) => {
    arrival?.cancel();
    const reachable = () => win.document.documentElement.scrollHeight - win.innerHeight >= y - 1;
    arrival = settle(
      () => {
        if (!reachable()) return false;
        win.scrollTo(0, y);
        return true;
      },
      { onGiveUp: () => win.scrollTo(0, y) },
    );
  };

  const original = { push: history.pushState, replace: history.replaceState };
  history.pushState = function pushState(state, unused, url) {
    keep();
    const newPage = pathOf(url, win) !== win.location.pathname;
    current = newKey();
    original.push.call(history, withKey(state, current), unused, url);
    shownPath = win.location.pathname;
    if (newPage) arriveAtNewPage();
  };
  history.replaceState = function replaceState(state, unused, url) {
    const newPage = pathOf(url, win) !== win.location.pathname;
    // The same entry: routers rewrite its state, and a redirect replaces its address.
    const key = current ?? newKey();
    original.replace.call(history, withKey(state, key), unused, url);
    shownPath = win.location.pathname;
    if (newPage) {
      delete positions[key];
      arriveAtNewPage();
    }
  };

  // Only the browser's own back and forward: the moves announced to the routers after a push
  // (single-spa's, the platform's navigate) are events the page dispatched, not trusted ones.
  const onPopState = (event: PopStateEvent) => {
    if (!event.isTrusted) return;
    let key = keyOf(event.state);
    if (!key) {
      key = newKey();
      original.replace.call(history, withKey(history.state, key), '');
    }
    current = key;
    const samePage = win.location.pathname === shownPath;
    shownPath = win.location.pathname;
    if (samePage) return;
    const y = positions[key];
    if (y === undefined) arriveAtNewPage();
    else returnTo(y);
  };

  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('popstate', onPopState);
  win.addEventListener('pagehide', persist);

  // A reload or a return from another site comes back to where this page was left.
  const saved = positions[current];
  if (saved) returnTo(saved);

  return () => {
    arrival?.cancel();
    history.pushState = original.push;
    history.replaceState = original.replace;
    history.scrollRestoration = previousRestoration;
    win.removeEventListener('scroll', onScroll);
    win.removeEventListener('popstate', onPopState);
    win.removeEventListener('pagehide', persist);
  };
}
