import {
  BANK_IN_SLIP_STATUS_MACHINE as machine,
  bankInSlipApprovals,
  isBankInSlipOpen,
} from './bank-in-slip-status';
import { allowedTransitions, isTerminal, transition } from './state-machine';

describe('bank-in slip status', () => {
  const staff = { actor: 'staff' as const, actorId: 'a' };

  it('is approved by one person when one approval is enough', () => {
    expect(transition(machine, 'SUBMITTED', 'APPROVED', { ...staff, approvalLevels: 1 })).toEqual({
      ok: true,
    });
    expect(transition(machine, 'SUBMITTED', 'CONFIRMING', { ...staff, approvalLevels: 1 })).toEqual(
      { ok: false, reason: 'noMoreApprovalsNeeded' },
    );
  });

  it('needs a second, different person above the limit', () => {
    expect(transition(machine, 'SUBMITTED', 'APPROVED', { ...staff, approvalLevels: 2 })).toEqual({
      ok: false,
      reason: 'moreApprovalsNeeded',
    });
    expect(transition(machine, 'SUBMITTED', 'CONFIRMING', { ...staff, approvalLevels: 2 })).toEqual(
      { ok: true },
    );
    expect(
      transition(machine, 'CONFIRMING', 'APPROVED', { ...staff, firstApproverId: 'a' }),
    ).toEqual({ ok: false, reason: 'sameApprover' });
    expect(
      transition(machine, 'CONFIRMING', 'APPROVED', { ...staff, firstApproverId: 'b' }),
    ).toEqual({ ok: true });
    expect(transition(machine, 'CONFIRMING', 'APPROVED', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'approverUnknown',
    });
    expect(transition(machine, 'SUBMITTED', 'APPROVED', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'approvalLevelsUnknown',
    });
  });

  it('is decided by staff only', () => {
    for (const actor of ['applicant', 'system'] as const) {
      expect(
        transition(machine, 'SUBMITTED', 'APPROVED', { actor, actorId: 'a', approvalLevels: 1 }),
      ).toEqual({ ok: false, reason: 'actorNotAllowed' });
      expect(transition(machine, 'SUBMITTED', 'REJECTED', { actor })).toEqual({
        ok: false,
        reason: 'actorNotAllowed',
      });
    }
  });

  it('may be rejected while undecided and stays decided', () => {
    expect(transition(machine, 'SUBMITTED', 'REJECTED', staff).ok).toBe(true);
    expect(transition(machine, 'CONFIRMING', 'REJECTED', staff).ok).toBe(true);
    expect(isTerminal(machine, 'APPROVED')).toBe(true);
    expect(isTerminal(machine, 'REJECTED')).toBe(true);
    expect(allowedTransitions(machine, 'APPROVED', 'staff')).toEqual([]);
    expect(transition(machine, 'REJECTED', 'APPROVED', { ...staff, approvalLevels: 1 }).ok).toBe(
      false,
    );
  });

  it('needs two approvals only above the amount set', () => {
    expect(bankInSlipApprovals(500_000, 500_000)).toBe(1);
    expect(bankInSlipApprovals(500_001, 500_000)).toBe(2);
    expect(isBankInSlipOpen('CONFIRMING')).toBe(true);
    expect(isBankInSlipOpen('REJECTED')).toBe(false);
  });
});
