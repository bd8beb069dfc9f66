import {
  CONTACT_MESSAGE_STATUS_MACHINE as machine,
  OPEN_CONTACT_MESSAGE_STATUSES,
} from './contact-message-status';
import { allowedTransitions, isTerminal, transition } from './state-machine';

const staff = { actor: 'staff' } as const;

describe('the contact message status machine', () => {
  it('lets staff take a new message, answer it and close it', () => {
    expect(transition(machine, 'NEW', 'ASSIGNED', staff)).toEqual({ ok: true });
    expect(transition(machine, 'ASSIGNED', 'ANSWERED', staff)).toEqual({ ok: true });
    expect(transition(machine, 'ANSWERED', 'CLOSED', staff)).toEqual({ ok: true });
  });

  it('lets staff answer or close a message nobody has taken yet', () => {
    expect(allowedTransitions(machine, 'NEW', 'staff').sort()).toEqual([
      'ANSWERED',
      'ASSIGNED',
      'CLOSED',
    ]);
  });

  it('keeps a closed message closed, and an answered one from going back', () => {
    expect(isTerminal(machine, 'CLOSED')).toBe(true);
    expect(transition(machine, 'CLOSED', 'ANSWERED', staff)).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
    expect(transition(machine, 'ANSWERED', 'NEW', staff)).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
  });

  it('is worked by staff only', () => {
    expect(transition(machine, 'NEW', 'CLOSED', { actor: 'applicant' })).toEqual({
      ok: false,
      reason: 'actorNotAllowed',
    });
    expect(OPEN_CONTACT_MESSAGE_STATUSES).not.toContain('CLOSED');
  });
});
