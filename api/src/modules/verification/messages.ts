import type { Language } from '@lending/contracts';

import type { EmailMessage } from '../../adapters/email/port';
import type { SmsMessage } from '../../adapters/sms/port';

/** The email carrying a verification code, in the person's language. */
export function codeEmail(options: {
  to: string;
  firstName: string;
  language: Language;
  code: string;
  minutes: number;
}): EmailMessage {
  const { to, firstName, language, code, minutes } = options;
  if (language === 'MS') {
    return {
      to,
      subject: `Kod pengesahan e-mel anda: ${code}`,
      body: [
        `Salam ${firstName},`,
        '',
        `Kod pengesahan anda ialah ${code}. Ia sah selama ${minutes} minit.`,
        '',
        'Jangan kongsi kod ini dengan sesiapa. Kami tidak akan meminta kod ini melalui telefon.',
        'Jika anda tidak meminta kod ini, abaikan e-mel ini.',
      ].join('\n'),
      links: [],
    };
  }
  return {
    to,
    subject: `Your email verification code: ${code}`,
    body: [
      `Hello ${firstName},`,
      '',
      `Your verification code is ${code}. It is valid for ${minutes} minutes.`,
      '',
      'Do not share this code with anyone. We will never ask for it by phone.',
      'If you did not ask for this code, ignore this email.',
    ].join('\n'),
    links: [],
  };
}

export function codeSms(options: {
  to: string;
  language: Language;
  code: string;
  minutes: number;
}): SmsMessage {
  const { to, language, code, minutes } = options;
  return {
    to,
    body:
      language === 'MS'
        ? `Kod pengesahan anda ialah ${code}, sah selama ${minutes} minit. Jangan kongsi kod ini.`
        : `Your verification code is ${code}, valid for ${minutes} minutes. Do not share it.`,
  };
}

/** `a***@example.com`: enough to recognise the address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** `+60******789`. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return '***';
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 6)}${phone.slice(-3)}`;
}
