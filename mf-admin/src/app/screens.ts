import type { ScreenDefinition } from '@lending/ui';
import { lazy } from 'react';

const UsersPage = lazy(() => import('../users/users-page').then((m) => ({ default: m.UsersPage })));
const SetPasswordPage = lazy(() =>
  import('../users/set-password-page').then((m) => ({ default: m.SetPasswordPage })),
);

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  { path: '/admin', id: 'adminHome' },
  { path: '/admin/login', id: 'adminLogin' },
  { path: '/admin/applications', id: 'applications' },
  { path: '/admin/applications/:applicationId', id: 'applicationDetail' },
  { path: '/admin/users', id: 'users', component: UsersPage },
  { path: '/admin/set-password', id: 'setPassword', component: SetPasswordPage },
  { path: '/admin/master-setup', id: 'masterSetup' },
  { path: '/admin/videos', id: 'videos' },
  { path: '/admin/statements', id: 'statements' },
];

export const JOURNEYS: Record<string, readonly string[]> = {};
