export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the cost of hashing; longer passwords are refused, never truncated. */
export const PASSWORD_MAX_LENGTH = 1024;

export type PasswordInvalidReason = 'required' | 'tooShort' | 'tooLong' | 'mismatch';

export type PasswordCheck = { ok: true } | { ok: false; reason: PasswordInvalidReason };

/** Length in characters as a person counts them (code points), not UTF-16 units. */
function characterCount(value: string): number {
  return [...value].length;
}

/**
 * The password policy: at least 8 characters and at most 1024, taken exactly as typed (no
 * trimming, no truncation). With a confirmation, the two must match.
 */
export function checkPassword(password: string, confirmation?: string): PasswordCheck {
  if (password.length === 0) return { ok: false, reason: 'required' };
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return { ok: false, reason: 'tooShort' };
  if (length > PASSWORD_MAX_LENGTH) return { ok: false, reason: 'tooLong' };
  if (confirmation !== undefined && confirmation !== password)
    return { ok: false, reason: 'mismatch' };
  return { ok: true };
}
