import '@lending/ui/src/testing/jsdom';

import { session, setLanguage, tokenExpiresAt } from '@lending/platform';
import { fakeStaffSessions, staffToken } from '@lending/platform/src/testing/fake-api';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { renderInPlatform } from '../staff/render-in-platform';
import { App } from './app';

jest.setTimeout(30_000);

const MINUTE = 60_000;

afterEach(() => {
  jest.useRealTimers();
  session.clearStaff();
  localStorage.clear();
  setLanguage('EN');
});

/** Time passing in the page: timers run, then the API's answers land. */
async function minutesPass(minutes: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(minutes * MINUTE);
  });
}

describe('a staff session at work and left alone', () => {
  it('keeps a member who works past the access token signed in, and signs them out idle', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-23T01:00:00Z') });
    const api = fakeStaffSessions();
    try {
      session.setStaffTokens({
        accessToken: staffToken(1, Date.now() + 15 * MINUTE),
        refreshToken: 'refresh-1',
      });
      const page = renderInPlatform(
        <MemoryRouter initialEntries={['/admin']}>
          <App />
        </MemoryRouter>,
      );
      expect(screen.getByTestId('staff-bar')).toBeTruthy();

      // Three quarters of an hour of work: a key or the mouse every few minutes.
      for (let minute = 0; minute < 45; minute += 4) {
        await minutesPass(4);
        await act(async () => {
          fireEvent.keyDown(window, { key: 'Tab' });
        });
      }
      expect(screen.getByTestId('staff-bar')).toBeTruthy();
      expect(screen.queryByTestId('screen-adminLogin')).toBeNull();
      expect(api.refreshes().length).toBeGreaterThanOrEqual(3);
      expect(tokenExpiresAt(session.current.staffAccessToken)!).toBeGreaterThan(Date.now());

      // Then nothing for 15 minutes: signed out here and at the server, and told why.
      await minutesPass(15);
      expect(screen.getByTestId('screen-adminLogin')).toBeTruthy();
      expect(screen.getByTestId('signed-out-idle').textContent).toContain(
        '15 minutes without activity',
      );
      expect(session.current.staffRefreshToken).toBeNull();
      expect(api.logouts()).toHaveLength(1);
      // The shell then moves a signed-out member to /admin/login: the word goes with them.
      page.unmount();
      renderInPlatform(
        <MemoryRouter initialEntries={['/admin/login']}>
          <App />
        </MemoryRouter>,
      );
      expect(screen.getByTestId('signed-out-idle')).toBeTruthy();
    } finally {
      api.fake.restore();
    }
  });
});
