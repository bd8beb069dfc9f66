import '@lending/ui/src/testing/jsdom';

import { matchRoute } from '@lending/platform';

import { SCREENS } from './screens';

describe('the loan status screens', () => {
  // The shell composes a page from its route table: a screen missing there is never shown, the
  // address opens the landing page instead.
  it('are each routed to this remote by the shell', () => {
    for (const screen of SCREENS) {
      const path = screen.path.replace(/:\w+/g, 'AC-2026-000001');
      expect({ path: screen.path, owner: matchRoute(path)?.route.owner }).toEqual({
        path: screen.path,
        owner: 'mf-loan-status',
      });
    }
    expect(matchRoute('/loan-status/direct-debit')?.route.access).toBe('applicant');
  });
});
