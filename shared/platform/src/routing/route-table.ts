import type { RouteAccess, RouteEntry, RouteOwner } from '@lending/contracts';

const r = (path: string, owner: RouteOwner, access: RouteAccess): RouteEntry => ({
  path,
  owner,
  access,
});

/**
 * Every route of the product (spec section 2), who owns it and who may open it. The shell guards
 * and composes from this one table; each remote renders the screens of its own rows.
 */
export const ROUTES: readonly RouteEntry[] = [
  // Shell: landing, help, account pages.
  r('/', 'shell', 'public'),
  r('/login', 'shell', 'public'),
  r('/logout', 'shell', 'public'),
  r('/not-allow-new-loan', 'shell', 'public'),
  r('/contact-us', 'shell', 'public'),
  r('/about-us', 'shell', 'public'),
  r('/faq', 'shell', 'public'),
  r('/legal-terms', 'shell', 'public'),
  r('/reset-password-request', 'shell', 'public'),
  r('/reset-password', 'shell', 'public'),
  r('/update-profile', 'shell', 'applicant'),
  r('/change-password', 'shell', 'applicant'),
  // Where the QR code on every page of a signed agreement leads: anyone holding the paper checks it.
  r('/verify/:code', 'shell', 'public'),

  // Onboarding: eligibility, registration, application forms, documents, eKYC, psychometric.
  r('/registration', 'mf-onboarding', 'public'),
  r('/registration/verification', 'mf-onboarding', 'public'),
  r('/application/company-details', 'mf-onboarding', 'public'),
  r('/application/applicant-details', 'mf-onboarding', 'public'),
  r('/application/disbursement-details', 'mf-onboarding', 'public'),
  r('/application/emergency-contact-details', 'mf-onboarding', 'public'),
  r('/application/director-details', 'mf-onboarding', 'public'),
  r('/testing-eligibility', 'mf-onboarding', 'applicant'),
  r('/testing-eligibility/result/:result', 'mf-onboarding', 'applicant'),
  r('/application', 'mf-onboarding', 'applicant'),
  r('/application/email-verification', 'mf-onboarding', 'applicant'),
  r('/application/document-upload', 'mf-onboarding', 'applicant'),
  r('/application/summary', 'mf-onboarding', 'applicant'),
  r('/application/identity-verification', 'mf-onboarding', 'applicant'),
  r('/application/verification-complete', 'mf-onboarding', 'applicant'),
  r('/psychometric-test/start', 'mf-onboarding', 'applicant'),
  r('/psychometric-test/assessment', 'mf-onboarding', 'applicant'),
  r('/draft-application', 'mf-onboarding', 'applicant'),

  // Loan status: home card, approval, attestation, agreement, signing, history.
  r('/loan-status/account-creation', 'mf-loan-status', 'public'),
  r('/home', 'mf-loan-status', 'applicant'),
  r('/loan-status/attestation-option', 'mf-loan-status', 'applicant'),
  r('/loan-status/attestation-option/video', 'mf-loan-status', 'applicant'),
  r('/loan-status/attestation-option/live-call', 'mf-loan-status', 'applicant'),
  r('/loan-status/requested-for-interview', 'mf-loan-status', 'applicant'),
  r('/loan-status/approved-loan-amount', 'mf-loan-status', 'applicant'),
  r('/loan-status/approved-loan-summary', 'mf-loan-status', 'applicant'),
  r('/loan-status/loan-agreement', 'mf-loan-status', 'applicant'),
  r('/loan-status/digital-signing', 'mf-loan-status', 'applicant'),
  r('/loan-status/request-tac', 'mf-loan-status', 'applicant'),
  r('/loan-status/application-complete', 'mf-loan-status', 'applicant'),
  r('/loan-status/direct-debit', 'mf-loan-status', 'applicant'),
  r('/loan-history', 'mf-loan-status', 'applicant'),
  r('/loan-history/:applicationId', 'mf-loan-status', 'applicant'),
  r('/loan-status-check', 'mf-loan-status', 'applicant'),

  // Repayment.
  r('/repayment-schedule', 'mf-repayment', 'applicant'),
  r('/payment-history', 'mf-repayment', 'applicant'),
  r('/pay-instalment-now', 'mf-repayment', 'applicant'),
  r('/payment-result', 'mf-repayment', 'applicant'),
  r('/pending-payment', 'mf-repayment', 'applicant'),
  r('/request-e-invoice', 'mf-repayment', 'applicant'),

  // Guarantor: reached by a signed link, no login.
  r('/guarantor-signing/identity-verification', 'mf-guarantor', 'guarantor'),
  r('/guarantor-signing/loan-agreement', 'mf-guarantor', 'guarantor'),
  r('/guarantor-signing/digital-signing', 'mf-guarantor', 'guarantor'),
  r('/guarantor-signing/verification-retry', 'mf-guarantor', 'guarantor'),
  r('/guarantor-signing/signing-complete', 'mf-guarantor', 'guarantor'),
  r('/guarantor-signing/request-tac', 'mf-guarantor', 'guarantor'),

  // Back office: its own login screen at /admin, the rest for signed-in staff.
  r('/admin', 'mf-admin', 'public'),
  r('/admin/login', 'mf-admin', 'public'),
  r('/admin/set-password', 'mf-admin', 'public'),
  r('/admin/applications', 'mf-admin', 'staff'),
  r('/admin/applications/:applicationId', 'mf-admin', 'staff'),
  r('/admin/users', 'mf-admin', 'staff'),
  r('/admin/users/:userId', 'mf-admin', 'staff'),
  r('/admin/contact-messages', 'mf-admin', 'staff'),
  r('/admin/contact-messages/:messageId', 'mf-admin', 'staff'),
  r('/admin/staff', 'mf-admin', 'staff'),
  r('/admin/master-setup', 'mf-admin', 'staff'),
  r('/admin/videos', 'mf-admin', 'staff'),
  r('/admin/statements', 'mf-admin', 'staff'),
  r('/admin/regulator', 'mf-admin', 'staff'),
  r('/admin/accounts', 'mf-admin', 'staff'),
  r('/admin/settings', 'mf-admin', 'staff'),
  r('/admin/attestation', 'mf-admin', 'staff'),
  r('/admin/attestation/calendar', 'mf-admin', 'staff'),
  r('/admin/disbursements', 'mf-admin', 'staff'),
  r('/admin/collections', 'mf-admin', 'staff'),
  r('/admin/audit', 'mf-admin', 'staff'),
  r('/admin/jompay', 'mf-admin', 'staff'),
  r('/admin/bank-in-slips', 'mf-admin', 'staff'),
  r('/admin/providers', 'mf-admin', 'staff'),
  r('/admin/business-date', 'mf-admin', 'staff'),
  r('/admin/finance', 'mf-admin', 'staff'),
  r('/admin/finance/accounts/:key', 'mf-admin', 'staff'),
  r('/admin/finance/periods', 'mf-admin', 'staff'),
  r('/admin/finance/dashboard', 'mf-admin', 'staff'),
  r('/admin/finance/reconciliation', 'mf-admin', 'staff'),
];

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function matchRoute(
  pathname: string,
  routes: readonly RouteEntry[] = ROUTES,
): RouteMatch | null {
  const segments = normalise(pathname).split('/');
  for (const route of routes) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) {
        if (segment === '') return false;
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      }
      return part === segment;
    });
    if (matches) return { route, params };
  }
  return null;
}

