import { GATEWAY_PAYMENT_STATUS_MACHINE as machine } from './gateway-payment-status';
import { isTerminal, transition } from './state-machine';

describe('gateway payment status', () => {
  it('moves from pending to paid or failed on the gateway word only', () => {
    expect(transition(machine, 'PENDING', 'PAID', { actor: 'system' })).toEqual({ ok: true });
    expect(transition(machine, 'PENDING', 'FAILED', { actor: 'system' })).toEqual({ ok: true });
    expect(transition(machine, 'PENDING', 'PAID', { actor: 'applicant' })).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
  });

  it('never leaves a final state', () => {
    expect(isTerminal(machine, 'PAID')).toBe(true);
    expect(isTerminal(machine, 'FAILED')).toBe(true);
    expect(transition(machine, 'FAILED', 'PAID', { actor: 'system' })).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });
});
