import { RECONCILIATION_LINE_STATUS_MACHINE as machine } from './reconciliation-line-status';
import { transition } from './state-machine';

describe('reconciliation line status', () => {
  it('is proposed by staff and resolved by a second person only', () => {
    expect(transition(machine, 'OPEN', 'PROPOSED', { actor: 'staff' })).toEqual({ ok: true });
    const context = { actor: 'staff' as const, actorId: 'b', proposerId: 'a' };
    expect(transition(machine, 'PROPOSED', 'RESOLVED', context)).toEqual({ ok: true });
    expect(transition(machine, 'PROPOSED', 'RESOLVED', { ...context, actorId: 'a' })).toEqual({
      ok: false,
      reason: 'sameApprover',
    });
    expect(transition(machine, 'PROPOSED', 'RESOLVED', { actor: 'staff' })).toEqual({
      ok: false,
      reason: 'approverUnknown',
    });
  });

  it('never skips the second person, and stays resolved', () => {
    const context = { actor: 'staff' as const, actorId: 'b', proposerId: 'a' };
    expect(transition(machine, 'OPEN', 'RESOLVED', context).ok).toBe(false);
    expect(transition(machine, 'RESOLVED', 'OPEN', context).ok).toBe(false);
    expect(transition(machine, 'RESOLVED', 'PROPOSED', context).ok).toBe(false);
  });
});