export function routesOf(owner: RouteOwner, routes: readonly RouteEntry[] = ROUTES): RouteEntry[] {
  return routes.filter((route) => route.owner === owner);
}

export type GuardDecision =
  | { kind: 'allow'; route: RouteEntry }
  | {
      kind: 'redirect';
      to: string;
      reason: 'unknown-route' | 'login-required' | 'staff-login-required';
    };

/** Spec section 2: login-only routes send a logged-out visitor to `/`; any other path goes to
 *  `/home` when logged in, else `/`. Staff pages send to the back office's own login. */
export function guardRoute(
  pathname: string,
  session: { applicant: boolean; staff: boolean },
): GuardDecision {
  const match = matchRoute(pathname);
  if (!match) {
    return { kind: 'redirect', to: session.applicant ? '/home' : '/', reason: 'unknown-route' };
  }
  const { route } = match;
  if (route.access === 'applicant' && !session.applicant) {
    return { kind: 'redirect', to: '/', reason: 'login-required' };
  }
  if (route.access === 'staff' && !session.staff) {
    return { kind: 'redirect', to: '/admin/login', reason: 'staff-login-required' };
  }
  return { kind: 'allow', route };
}

/** Visiting these clears all stored state except the language (spec section 2). */
export const STATE_CLEARING_PATHS: readonly string[] = ['/', '/login', '/registration'];
