import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppToaster, toaster } from '@lending/ui';
import { bus, navigate } from '@lending/platform';
import { Layout } from '../features/layout/layout';
import { LandingPage } from '../features/landing/landing-page';
import { AboutPage } from '../features/help/about-page';
import { FaqPage } from '../features/help/faq-page';
import { LegalTermsPage } from '../features/help/legal-terms-page';
import { ContactPage } from '../features/contact/contact-page';
import { LogoutPage } from '../features/account/logout-page';
import { NotAllowNewLoanPage } from '../features/account/not-allow-new-loan-page';
import { ResetPasswordRequestPage } from '../features/account/reset-password-request-page';
import { ResetPasswordPage } from '../features/account/reset-password-page';
import { ChangePasswordPage } from '../features/account/change-password-page';
import { UpdateProfilePage } from '../features/account/update-profile-page';
import { useSessionUpkeep } from '../features/auth/use-session-upkeep';
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

export function App() {
  useRouteGuard();
  useSessionUpkeep();
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
        <Route path="/not-allow-new-loan" element={<NotAllowNewLoanPage />} />
        <Route path="/reset-password-request" element={<ResetPasswordRequestPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/update-profile" element={<UpdateProfilePage />} />
        <Route path="/change-password" element={<ChangePasswordPage />} />
        {/* Routes owned by remotes render nothing here: the remote fills the outlet. */}
        <Route path="*" element={null} />
      </Routes>
      <LoginDialog />
      <AppToaster />
    </Layout>
  );
}
