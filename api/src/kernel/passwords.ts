// Argon2id with the library's defaults (the OWASP settings: 19 MiB, 2 passes, 1 lane). The
// whole password is hashed, however long (argon2 has no 72-byte limit); the length policy
// lives in @lending/domain.
import { randomBytes } from 'node:crypto';

import { checkPassword } from '@lending/domain';
import { hash, verify } from '@node-rs/argon2';

import { type Sentence, sentence } from './errors';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for an email that has no account, so the
 * answer's timing does not tell whether the account exists. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Why a new password is refused, in the words of spec section 8; null when it is fine. */
export function passwordProblem(password: string): Sentence | null {
  const check = checkPassword(password);
  if (check.ok) return null;
  switch (check.reason) {
    case 'required':
      return sentence('Please enter your password');
    case 'tooShort':
      return sentence('Password must be at least 8 characters');
    default:
      return sentence('Password must be no more than 1024 characters');
  }
}
