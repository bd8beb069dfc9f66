import { guardRoute, matchRoute, ROUTES, routesOf, STATE_CLEARING_PATHS } from './route-table';

const loggedOut = { applicant: false, staff: false };
const applicant = { applicant: true, staff: false };
const staff = { applicant: false, staff: true };

/** Spec section 2, route by route: who owns it and whether it needs a signed-in applicant. */
const SPEC_ROUTES: [string, string, 'public' | 'applicant' | 'guarantor' | 'staff'][] = [
  ['/', 'shell', 'public'],
  ['/login', 'shell', 'public'],
  ['/logout', 'shell', 'public'],
  ['/not-allow-new-loan', 'shell', 'public'],
  ['/contact-us', 'shell', 'public'],
  ['/about-us', 'shell', 'public'],
  ['/faq', 'shell', 'public'],
  ['/legal-terms', 'shell', 'public'],
  ['/reset-password-request', 'shell', 'public'],
  ['/update-profile', 'shell', 'applicant'],
  ['/change-password', 'shell', 'applicant'],
  ['/verify/3f2a9c', 'shell', 'public'],
  ['/registration', 'mf-onboarding', 'public'],
  ['/registration/verification', 'mf-onboarding', 'public'],
  ['/application/company-details', 'mf-onboarding', 'public'],
  ['/application/applicant-details', 'mf-onboarding', 'public'],
  ['/application/disbursement-details', 'mf-onboarding', 'public'],
  ['/application/emergency-contact-details', 'mf-onboarding', 'public'],
  ['/application/director-details', 'mf-onboarding', 'public'],
  ['/testing-eligibility', 'mf-onboarding', 'applicant'],
  ['/testing-eligibility/result/eligible', 'mf-onboarding', 'applicant'],
  ['/application', 'mf-onboarding', 'applicant'],
  ['/application/email-verification', 'mf-onboarding', 'applicant'],
  ['/application/document-upload', 'mf-onboarding', 'applicant'],
  ['/application/summary', 'mf-onboarding', 'applicant'],
  ['/application/identity-verification', 'mf-onboarding', 'applicant'],
  ['/application/verification-complete', 'mf-onboarding', 'applicant'],
  ['/psychometric-test/start', 'mf-onboarding', 'applicant'],
  ['/psychometric-test/assessment', 'mf-onboarding', 'applicant'],
  ['/draft-application', 'mf-onboarding', 'applicant'],
  ['/loan-status/account-creation', 'mf-loan-status', 'public'],
  ['/home', 'mf-loan-status', 'applicant'],
  ['/loan-status/attestation-option', 'mf-loan-status', 'applicant'],
  ['/loan-status/attestation-option/video', 'mf-loan-status', 'applicant'],
  ['/loan-status/attestation-option/live-call', 'mf-loan-status', 'applicant'],
  ['/loan-status/requested-for-interview', 'mf-loan-status', 'applicant'],
  ['/loan-status/approved-loan-amount', 'mf-loan-status', 'applicant'],
  ['/loan-status/approved-loan-summary', 'mf-loan-status', 'applicant'],
  ['/loan-status/loan-agreement', 'mf-loan-status', 'applicant'],
  ['/loan-status/digital-signing', 'mf-loan-status', 'applicant'],
  ['/loan-status/request-tac', 'mf-loan-status', 'applicant'],
  ['/loan-status/application-complete', 'mf-loan-status', 'applicant'],
  ['/loan-status/direct-debit', 'mf-loan-status', 'applicant'],
  ['/loan-history', 'mf-loan-status', 'applicant'],
  ['/loan-history/42', 'mf-loan-status', 'applicant'],
  ['/loan-status-check', 'mf-loan-status', 'applicant'],
  ['/repayment-schedule', 'mf-repayment', 'applicant'],
  ['/payment-history', 'mf-repayment', 'applicant'],
  ['/pay-instalment-now', 'mf-repayment', 'applicant'],
  ['/payment-result', 'mf-repayment', 'applicant'],
  ['/pending-payment', 'mf-repayment', 'applicant'],
  ['/request-e-invoice', 'mf-repayment', 'applicant'],
  ['/guarantor-signing/identity-verification', 'mf-guarantor', 'guarantor'],
  ['/guarantor-signing/loan-agreement', 'mf-guarantor', 'guarantor'],
  ['/guarantor-signing/digital-signing', 'mf-guarantor', 'guarantor'],
  ['/guarantor-signing/verification-retry', 'mf-guarantor', 'guarantor'],
  ['/guarantor-signing/signing-complete', 'mf-guarantor', 'guarantor'],
  ['/guarantor-signing/request-tac', 'mf-guarantor', 'guarantor'],
  ['/admin', 'mf-admin', 'public'],
  ['/admin/applications', 'mf-admin', 'staff'],
  ['/admin/attestation', 'mf-admin', 'staff'],
  ['/admin/attestation/calendar', 'mf-admin', 'staff'],
  ['/admin/disbursements', 'mf-admin', 'staff'],
  ['/admin/collections', 'mf-admin', 'staff'],
  ['/admin/audit', 'mf-admin', 'staff'],
  ['/admin/statements', 'mf-admin', 'staff'],
  ['/admin/regulator', 'mf-admin', 'staff'],
  ['/admin/accounts', 'mf-admin', 'staff'],
  ['/admin/users', 'mf-admin', 'staff'],
  ['/admin/users/0b6f2f3e-0000-4000-8000-000000000001', 'mf-admin', 'staff'],
  ['/admin/staff', 'mf-admin', 'staff'],
  ['/admin/contact-messages', 'mf-admin', 'staff'],
  ['/admin/contact-messages/0b6f2f3e-0000-4000-8000-000000000002', 'mf-admin', 'staff'],
];

