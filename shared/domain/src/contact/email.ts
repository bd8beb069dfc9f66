export type EmailInvalidReason = 'required' | 'format' | 'length';

export type EmailResult = { ok: true; email: string } | { ok: false; reason: EmailInvalidReason };

/** The longest address SMTP can carry (RFC 5321 path limit less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

export function validateEmail(input: string): EmailResult {
  const email = normalizeEmail(input);
  if (email === '') return { ok: false, reason: 'required' };
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, reason: 'length' };
  const local = email.slice(0, email.lastIndexOf('@'));
  if (local.length > 64 || !EMAIL_PATTERN.test(email)) return { ok: false, reason: 'format' };
  return { ok: true, email };
}

/** Whether two addresses are the same once normalised (e.g. an emergency contact's and the applicant's). */
export function isSameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}
