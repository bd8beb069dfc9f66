import { createHash, randomBytes } from 'node:crypto';

import { eq } from 'drizzle-orm';

import type { Orm } from '../db/database';
import { appSecrets } from '../db/schema';

const SIGNING_KEY_NAME = 'jwt-signing-key';
const DATA_KEY_NAME = 'data-encryption-key';

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
  return Buffer.from(await storedSecret(db, SIGNING_KEY_NAME), 'base64url');
}

/**
 * DATA_ENCRYPTION_KEY (64 hex characters or 32 bytes base64) when configured; otherwise a key
 * generated on the first start and kept in the database, so a laptop needs no set-up. Production
 * configuration must give one (see config.ts): a key beside the data it protects protects little.
 */
export async function loadDataKey(db: Orm, configured: string | undefined): Promise<Buffer> {
  if (configured) {
    const key = /^[0-9a-f]{64}$/i.test(configured)
      ? Buffer.from(configured, 'hex')
      : Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes (64 hex digits)');
    return key;
  }
  return Buffer.from(await storedSecret(db, DATA_KEY_NAME), 'base64url');
}

/** A shared key for an outside service: the configured one, else one generated on the first start
 *  and kept in the database (sandbox providers, a laptop). */
export async function loadServiceKey(
  db: Orm,
  name: string,
  configured: string | undefined,
): Promise<string> {
  return configured || storedSecret(db, name);
}

/** The secret kept under `name`, made of 256 random bits on first use. Two processes starting
 *  together agree: the first insert wins and both read it back. */
async function storedSecret(db: Orm, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row!.value;
}
