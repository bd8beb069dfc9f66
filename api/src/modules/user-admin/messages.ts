import type { EmailMessage } from '../../adapters/email/port';

// What the back office's applicant paths answer when they refuse. The screens show their own
// English and Malay text for each code; these sentences (worded in Malay for a Malay reader by
// the error handler) are for other clients and the logs.
export const USER_NOT_FOUND = 'User not found';
export const EMAIL_EXISTS = 'Email already exists';
export const PHONE_EXISTS = 'Phone number already exists';
export const INVALID_EMAIL = 'Please enter a valid email';
export const INVALID_PHONE = 'Please enter a valid mobile number with its country code';
export const INVALID_FIRST_NAME = 'Please enter the first name';
export const INVALID_PARTNER_ID = 'Invalid partner ID';
export const INVALID_DATE = 'Please enter a valid date';
export const NOTHING_TO_CHANGE = 'Send an email, a phone number or a password to change';
export const PHONE_IS_SIGN_IN_DETAIL =
  'The phone number is a sign-in detail: an admin changes it with the sign-in details';

/** Why the user's sessions ended, as the sessions table keeps it. */
export const SIGN_IN_CHANGED_BY_STAFF = 'sign-in-details-changed-by-staff';

export type SignInDetail = 'email' | 'phoneNo' | 'password';

const DETAIL_NAMES: Record<'EN' | 'MS', Record<SignInDetail, string>> = {
  EN: { email: 'sign-in email', phoneNo: 'mobile number', password: 'password' },
  MS: { email: 'e-mel log masuk', phoneNo: 'nombor telefon bimbit', password: 'kata laluan' },
};

/**
 * Tells the applicant staff changed what they sign in with, at the address they had (so the
 * owner hears of it even when the email itself was changed) and at the new one. Names what
 * changed, never a value.
 */
export function signInChangedEmail(input: {
  to: string;
  firstName: string;
  language: 'EN' | 'MS';
  changed: readonly SignInDetail[];
  contactUrl: string;
}): EmailMessage {
  const names = input.changed.map((detail) => DETAIL_NAMES[input.language][detail]);
  if (input.language === 'MS') {
    return {
      to: input.to,
      subject: 'Butiran log masuk anda telah diubah',
      body: [
        `Salam ${input.firstName},`,
        '',
        `Kakitangan kami telah mengubah butiran log masuk akaun anda: ${names.join(', ')}. Anda telah dilog keluar di semua peranti; log masuk semula dengan butiran baharu.`,
        '',
        'Jika anda tidak meminta perubahan ini, hubungi kami dengan segera:',
        input.contactUrl,
      ].join('\n'),
      links: [input.contactUrl],
    };
  }
  return {
    to: input.to,
    subject: 'Your sign-in details were changed',
    body: [
      `Hello ${input.firstName},`,
      '',
      `Our staff changed the sign-in details of your account: ${names.join(', ')}. You were signed out on every device; sign in again with the new details.`,
      '',
      'If you did not ask for this change, contact us at once:',
      input.contactUrl,
    ].join('\n'),
    links: [input.contactUrl],
  };
}
