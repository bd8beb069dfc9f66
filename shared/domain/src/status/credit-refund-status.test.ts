import {
  CREDIT_REFUND_STATUS_MACHINE as machine,
  creditRefundRefusal,
} from './credit-refund-status';
import { transition } from './state-machine';

describe('credit refund status', () => {
  it('is decided by a second person only', () => {
    const context = { actor: 'staff' as const, actorId: 'b', proposerId: 'a' };
    expect(transition(machine, 'PROPOSED', 'APPROVED', context)).toEqual({ ok: true });
    expect(transition(machine, 'PROPOSED', 'REJECTED', context)).toEqual({ ok: true });
    expect(transition(machine, 'PROPOSED', 'APPROVED', { ...context, actorId: 'a' })).toEqual({
      ok: false,
      reason: 'sameApprover',
    });
    expect(transition(machine, 'PROPOSED', 'APPROVED', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'approverUnknown',
    });
    expect(transition(machine, 'PROPOSED', 'APPROVED', { ...context, actor: 'system' })).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('stays decided', () => {
    const context = { actor: 'staff' as const, actorId: 'b', proposerId: 'a' };
    expect(transition(machine, 'APPROVED', 'REJECTED', context).ok).toBe(false);
    expect(transition(machine, 'REJECTED', 'APPROVED', context).ok).toBe(false);
    expect(transition(machine, 'APPROVED', 'PROPOSED', context).ok).toBe(false);
  });

  it('refunds exactly the credit of a closed account', () => {
    expect(creditRefundRefusal({ accountStatus: 'CLOSED', creditSen: 1234, amountSen: 1234 })).toBe(
      null,
    );
    expect(creditRefundRefusal({ accountStatus: 'CLOSED', creditSen: 1234, amountSen: 1233 })).toBe(
      'amountNotCredit',
    );
    expect(creditRefundRefusal({ accountStatus: 'CLOSED', creditSen: 1234, amountSen: 1235 })).toBe(
      'amountNotCredit',
    );
    expect(creditRefundRefusal({ accountStatus: 'CLOSED', creditSen: 0, amountSen: 0 })).toBe(
      'noCredit',
    );
    expect(creditRefundRefusal({ accountStatus: 'ACTIVE', creditSen: 1234, amountSen: 1234 })).toBe(
      'accountNotClosed',
    );
  });
});
