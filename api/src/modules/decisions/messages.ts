import type { InterviewMode, Language } from '@lending/contracts';
import { type ApplicationStatus, malaysiaDate, malaysiaDayAndTime } from '@lending/domain';

import type { EmailMessage } from '../../adapters/email/port';
import type { SmsMessage } from '../../adapters/sms/port';

/** What the applicant is told when their file reaches a status. Internal steps (a
 *  recommendation, a first approval, a file sent back to the officer) tell them nothing new. */
export const EKYC_NOT_PASSED =
  'The applicant has not passed identity verification (eKYC): the application cannot be approved until they do';

export type NoticeStatus = Extract<
  ApplicationStatus,
  | 'KIV'
  | 'REQUESTED_FOR_INTERVIEW'
  | 'PSYCHOMETRIC_TEST'
  | 'REDO_PSYCHOMETRIC_TEST'
  | 'REFERBACK'
  | 'APPROVED'
  | 'REJECTED'
  | 'CANCELLED'
>;

const NOTICE_STATUSES: readonly ApplicationStatus[] = [
  'KIV',
  'REQUESTED_FOR_INTERVIEW',
  'PSYCHOMETRIC_TEST',
  'REDO_PSYCHOMETRIC_TEST',
  'REFERBACK',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
];

export function isNoticeStatus(status: ApplicationStatus): status is NoticeStatus {
  return NOTICE_STATUSES.includes(status);
}

export interface NoticeFacts {
  referenceNo: string;
  interview?: { at: Date; mode: InterviewMode };
  /** The day a new application may be made, after a rejection. */
  allowAfter?: Date;
}

/** `DD/MM/YYYY HH:MM`, Malaysia time. */
function malaysiaDateTime(at: Date): string {
  return malaysiaDayAndTime(at);
}

function malaysiaDay(at: Date): string {
  const [year, month, day] = malaysiaDate(at).split('-');
  return `${day}/${month}/${year}`;
}

const MODES: Record<Language, Record<InterviewMode, string>> = {
  EN: { IN_PERSON: 'in person', VIDEO_CALL: 'by video call', PHONE_CALL: 'by phone call' },
  MS: {
    IN_PERSON: 'secara bersemuka',
    VIDEO_CALL: 'melalui panggilan video',
    PHONE_CALL: 'melalui panggilan telefon',
  },
};

/** One line saying what happened, in the applicant's language. */
function sentence(language: Language, status: NoticeStatus, facts: NoticeFacts): string {
  const ref = facts.referenceNo;
  const interview = facts.interview;
  const allowAfter = facts.allowAfter;
  if (language === 'MS') {
    switch (status) {
      case 'KIV':
        return `Permohonan ${ref} anda sedang disemak dengan lebih lanjut. Kami akan menghubungi anda.`;
      case 'REQUESTED_FOR_INTERVIEW':
        return `Kami ingin menemu duga anda untuk permohonan ${ref}${interview ? ` pada ${malaysiaDateTime(interview.at)} ${MODES.MS[interview.mode]}` : ''}.`;
      case 'PSYCHOMETRIC_TEST':
        return `Sila jawab ujian psikometrik untuk permohonan ${ref}. Log masuk untuk bermula.`;
      case 'REDO_PSYCHOMETRIC_TEST':
        return `Sila jawab semula ujian psikometrik untuk permohonan ${ref}. Log masuk untuk bermula.`;
      case 'REFERBACK':
        return `Permohonan ${ref} anda perlu dikemas kini. Log masuk untuk melihat apa yang perlu dibetulkan.`;
      case 'APPROVED':
        return `Tahniah! Permohonan ${ref} anda telah diluluskan. Log masuk untuk melihat tawaran anda.`;
      case 'REJECTED':
        return `Harap maaf, permohonan ${ref} anda tidak berjaya.${allowAfter ? ` Anda boleh memohon semula selepas ${malaysiaDay(allowAfter)}.` : ''}`;
      case 'CANCELLED':
        return `Permohonan ${ref} anda telah dibatalkan.`;
    }
  }
  switch (status) {
    case 'KIV':
      return `Your application ${ref} is being looked at more closely. We will be in touch.`;
    case 'REQUESTED_FOR_INTERVIEW':
      return `We would like to interview you about application ${ref}${interview ? ` on ${malaysiaDateTime(interview.at)} ${MODES.EN[interview.mode]}` : ''}.`;
    case 'PSYCHOMETRIC_TEST':
      return `Please take the psychometric test for application ${ref}. Sign in to start.`;
    case 'REDO_PSYCHOMETRIC_TEST':
      return `Please take the psychometric test again for application ${ref}. Sign in to start.`;
    case 'REFERBACK':
      return `Your application ${ref} needs changes. Sign in to see what to fix.`;
    case 'APPROVED':
      return `Good news! Your application ${ref} is approved. Sign in to see your offer.`;
    case 'REJECTED':
      return `We are sorry, your application ${ref} was not successful.${allowAfter ? ` You may apply again after ${malaysiaDay(allowAfter)}.` : ''}`;
    case 'CANCELLED':
      return `Your application ${ref} has been cancelled.`;
  }
}

const SUBJECTS: Record<Language, Record<NoticeStatus, string>> = {
  EN: {
    KIV: 'Your application is under review',
    REQUESTED_FOR_INTERVIEW: 'We would like to interview you',
    PSYCHOMETRIC_TEST: 'Please take the psychometric test',
    REDO_PSYCHOMETRIC_TEST: 'Please take the psychometric test again',
    REFERBACK: 'Your application needs changes',
    APPROVED: 'Your application is approved',
    REJECTED: 'About your application',
    CANCELLED: 'Your application has been cancelled',
  },
  MS: {
    KIV: 'Permohonan anda sedang disemak',
    REQUESTED_FOR_INTERVIEW: 'Kami ingin menemu duga anda',
    PSYCHOMETRIC_TEST: 'Sila jawab ujian psikometrik',
    REDO_PSYCHOMETRIC_TEST: 'Sila jawab semula ujian psikometrik',
    REFERBACK: 'Permohonan anda perlu dikemas kini',
    APPROVED: 'Permohonan anda telah diluluskan',
    REJECTED: 'Mengenai permohonan anda',
    CANCELLED: 'Permohonan anda telah dibatalkan',
  },
};

export function decisionEmail(options: {
  to: string;
  firstName: string;
  language: Language;
  status: NoticeStatus;
  facts: NoticeFacts;
  homeUrl: string;
}): EmailMessage {
  const { to, firstName, language, status, facts, homeUrl } = options;
  const greeting = language === 'MS' ? `Salam ${firstName},` : `Hello ${firstName},`;
  const signIn = language === 'MS' ? `Log masuk: ${homeUrl}` : `Sign in: ${homeUrl}`;
  return {
    to,
    subject: SUBJECTS[language][status],
    body: [greeting, '', sentence(language, status, facts), '', signIn].join('\n'),
    links: [homeUrl],
  };
}

export function decisionSms(options: {
  to: string;
  language: Language;
  status: NoticeStatus;
  facts: NoticeFacts;
}): SmsMessage {
  return { to: options.to, body: sentence(options.language, options.status, options.facts) };
}
