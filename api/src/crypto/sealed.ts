// Personal data at rest (PDPA; DOMAIN.md "Encrypt NRIC and identity documents at rest"): what
// is sealed here is AES-256-GCM with a random IV per value, so equal values never look equal in
// the database, and a keyed hash (HMAC-SHA-256) stands in wherever a value must be found again.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Orm } from '../db/database';
import { appSecrets } from '../db/schema';

const DATA_KEY_NAME = 'data-encryption-key';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  seal(plain: Buffer | string): string;
  /** Throws when the value was changed or sealed with another key. */
  open(sealed: string): Buffer;
  openText(sealed: string): string;
  sealJson(value: unknown): string;
  openJson<T>(sealed: string): T;
  /** The same input always gives the same output: for lookups, never reversible. */
  fingerprint(value: string): string;
  /** Binary blobs (identity documents, selfies): IV and tag prefixed to the ciphertext. */
  sealBytes(plain: Buffer): Buffer;
  openBytes(sealed: Buffer): Buffer;
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('The data encryption key must be 32 bytes');
  const encryptKey = createHmac('sha256', key).update('encrypt').digest();
  const hashKey = createHmac('sha256', key).update('fingerprint').digest();

  function sealBytes(plain: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', encryptKey, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  function openBytes(sealed: Buffer): Buffer {
    const iv = sealed.subarray(0, IV_BYTES);
    const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', encryptKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  }

  const seal = (plain: Buffer | string) =>
    `${VERSION}.${sealBytes(Buffer.isBuffer(plain) ? plain : Buffer.from(plain, 'utf8')).toString('base64url')}`;

  function open(sealed: string): Buffer {
    const [version, body] = sealed.split('.');
    if (version !== VERSION || !body) throw new Error('Not a sealed value');
    return openBytes(Buffer.from(body, 'base64url'));
  }

  return {
    seal,
    open,
    openText: (sealed) => open(sealed).toString('utf8'),
    sealJson: (value) => seal(JSON.stringify(value)),
    openJson: <T>(sealed: string) => JSON.parse(open(sealed).toString('utf8')) as T,
    fingerprint: (value) => createHmac('sha256', hashKey).update(value, 'utf8').digest('hex'),
    sealBytes,
    openBytes,
  };
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
  await db
    .insert(appSecrets)
    .values({ name: DATA_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, DATA_KEY_NAME));
  return Buffer.from(row!.value, 'base64url');
}
