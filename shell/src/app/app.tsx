import { bus, navigate } from '@lending/platform';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';

import { useSessionUpkeep } from '../features/auth/use-session-upkeep';
import { LandingPage } from '../features/landing/landing-page';
import { Layout } from '../features/layout/layout';
import { readShellQuery } from '../features/navigation/query-params';
import { useRouteGuard } from '../features/navigation/use-route-guard';
import { LazyBoundary, lazyPage, loadOnce } from './lazy-page';
import { startComposition } from './start-composition';

// Everything but the landing page loads on demand: a first-time visitor downloads only what `/`
// shows.
const AboutPage = lazyPage('about', () =>
  import('../features/help/about-page').then((m) => m.AboutPage),
);
const FaqPage = lazyPage('faq', () => import('../features/help/faq-page').then((m) => m.FaqPage));
const LegalTermsPage = lazyPage('legal-terms', () =>
  import('../features/help/legal-terms-page').then((m) => m.LegalTermsPage),
);
const ContactPage = lazyPage('contact', () =>
  import('../features/contact/contact-page').then((m) => m.ContactPage),
);
const LogoutPage = lazyPage('logout', () =>
  import('../features/account/logout-page').then((m) => m.LogoutPage),
);
const NotAllowNewLoanPage = lazyPage('not-allow-new-loan', () =>
  import('../features/account/not-allow-new-loan-page').then((m) => m.NotAllowNewLoanPage),
);
const ResetPasswordRequestPage = lazyPage('reset-password-request', () =>
  import('../features/account/reset-password-request-page').then((m) => m.ResetPasswordRequestPage),
);
const ResetPasswordPage = lazyPage('reset-password', () =>
  import('../features/account/reset-password-page').then((m) => m.ResetPasswordPage),
);
const UpdateProfilePage = lazyPage('update-profile', () =>
  import('../features/account/update-profile-page').then((m) => m.UpdateProfilePage),
);
const ChangePasswordPage = lazyPage('change-password', () =>
  import('../features/account/change-password-page').then((m) => m.ChangePasswordPage),
);
const VerifyAgreementPage = lazyPage('verify', () =>
  import('../features/verify/verify-agreement-page').then((m) => m.VerifyAgreementPage),
);
const LoginDialog = lazyPage('login', () =>
  import('../features/auth/login-dialog').then((m) => m.LoginDialog),
);

const PAGES_BY_PATH: Record<string, { preload: () => Promise<void> }> = {
  '/logout': LogoutPage,
  '/about-us': AboutPage,
  '/faq': FaqPage,
  '/legal-terms': LegalTermsPage,
  '/contact-us': ContactPage,
  '/not-allow-new-loan': NotAllowNewLoanPage,
  '/reset-password-request': ResetPasswordRequestPage,
  '/reset-password': ResetPasswordPage,
  '/update-profile': UpdateProfilePage,
  '/change-password': ChangePasswordPage,
};

/** A visit that starts on a lazily loaded page (or with the login dialog asked for) fetches its
 *  code alongside the rest of the first load, so the page renders at once instead of after a
 *  loading state. */
export function preloadInitialPage(pathname: string, search: string): Promise<void> {
  const loads = [PAGES_BY_PATH[pathname.replace(/\/+$/, '') || '/']?.preload()];
  if (readShellQuery(search).showLogin || pathname === '/login') loads.push(LoginDialog.preload());
  return Promise.all(loads).then(() => undefined);
}

// Toasts come late in a visit if at all: the toaster's code loads with the first one.
const loadOverlays = loadOnce('overlays', () => import('@lending/ui/overlays'));
const AppToaster = lazyPage('toaster', () => loadOverlays().then((module) => module.AppToaster));

/** Carries the bus's requests into the shell; says whether a toast has been asked for yet. */
function useBusBridges(): boolean {
  const [toasted, setToasted] = useState(false);
  useEffect(() => {
    const subscriptions = [
      bus.on('toast.requested').subscribe((toast) => {
        setToasted(true);
        void loadOverlays().then(({ showToast }) => showToast(toast));
      }),
      bus.on('navigation.requested').subscribe(({ to, replace }) => navigate(to, { replace })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, []);
  return toasted;
}

/** The dialog's code (form, validation, bot check) loads the first time it is asked for; once
 *  loaded it stays mounted so it can animate closed. */
function LoginDialogOnDemand() {
  const location = useLocation();
  const requested = readShellQuery(location.search).showLogin || location.pathname === '/login';
  // Asked for from the first commit on, never during it: a page rendered ahead of time has no
  // dialog, and hydration must find what the server drew.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (requested) setWanted(true);
  }, [requested]);
  if (!wanted) return null;
  return (
    <LazyBoundary name="login" compact>
      <LoginDialog />
    </LazyBoundary>
  );
}

/** A route no shell page claims belongs to a remote (or to nobody, which the composition's
 *  not-found answers): the orchestrator loads the first time the visitor reaches one, so the
 *  public pages never fetch it. */
function RemoteRoute() {
  useEffect(() => startComposition(), []);
  return null;
}

function page(name: string, element: ReactNode) {
  return <LazyBoundary name={name}>{element}</LazyBoundary>;
}

export function App() {
  useRouteGuard();
  useSessionUpkeep();
  const toasted = useBusBridges();

  return (
    <Layout>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LandingPage />} />
        <Route path="/logout" element={page('logout', <LogoutPage />)} />
        <Route path="/about-us" element={page('about', <AboutPage />)} />
        <Route path="/faq" element={page('faq', <FaqPage />)} />
        <Route path="/legal-terms" element={page('legal-terms', <LegalTermsPage />)} />
        <Route path="/contact-us" element={page('contact', <ContactPage />)} />
        <Route
          path="/not-allow-new-loan"
          element={page('not-allow-new-loan', <NotAllowNewLoanPage />)}
        />
        <Route
          path="/reset-password-request"
          element={page('reset-password-request', <ResetPasswordRequestPage />)}
        />
        <Route path="/reset-password" element={page('reset-password', <ResetPasswordPage />)} />
        <Route path="/update-profile" element={page('update-profile', <UpdateProfilePage />)} />
        <Route path="/change-password" element={page('change-password', <ChangePasswordPage />)} />
        <Route path="/verify/:code" element={page('verify', <VerifyAgreementPage />)} />
        {/* Routes owned by remotes render nothing here: the remote fills the outlet. */}
        <Route path="*" element={<RemoteRoute />} />
      </Routes>
      <LoginDialogOnDemand />
      {toasted ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </Layout>
  );
}
