import type { Language } from '@lending/contracts';

import type { EmailMessage } from '../../adapters/email/port';
import type { SmsMessage } from '../../adapters/sms/port';

export const SIGNING_NOT_OPEN = 'Your agreement is not ready for signing yet';
export const INVALID_OTP = 'Invalid OTP';
export const CODE_EXPIRED = 'This code has expired, please request a new one';
export const TOO_MANY_ATTEMPTS = 'Too many wrong attempts, please request a new code';
export const CODE_LIMIT = 'Too many codes requested today, please try again tomorrow';
export const LINK_INVALID = 'This signing link is not valid or has expired';
export const NOT_VERIFIED = 'Please verify your identity before signing';
export const GUARANTOR_NOT_FOUND = 'Guarantor not found';
export const ALREADY_SIGNED = 'This agreement has already been signed';
export const DOCUMENTS_NOT_OPENED =
  'Please open and read every document before asking for the signing code';
export const STAMPING_FAILED =
  'We could not stamp your agreement just now, so it was not signed. Please try again in a few minutes';

export function signingCodeSms(options: {
  to: string;
  language: Language;
  code: string;
  agreementNo: string;
  minutes: number;
}): SmsMessage {
  const { to, language, code, agreementNo, minutes } = options;
  return {
    to,
    body:
      language === 'MS'
        ? `Kod tandatangan perjanjian ${agreementNo} anda ialah ${code}, sah selama ${minutes} minit. Jangan kongsi kod ini.`
        : `Your code to sign agreement ${agreementNo} is ${code}, valid for ${minutes} minutes. Do not share it.`,
  };
}

export function guarantorInvitation(options: {
  name: string;
  email: string;
  phoneNo: string;
  language: Language;
  agreementNo: string;
  borrower: string;
  link: string;
  days: number;
}): { email: EmailMessage; sms: SmsMessage } {
  const { name, language, agreementNo, borrower, link, days } = options;
  if (language === 'MS') {
    return {
      email: {
        to: options.email,
        subject: `Tandatangani jaminan untuk perjanjian ${agreementNo}`,
        body:
          `Salam ${name},\n\n${borrower} telah menandatangani perjanjian pinjaman ${agreementNo}, ` +
          `dan anda disenaraikan sebagai penjamin. Sahkan identiti anda, baca jaminan dan ` +
          `tandatanganinya di pautan ini (sah selama ${days} hari, untuk anda sahaja):\n\n${link}\n`,
        links: [link],
      },
      sms: {
        to: options.phoneNo,
        body: `Sila tandatangani jaminan untuk perjanjian ${agreementNo} (sah ${days} hari): ${link}`,
      },
    };
  }
  return {
    email: {
      to: options.email,
      subject: `Sign the guarantee for agreement ${agreementNo}`,
      body:
        `Hello ${name},\n\n${borrower} has signed loan agreement ${agreementNo}, and you are ` +
        `named as a guarantor. Verify your identity, read the guarantee and sign it at this link ` +
        `(valid for ${days} days, for you only):\n\n${link}\n`,
      links: [link],
    },
    sms: {
      to: options.phoneNo,
      body: `Please sign the guarantee for agreement ${agreementNo} (valid ${days} days): ${link}`,
    },
  };
}
