import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppToaster, PageFrame, toaster } from '@lending/ui';
import { bus, navigate, useT } from '@lending/platform';
import { Layout } from '../features/layout/layout';
import { LandingPage } from '../features/landing/landing-page';
import { AboutPage } from '../features/help/about-page';
import { FaqPage } from '../features/help/faq-page';
import { LegalTermsPage } from '../features/help/legal-terms-page';
import { ContactPage } from '../features/contact/contact-page';
import { LogoutPage } from '../features/account/logout-page';
import { NotAllowNewLoanPage } from '../features/account/not-allow-new-loan-page';
import { useRouteGuard } from '../features/navigation/use-route-guard';
import { LoginDialog } from '../features/auth/login-dialog';
import { startComposition } from './start-composition';

function useBusBridges(): void {
  useEffect(() => {
    const subscriptions = [
      bus.on('toast.requested').subscribe((toast) =>
        toaster.create({
          type: toast.status,
          title: toast.title,
          description: toast.description,
        }),
      ),
      bus.on('navigation.requested').subscribe(({ to, replace }) => navigate(to, { replace })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, []);
}

/** Account pages whose journeys are built in their own step; the frame keeps the route alive. */
function AccountFrame({ titleKey }: { titleKey: string }) {
  const { t } = useT('shell');
  return <PageFrame title={t(titleKey)} />;
}

export function App() {
  useRouteGuard();
  useBusBridges();
  useEffect(() => startComposition(), []);

  return (
    <Layout>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LandingPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/about-us" element={<AboutPage />} />
        <Route path="/faq" element={<FaqPage />} />
        <Route path="/legal-terms" element={<LegalTermsPage />} />
        <Route path="/contact-us" element={<ContactPage />} />
        <Route path="/not-allow-new-loan" element={<NotAllowNewLoanPage allowedFrom={null} />} />
        <Route path="/update-profile" element={<AccountFrame titleKey="nav.updateProfile" />} />
        {/* Routes owned by remotes render nothing here: the remote fills the outlet. */}
        <Route path="*" element={null} />
      </Routes>
      <LoginDialog />
      <AppToaster />
    </Layout>
  );
}
