import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh tokens, reset tokens, captcha answers. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How an opaque token is kept: its SHA-256, never the token itself. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
