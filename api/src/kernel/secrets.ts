import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { appSecrets } from '../db/schema';

const SIGNING_KEY_NAME = 'jwt-signing-key';

/** 256 random bits, URL-safe: refresh tokens, reset tokens, captcha answers. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How an opaque token is kept: its SHA-256, never the token itself. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The key access tokens are signed with: JWT_SECRET when configured, else one generated on the
 * first start and kept in the database, so tokens survive a restart and no key sits in the repo.
 */
export async function loadSigningKey(db: Orm, configured: string | undefined): Promise<Uint8Array> {
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(configured);
  }
  await db
    .insert(appSecrets)
    .values({ name: SIGNING_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, SIGNING_KEY_NAME));
  return Buffer.from(row!.value, 'base64url');
}
