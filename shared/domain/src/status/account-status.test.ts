import { ACCOUNT_STATUS_MACHINE as machine, isAccountStatus } from './account-status';
import { transition } from './state-machine';

describe('account status machine', () => {
  it('closes an active account when it is fully paid', () => {
    expect(transition(machine, 'ACTIVE', 'CLOSED', { actor: 'system' })).toEqual({ ok: true });
  });

  it('lets staff, not the system, write an account off', () => {
    expect(transition(machine, 'ACTIVE', 'WRITEOFF', { actor: 'staff' })).toEqual({ ok: true });
    expect(transition(machine, 'ACTIVE', 'WRITEOFF', { actor: 'system' })).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('never reopens a closed or written-off account', () => {
    expect(transition(machine, 'CLOSED', 'ACTIVE', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
    expect(transition(machine, 'WRITEOFF', 'ACTIVE', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
    expect(isAccountStatus('WRITEOFF')).toBe(true);
  });
});
