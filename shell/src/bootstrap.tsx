import brand from '@brand';
import {
  addTranslations,
  adoptPageLanguage,
  brandStore,
  markPageLanguage,
  parseLanguage,
  session,
  setLanguage,
  STATE_CLEARING_PATHS,
  storedLanguage,
} from '@lending/platform';
import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { preloadInitialPage } from './app/app';
import { PRERENDERED_ATTRIBUTE } from './app/public-pages';
import { ShellTree } from './app/shell-tree';
import { prepareComposition } from './app/start-composition';
import { watchPageArrivals } from './features/navigation/page-arrival';

brandStore.set(brand);
// Before any router or remote moves through the history: a new page starts at its top with
// focus on its heading, back and forward return to where the reader was.
watchPageArrivals();
// The page's language arrives with the app; the other one when the visitor switches to it.
const wordsReady = addTranslations('shell', {
  en: () => import(/* webpackChunkName: "words-en" */ './locales/en/shell.json'),
  ms: () => import(/* webpackChunkName: "words-ms" */ './locales/ms/shell.json'),
});

const container = document.getElementById('shell-root');
if (!container) throw new Error('index.html lacks #shell-root');

/** Said on the page's root once its links and buttons are the app's: until then a link is a plain
 *  page load (a drawn page is taken over when the browser is idle, or at the first tap). Journeys
 *  and anyone timing the page's readiness read it. */
const markReady = () => document.documentElement.setAttribute('data-app-ready', '');

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/** Runs `start` once the page has loaded and the browser is idle, or at the visitor's first
 *  interaction if that comes sooner: the drawn page stays responsive while it is read. */
function whenSettled(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) window.removeEventListener(type, once, true);
    start();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, once, { capture: true });
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(once, { timeout: 2000 })
      : window.setTimeout(once, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

const inBrowserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;
const { pathname, search } = window.location;

if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) {
  // The page arrived drawn: take it over as it is. Hydration starts from what it shows (its
  // language, a visitor nobody knows yet); what this device remembers follows right after.
  const pageLanguage = parseLanguage(document.documentElement.lang) ?? 'EN';
  const languageReady = adoptPageLanguage(pageLanguage);
  const path = pathname.replace(/\/+$/, '') || '/';
  if (STATE_CLEARING_PATHS.includes(path) && session.current.accessToken === null) session.clear();
  const afterHydration = () => {
    markReady();
    const wanted = storedLanguage();
    if (wanted && wanted !== pageLanguage) setLanguage(wanted);
  };
  const pageReady = Promise.all([preloadInitialPage(pathname, search), wordsReady, languageReady]);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: a tap during it is answered, not queued behind it.
  whenSettled(
    () =>
      void pageReady.then(() =>
        startTransition(() => {
          hydrateRoot(container, <ShellTree router={inBrowserRouter} onReady={afterHydration} />);
        }),
      ),
  );
} else {
  markPageLanguage();
  prepareComposition(pathname);
  const root = createRoot(container);
  void Promise.all([preloadInitialPage(pathname, search), wordsReady]).then(() =>
    startTransition(() => root.render(<ShellTree router={inBrowserRouter} onReady={markReady} />)),
  );
}
