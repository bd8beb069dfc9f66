import type { StateMachine } from './state-machine';
import { transitionRules } from './state-machine';

/**
 * A message sent from the contact page, as the back office works it: new until someone takes it
 * (assigned), answered once a reply has gone to the sender (further replies keep it answered),
 * closed when nothing more is to be done. Who holds it can change while it is open without a
 * change of status; a closed message stays closed (the sender writes again for anything new).
 */
export const CONTACT_MESSAGE_STATUSES = ['NEW', 'ASSIGNED', 'ANSWERED', 'CLOSED'] as const;

export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** The statuses of a message still to be worked. */
export const OPEN_CONTACT_MESSAGE_STATUSES: readonly ContactMessageStatus[] = [
  'NEW',
  'ASSIGNED',
  'ANSWERED',
];

export const CONTACT_MESSAGE_STATUS_MACHINE: StateMachine<ContactMessageStatus> = {
  name: 'contact-message',
  states: CONTACT_MESSAGE_STATUSES,
  rules: [
    ...transitionRules(['NEW'], ['ASSIGNED'], ['staff']),
    ...transitionRules(['NEW', 'ASSIGNED'], ['ANSWERED'], ['staff']),
    ...transitionRules(['NEW', 'ASSIGNED', 'ANSWERED'], ['CLOSED'], ['staff']),
  ],
};

export function isContactMessageStatus(value: string): value is ContactMessageStatus {
  return (CONTACT_MESSAGE_STATUSES as readonly string[]).includes(value);
}
