import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTACT_RATE_LIMIT_DEFAULT } from '@lending/contracts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ApiConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; unset means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  /** Contact-form messages one client may send in ten minutes. */
  contactRateLimit: number;
  /** Origins allowed to call the API from another site; none by default (same origin). */
  corsOrigins: string[];
  /** Which proxies' X-Forwarded-For to believe for the client address (rate limits). */
  trustProxy: string;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

/** Reads the environment. A relative DATA_DIR is taken from the repository root, wherever the
 *  process was started from. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    port: integer(env.API_PORT, 3001, 'API_PORT'),
    host: env.API_HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(repoRoot, env.DATA_DIR || '.data/pglite'),
    logLevel: env.LOG_LEVEL || 'info',
    contactRateLimit: integer(
      env.CONTACT_RATE_LIMIT,
      CONTACT_RATE_LIMIT_DEFAULT,
      'CONTACT_RATE_LIMIT',
    ),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY || 'loopback',
  };
}
