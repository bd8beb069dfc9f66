import { ACCOUNT_STATUS_MACHINE as machine, isAccountStatus } from './account-status';
import { transition } from './state-machine';

describe('account status machine', () => {
  it('closes an active account when it is fully paid', () => {
    expect(transition(machine, 'ACTIVE', 'CLOSED', { actor: 'system' })).toEqual({ ok: true });
  });

  it('lets staff, not the system, write an account off, once a second member approves', () => {
    expect(
      transition(machine, 'ACTIVE', 'WRITEOFF', {
        actor: 'staff',
        actorId: 'checker',
        proposerId: 'maker',
      }),
    ).toEqual({ ok: true });
    expect(
      transition(machine, 'ACTIVE', 'WRITEOFF', {
        actor: 'system',
        actorId: 'checker',
        proposerId: 'maker',
      }),
    ).toEqual({ ok: false, reason: 'actorNotAllowed' });
  });

  it('refuses a write-off approved by its proposer, or with either person unknown', () => {
    expect(
      transition(machine, 'ACTIVE', 'WRITEOFF', {
        actor: 'staff',
        actorId: 'maker',
        proposerId: 'maker',
      }),
    ).toEqual({ ok: false, reason: 'sameApprover' });
    expect(transition(machine, 'ACTIVE', 'WRITEOFF', { actor: 'staff', actorId: 'x' })).toEqual({
      ok: false,
      reason: 'approverUnknown',
    });
    expect(transition(machine, 'ACTIVE', 'WRITEOFF', { actor: 'staff', proposerId: 'x' })).toEqual({
      ok: false,
      reason: 'approverUnknown',
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
    expect(transition(machine, 'CLOSED', 'WRITEOFF', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
    expect(isAccountStatus('WRITEOFF')).toBe(true);
  });
});

describe('account termination', () => {
  it('terminates an active account only with a second staff member approving', () => {
    const checked = { actor: 'staff' as const, actorId: 'checker', proposerId: 'maker' };
    expect(transition(machine, 'ACTIVE', 'TERMINATED', checked)).toEqual({ ok: true });
    expect(transition(machine, 'ACTIVE', 'TERMINATED', { ...checked, actorId: 'maker' })).toEqual({
      ok: false,
      reason: 'sameApprover',
    });
    expect(transition(machine, 'ACTIVE', 'TERMINATED', { actor: 'system' })).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('closes a terminated account once paid, or writes it off, and never reopens it', () => {
    expect(transition(machine, 'TERMINATED', 'CLOSED', { actor: 'system' })).toEqual({ ok: true });
    expect(
      transition(machine, 'TERMINATED', 'WRITEOFF', {
        actor: 'staff',
        actorId: 'checker',
        proposerId: 'maker',
      }),
    ).toEqual({ ok: true });
    expect(transition(machine, 'TERMINATED', 'ACTIVE', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
    expect(transition(machine, 'CLOSED', 'TERMINATED', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });
});
