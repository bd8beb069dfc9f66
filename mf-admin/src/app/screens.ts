import type { ScreenDefinition } from '@lending/ui';
import { lazy } from 'react';

const CaseFilePage = lazy(() =>
  import('../case-file/case-file-page').then((module) => ({ default: module.CaseFilePage })),
);
const StaffPage = lazy(() => import('../staff/staff-page').then((m) => ({ default: m.StaffPage })));
const SetPasswordPage = lazy(() =>
  import('../staff/set-password-page').then((m) => ({ default: m.SetPasswordPage })),
);

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  { path: '/admin', id: 'adminHome' },
  { path: '/admin/login', id: 'adminLogin' },
  {
    path: '/admin/applications',
    id: 'applications',
    component: lazy(() =>
      import('../queue/queue-page').then((module) => ({ default: module.QueuePage })),
    ),
  },
  { path: '/admin/applications/:applicationId', id: 'applicationDetail', component: CaseFilePage },
  {
    path: '/admin/users',
    id: 'users',
    component: lazy(() => import('../users/users-page').then((m) => ({ default: m.UsersPage }))),
  },
  {
    path: '/admin/users/:userId',
    id: 'userDetail',
    component: lazy(() =>
      import('../users/user-detail-page').then((m) => ({ default: m.UserDetailPage })),
    ),
  },
  {
    path: '/admin/contact-messages',
    id: 'contactInbox',
    component: lazy(() =>
      import('../contact-inbox/contact-inbox-page').then((m) => ({ default: m.ContactInboxPage })),
    ),
  },
  {
    path: '/admin/contact-messages/:messageId',
    id: 'contactMessage',
    component: lazy(() =>
      import('../contact-inbox/contact-message-page').then((m) => ({
        default: m.ContactMessagePage,
      })),
    ),
  },
  { path: '/admin/staff', id: 'staff', component: StaffPage },
  { path: '/admin/set-password', id: 'setPassword', component: SetPasswordPage },
  {
    path: '/admin/master-setup',
    id: 'masterSetup',
    component: lazy(() =>
      import('../master-setup/master-setup-page').then((m) => ({ default: m.MasterSetupPage })),
    ),
  },
  {
    path: '/admin/videos',
    id: 'videos',
    component: lazy(() =>
      import('../attestation/videos-page').then((m) => ({ default: m.AttestationVideosPage })),
    ),
  },
  {
    path: '/admin/statements',
    id: 'statements',
    component: lazy(() =>
      import('../books/statements-page').then((m) => ({ default: m.StatementsPage })),
    ),
  },
  {
    path: '/admin/regulator',
    id: 'regulator',
    component: lazy(() =>
      import('../books/regulator-page').then((m) => ({ default: m.RegulatorPage })),
    ),
  },
  {
    path: '/admin/accounts',
    id: 'accounts',
    component: lazy(() =>
      import('../books/accounts-page').then((m) => ({ default: m.AccountsPage })),
    ),
  },
  {
    path: '/admin/settings',
    id: 'settings',
    component: lazy(() =>
      import('../settings/settings-page').then((module) => ({ default: module.SettingsPage })),
    ),
  },
  {
    path: '/admin/attestation',
    id: 'attestationReviews',
    component: lazy(() =>
      import('../attestation/attestation-reviews-page').then((m) => ({
        default: m.AttestationReviewsPage,
      })),
    ),
  },
  {
    path: '/admin/disbursements',
    id: 'disbursements',
    component: lazy(() =>
      import('../disbursement/disbursements-page').then((m) => ({
        default: m.DisbursementsPage,
      })),
    ),
  },
  {
    path: '/admin/collections',
    id: 'collections',
    component: lazy(() =>
      import('../collections/collections-page').then((m) => ({ default: m.CollectionsPage })),
    ),
  },
  {
    path: '/admin/audit',
    id: 'audit',
    component: lazy(() => import('../audit/audit-page').then((m) => ({ default: m.AuditLogPage }))),
  },
  {
    path: '/admin/jompay',
    id: 'jompay',
    component: lazy(() => import('../jompay/jompay-page').then((m) => ({ default: m.JompayPage }))),
  },
  {
    path: '/admin/bank-in-slips',
    id: 'bankInSlips',
    component: lazy(() =>
      import('../bank-in-slips/bank-in-slips-page').then((m) => ({ default: m.BankInSlipsPage })),
    ),
  },
  {
    path: '/admin/business-date',
    id: 'businessDate',
    component: lazy(() =>
      import('../business-date/business-date-page').then((m) => ({ default: m.BusinessDatePage })),
    ),
  },
  {
    path: '/admin/finance',
    id: 'finance',
    component: lazy(() =>
      import('../finance/trial-balance-page').then((m) => ({ default: m.TrialBalancePage })),
    ),
  },
  {
    path: '/admin/finance/accounts/:key',
    id: 'financeAccount',
    component: lazy(() =>
      import('../finance/account-ledger-page').then((m) => ({ default: m.AccountLedgerPage })),
    ),
  },
  {
    path: '/admin/finance/periods',
    id: 'financePeriods',
    component: lazy(() =>
      import('../finance/periods-page').then((m) => ({ default: m.PeriodsPage })),
    ),
  },
  {
    // Its own chunk: the chart library loads with this screen only.
    path: '/admin/finance/dashboard',
    id: 'financeDashboard',
    component: lazy(() =>
      import('../finance/dashboard-page').then((m) => ({ default: m.DashboardPage })),
    ),
  },
  {
    path: '/admin/finance/reconciliation',
    id: 'financeReconciliation',
    component: lazy(() =>
      import('../finance/reconciliation-page').then((m) => ({ default: m.ReconciliationPage })),
    ),
  },
  {
    path: '/admin/providers',
    id: 'providers',
    component: lazy(() =>
      import('../providers/providers-page').then((m) => ({ default: m.ProvidersPage })),
    ),
  },
  {
    path: '/admin/attestation/calendar',
    id: 'attestationCalendar',
    component: lazy(() =>
      import('../attestation/attestation-calendar-page').then((m) => ({
        default: m.AttestationCalendarPage,
      })),
    ),
  },
];

export const JOURNEYS: Record<string, readonly string[]> = {};
