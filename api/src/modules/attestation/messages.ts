// What the borrower is told about a live attestation call, in their language: the booking, a
// change of time, a cancellation and the reminder before the call.
import type { Language } from '@lending/contracts';
import { malaysiaDayAndTime } from '@lending/domain';

import type { EmailMessage } from '../../adapters/email/port';
import type { SmsMessage } from '../../adapters/sms/port';

export const VIDEO_NOT_FOUND = 'Video Not Found';
export const CALL_NOT_HELD =
  'The call has not taken place yet: both you and the borrower must have joined the room';
export const CALL_NOT_MISSED =
  'A no-show is recorded only after the call’s start time, when the borrower has not joined';
export const VIDEO_NOT_WATCHED = 'Watch the video to the end before answering the questions';
export const OPTION_REFUSED = 'Choose how to attest before you continue';
export const EXPLAIN_BACK_INCORRECT =
  'Some answers do not match your loan: watch the video again if you need to, then try again';
export const SLOT_NOT_BOOKABLE =
  'Choose a free slot Monday to Friday, in office hours, Malaysia time';
export const SLOT_NOT_BOOKABLE_BECAUSE =
  'Choose a free slot Monday to Friday, in office hours, Malaysia time ({reason})';
export const SLOT_NOT_BOOKABLE_AT =
  'Choose a free slot Monday to Friday, in office hours, Malaysia time ({reason}: {at})';
export const SLOT_TAKEN = 'Someone booked that slot a moment ago: choose another one';
export const BOOKING_NOT_FOUND = 'There is no booked call to change';
export const SAME_STAFF =
  'Someone else must approve this attestation: you completed it or held the call';

export type BookingNotice = 'BOOKED' | 'RESCHEDULED' | 'CANCELLED' | 'REMINDER';

/** `DD/MM/YYYY HH:MM`, Malaysia time. */
export function malaysiaDateTime(at: Date): string {
  return malaysiaDayAndTime(at);
}

const WORDS: Record<Language, Record<BookingNotice, { subject: string; line: string }>> = {
  EN: {
    BOOKED: {
      subject: 'Your attestation call is booked',
      line: 'Your live attestation call is booked for {at} (Malaysia time).',
    },
    RESCHEDULED: {
      subject: 'Your attestation call has a new time',
      line: 'Your live attestation call is now at {at} (Malaysia time).',
    },
    CANCELLED: {
      subject: 'Your attestation call is cancelled',
      line: 'Your live attestation call at {at} is cancelled. Book another time or watch the video.',
    },
    REMINDER: {
      subject: 'Reminder: your attestation call',
      line: 'Reminder: your live attestation call is at {at} (Malaysia time).',
    },
  },
  MS: {
    BOOKED: {
      subject: 'Panggilan pengakuan anda telah ditempah',
      line: 'Panggilan video pengakuan anda ditempah pada {at} (waktu Malaysia).',
    },
    RESCHEDULED: {
      subject: 'Panggilan pengakuan anda pada masa baharu',
      line: 'Panggilan video pengakuan anda kini pada {at} (waktu Malaysia).',
    },
    CANCELLED: {
      subject: 'Panggilan pengakuan anda dibatalkan',
      line: 'Panggilan video pengakuan anda pada {at} dibatalkan. Tempah masa lain atau tonton video.',
    },
    REMINDER: {
      subject: 'Peringatan: panggilan pengakuan anda',
      line: 'Peringatan: panggilan video pengakuan anda pada {at} (waktu Malaysia).',
    },
  },
};

const JOIN: Record<Language, string> = {
  EN: 'Join the call from this link at that time:',
  MS: 'Sertai panggilan melalui pautan ini pada masa itu:',
};

export function bookingEmail(facts: {
  to: string;
  language: Language;
  notice: BookingNotice;
  at: Date;
  meetingUrl: string;
}): EmailMessage {
  const words = WORDS[facts.language][facts.notice];
  const line = words.line.replace('{at}', malaysiaDateTime(facts.at));
  const join =
    facts.notice === 'CANCELLED' ? '' : `\n\n${JOIN[facts.language]}\n${facts.meetingUrl}`;
  return {
    to: facts.to,
    subject: words.subject,
    body: `${line}${join}\n`,
    links: facts.notice === 'CANCELLED' ? [] : [facts.meetingUrl],
  };
}

export function bookingSms(facts: {
  to: string;
  language: Language;
  notice: BookingNotice;
  at: Date;
}): SmsMessage {
  const words = WORDS[facts.language][facts.notice];
  return { to: facts.to, body: words.line.replace('{at}', malaysiaDateTime(facts.at)) };
}
