import type { ScreenDefinition } from '@lending/ui';
import { lazy } from 'react';

const CaseFilePage = lazy(() =>
  import('../case-file/case-file-page').then((module) => ({ default: module.CaseFilePage })),
);
const UsersPage = lazy(() => import('../users/users-page').then((m) => ({ default: m.UsersPage })));
const SetPasswordPage = lazy(() =>
  import('../users/set-password-page').then((m) => ({ default: m.SetPasswordPage })),
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
  { path: '/admin/users', id: 'users', component: UsersPage },
  { path: '/admin/set-password', id: 'setPassword', component: SetPasswordPage },
  { path: '/admin/master-setup', id: 'masterSetup' },
  { path: '/admin/videos', id: 'videos' },
  { path: '/admin/statements', id: 'statements' },
  {
    path: '/admin/settings',
    id: 'settings',
    component: lazy(() =>
      import('../settings/settings-page').then((module) => ({ default: module.SettingsPage })),
    ),
  },
];

export const JOURNEYS: Record<string, readonly string[]> = {};
