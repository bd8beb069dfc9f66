import { AGREEMENT_STATUS_MACHINE } from './agreement-status';
import { MANDATE_STATUS_MACHINE as machine, MANDATE_STATUSES } from './mandate-status';
import { isTerminal, transition } from './state-machine';

const system = { actor: 'system' } as const;
const applicant = { actor: 'applicant' } as const;
const staff = { actor: 'staff', actorId: 'officer-1' } as const;

describe('mandate status machine', () => {
  it('goes from waiting for the payer to authorised to active on the bank’s answers', () => {
    expect(transition(machine, 'PENDING_AUTH', 'AUTHORISED', system)).toEqual({ ok: true });
    expect(transition(machine, 'AUTHORISED', 'ACTIVE', system)).toEqual({ ok: true });
    expect(transition(machine, 'PENDING_AUTH', 'REJECTED', system)).toEqual({ ok: true });
  });

  it('lets only the bank authorise or reject, and never skips authorisation', () => {
    expect(transition(machine, 'PENDING_AUTH', 'AUTHORISED', applicant)).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
    expect(transition(machine, 'PENDING_AUTH', 'REJECTED', staff)).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
    expect(transition(machine, 'PENDING_AUTH', 'ACTIVE', system)).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });

  it('terminates any live mandate, and nothing leaves rejected or terminated', () => {
    for (const from of ['PENDING_AUTH', 'AUTHORISED', 'ACTIVE'] as const) {
      for (const context of [applicant, staff, system]) {
        expect(transition(machine, from, 'TERMINATED', context)).toEqual({ ok: true });
      }
    }
    for (const from of ['REJECTED', 'TERMINATED'] as const) {
      expect(isTerminal(machine, from)).toBe(true);
      for (const to of MANDATE_STATUSES) {
        expect(transition(machine, from, to, system).ok).toBe(false);
      }
    }
  });

  it('makes the agreement wait for an active mandate before signing', () => {
    const agreement = AGREEMENT_STATUS_MACHINE;
    expect(
      transition(agreement, 'RnRApproved', 'PENDING_SIGNING', { ...system, mandateActive: false }),
    ).toEqual({ ok: false, reason: 'mandateNotActive' });
    expect(
      transition(agreement, 'RnRApproved', 'PENDING_SIGNING', { ...system, mandateActive: true }),
    ).toEqual({ ok: true });
    expect(
      transition(agreement, 'PENDING_SIGNING', 'AGREEMENTSIGNING', {
        ...applicant,
        mandateActive: false,
      }),
    ).toEqual({ ok: false, reason: 'mandateNotActive' });
  });
});
