import type { ScreenDefinition } from '@lending/ui';
import { lazy } from 'react';

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
  { path: '/admin/applications/:applicationId', id: 'applicationDetail' },
  { path: '/admin/users', id: 'users' },
  { path: '/admin/master-setup', id: 'masterSetup' },
  { path: '/admin/videos', id: 'videos' },
  { path: '/admin/statements', id: 'statements' },
];

export const JOURNEYS: Record<string, readonly string[]> = {};
