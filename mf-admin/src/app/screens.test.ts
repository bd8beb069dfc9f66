import '@lending/ui/src/testing/jsdom';

import { matchRoute } from '@lending/platform';

import { SCREENS } from './screens';
import { staffSections } from './staff-menu';

describe('the back office screens', () => {
  // The shell composes a page from its route table: a screen missing there is never shown, the
  // address opens the landing page instead.
  it('are each routed to the back office by the shell, with their access', () => {
    for (const screen of SCREENS) {
      const path = screen.path.replace(/:\w+/g, '0b6f2f3e-0000-4000-8000-000000000001');
      expect({ path: screen.path, owner: matchRoute(path)?.route.owner }).toEqual({
        path: screen.path,
        owner: 'mf-admin',
      });
    }
    expect(matchRoute('/admin/attestation')?.route.access).toBe('staff');
    expect(matchRoute('/admin/attestation/calendar')?.route.access).toBe('staff');
  });

  it('include every section of the menu', () => {
    const paths = SCREENS.map((screen) => screen.path);
    for (const section of staffSections(['ADMIN', 'APPROVER', 'CREDIT_OFFICER'])) {
      expect(paths).toContain(section.path);
    }
  });
});
