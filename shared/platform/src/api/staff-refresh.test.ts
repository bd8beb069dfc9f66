import { session } from '../session/session-store';
import { fakeStaffSessions, staffToken } from '../testing/fake-api';
import { api, keepStaffSessionFresh } from './api-client';

const MINUTE = 60_000;

describe('a staff session in the browser', () => {
  beforeEach(() => localStorage.clear());

  it('swaps an expired access token once for every call waiting, and retries them', async () => {
    const { fake, refreshes } = fakeStaffSessions();
    session.setStaffTokens({ accessToken: staffToken(1, Date.now()), refreshToken: 'refresh-1' });
    try {
      const answers = await Promise.all([
        api.admin.get('/api/admin/applications'),
        api.admin.get('/api/admin/disbursements'),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(refreshes()).toHaveLength(1);
      expect(session.current.staffRefreshToken).toBe('refresh-2');
    } finally {
      fake.restore();
    }
  });

  it('swaps tokens near their end while the member works, before any call fails', async () => {
    const { fake, refreshes } = fakeStaffSessions();
    session.setStaffTokens({
      accessToken: staffToken(1, Date.now() + 10 * MINUTE),
      refreshToken: 'refresh-1',
    });
    try {
      await keepStaffSessionFresh();
      expect(refreshes()).toHaveLength(0);
      await keepStaffSessionFresh(Date.now() + 9 * MINUTE);
      expect(refreshes()).toHaveLength(1);
      expect(session.current.staffRefreshToken).toBe('refresh-2');
    } finally {
      fake.restore();
    }
  });

  it('ends the staff session in the page when the API refuses the swap', async () => {
    const { fake } = fakeStaffSessions();
    session.setStaffTokens({ accessToken: staffToken(1, Date.now()), refreshToken: 'stolen' });
    try {
      await expect(api.admin.get('/api/admin/applications')).rejects.toMatchObject({
        response: { status: 401 },
      });
      expect(session.current.staffAccessToken).toBeNull();
      expect(session.current.staffRefreshToken).toBeNull();
    } finally {
      fake.restore();
    }
  });
});