describe('route table', () => {
  it.each(SPEC_ROUTES)('gives %s to %s with %s access', (path, owner, access) => {
    const match = matchRoute(path);
    expect(match?.route.owner).toBe(owner);
    expect(match?.route.access).toBe(access);
  });

  it('lists every path once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('reads path parameters', () => {
    expect(matchRoute('/loan-history/APP%2D7')?.params).toEqual({ applicationId: 'APP-7' });
    expect(matchRoute('/testing-eligibility/result/not-eligible')?.params).toEqual({
      result: 'not-eligible',
    });
  });

  it('ignores a trailing slash', () => {
    expect(matchRoute('/faq/')?.route.path).toBe('/faq');
  });

  it('does not match a parameter with an empty segment', () => {
    expect(matchRoute('/loan-history/')?.route.path).toBe('/loan-history');
  });

  it('gives each remote only its own routes', () => {
    for (const owner of [
      'mf-onboarding',
      'mf-loan-status',
      'mf-repayment',
      'mf-guarantor',
      'mf-admin',
    ] as const) {
      expect(routesOf(owner).every((route) => route.owner === owner)).toBe(true);
      expect(routesOf(owner).length).toBeGreaterThan(0);
    }
  });
});

describe('guards', () => {
  it('sends a logged-out visitor of a login-only route to /', () => {
    expect(guardRoute('/repayment-schedule', loggedOut)).toMatchObject({
      kind: 'redirect',
      to: '/',
    });
    expect(guardRoute('/home', loggedOut)).toMatchObject({ kind: 'redirect', to: '/' });
  });

  it('lets a signed-in applicant open a login-only route', () => {
    expect(guardRoute('/repayment-schedule', applicant).kind).toBe('allow');
  });

  it('sends an unknown path to / when logged out and to /home when logged in', () => {
    expect(guardRoute('/no-such-page', loggedOut)).toMatchObject({ kind: 'redirect', to: '/' });
    expect(guardRoute('/no-such-page', applicant)).toMatchObject({ kind: 'redirect', to: '/home' });
  });

  it('opens guarantor routes without a login', () => {
    expect(guardRoute('/guarantor-signing/loan-agreement', loggedOut).kind).toBe('allow');
  });

  it('sends staff pages to the back office login unless staff is signed in', () => {
    expect(guardRoute('/admin/users', loggedOut)).toMatchObject({ to: '/admin/login' });
    expect(guardRoute('/admin/users', applicant)).toMatchObject({ to: '/admin/login' });
    expect(guardRoute('/admin/users', staff).kind).toBe('allow');
  });

  it('clears state on the landing, login and registration routes only', () => {
    expect([...STATE_CLEARING_PATHS].sort()).toEqual(['/', '/login', '/registration']);
  });
});
