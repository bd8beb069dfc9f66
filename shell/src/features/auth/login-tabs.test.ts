import { loginTabs } from './login-tabs';

describe('login tabs', () => {
  it('gives the first tenant the email login only', () => {
    expect(loginTabs('arkcash', 'redone')).toEqual({ kinds: ['email'], selected: 'email' });
  });

  it('lets loginType pick the telecom first login on the tenant that serves it', () => {
    expect(loginTabs('redcash', 'redone')).toEqual({
      kinds: ['email', 'redone'],
      selected: 'redone',
    });
  });

  it('falls back to the email tab for an unknown or missing loginType', () => {
    expect(loginTabs('redcash', 'sso').selected).toBe('email');
    expect(loginTabs('redcash', null).selected).toBe('email');
  });
});
