import type { IsoDate } from '../time/calendar-date';
import { malaysiaClockTime, malaysiaDate } from '../time/calendar-date';

/** How the lender reaches a borrower about a loan. There is no field visit: s.29B forbids
 *  visiting a borrower's home or workplace to collect, so the product has no such channel. */
export const CONTACT_CHANNELS = ['EMAIL', 'SMS', 'LETTER', 'CALL', 'MESSAGE'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export interface ContactRules {
  /** Malaysia time, `HH:MM`: the first minute a contact may be made. */
  from: string;
  /** Malaysia time, `HH:MM`: contacts stop before this minute. */
  until: string;
  /** Contacts per loan per channel per Malaysian day. */
  perChannelPerDay: number;
}

/** DOMAIN.md "Contact rules": 08:00 to 20:00, one a day per loan by each channel. */
export const DEFAULT_CONTACT_RULES: Readonly<ContactRules> = {
  from: '08:00',
  until: '20:00',
  perChannelPerDay: 1,
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isValidContactRules(rules: ContactRules): boolean {
  return (
    TIME.test(rules.from) &&
    TIME.test(rules.until) &&
    rules.from < rules.until &&
    Number.isSafeInteger(rules.perChannelPerDay) &&
    rules.perChannelPerDay >= 1 &&
    rules.perChannelPerDay <= 3
  );
}

export type ContactRefusal = 'publicHoliday' | 'outsideHours' | 'tooFrequent';

/**
 * Whether a contact by `channel` at the instant `at` stays within the rules: never on a public
 * holiday, only within the permitted hours in Malaysia, and no more contacts by that channel on
 * that Malaysian day than allowed (`earlier`: the loan's contacts already made).
 */
export function contactRefusal(input: {
  at: Date;
  channel: ContactChannel;
  /** The loan's contacts already made, each with the business date it was made on. */
  earlier: readonly { channel: ContactChannel; businessDate: IsoDate }[];
  rules: ContactRules;
  publicHolidays: readonly IsoDate[];
}): ContactRefusal | null {
  const { at, channel, rules } = input;
  const day = malaysiaDate(at);
  if (input.publicHolidays.includes(day)) return 'publicHoliday';
  const time = malaysiaClockTime(at);
  if (time < rules.from || time >= rules.until) return 'outsideHours';
  const sameDay = input.earlier.filter(
    (contact) => contact.channel === channel && contact.businessDate === day,
  ).length;
  return sameDay >= rules.perChannelPerDay ? 'tooFrequent' : null;
}
