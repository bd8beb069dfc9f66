import path from 'node:path';

import {
  AUTH_RATE_LIMIT_DEFAULTS,
  CONTACT_RATE_LIMIT_DEFAULT,
  type TenantId,
  TENANTS,
} from '@lending/contracts';

import { repoRoot } from '../paths';
import {
  providerNames,
  type ProviderSettings,
  readProviders,
  refuseUnallowedSandboxes,
} from './config-providers';
import { type DemoStaffMember, demoStaffRefusal, parseDemoStaff } from './demo-staff-config';

export { repoRoot };

/** How often each account action may be tried (per address, per account). */
export type AuthRateLimits = { [Limit in keyof typeof AUTH_RATE_LIMIT_DEFAULTS]: number };

/** Which outside service sends email: the sandbox outbox (local, tests) or an SMTP relay. */
export type EmailSettings =
  { provider: 'sandbox' } | { provider: 'smtp'; url: string; from: string };

/** Which bot check guards the public forms. */
export type CaptchaSettings =
  | { provider: 'sandbox' }
  | {
      provider: 'recaptcha-v2';
      siteKey: string;
      secret: string;
      /** How the adapter reaches Google's siteverify (the global fetch when not given). */
      fetch?: typeof fetch;
    };

/** An S3-compatible bucket (AWS, MinIO, Ceph...). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another service than AWS (MinIO, a local test server); AWS's own when not given. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most self-hosted servers take. */
  forcePathStyle: boolean;
}

/** How long a client may take over its request line and headers, over its whole request, and
 *  how long an idle kept-alive connection stays open. The keep-alive outlasts the edge's own
 *  (30 s), so the edge, not the API, closes an idle connection between them. */
export interface ApiTimeouts {
  headerMs: number;
  requestMs: number;
  keepAliveMs: number;
}
export const API_TIMEOUT_DEFAULTS: ApiTimeouts = {
  headerMs: 10_000,
  requestMs: 120_000,
  keepAliveMs: 65_000,
};

export interface ApiConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; unset means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Folder uploaded documents are kept in, sealed (default `files` beside the PGlite folder). */
  filesDir: string;
  /** An S3-compatible bucket documents are kept in instead of `filesDir` (S3_BUCKET set), for
   *  API processes on several machines. */
  s3: S3Settings | undefined;
  logLevel: string;
  /** Contact-form messages one client may send in ten minutes. */
  contactRateLimit: number;
  /** Sign-in attempts, applicant or staff, from one address in 15 minutes. */
  signInRateLimit: number;
  /** Failed sign-ins of one account, from any address, that lock it for the rest of 15 minutes. */
  signInLockFailures: number;
  timeouts: ApiTimeouts;
  /** Staff set-password link checks and uses from one address in an hour. */
  passwordLinkRateLimit: number;
  /** Origins allowed to call the API from another site; none by default (same origin). */
  corsOrigins: string[];
  /** Which proxies' X-Forwarded-For to believe for the client address (rate limits). */
  trustProxy: string | false;
  /** The secret the platform's gateway sends; forwarding headers without it are dropped. */
  proxySecret: string | undefined;
  production: boolean;
  jwtSecret: string | undefined;
  /** Key personal data is sealed with at rest (64 hex digits). */
  dataKey: string | undefined;
  /** PUBLIC_URL: every link the platform hands out starts with it (required in production). */
  publicUrl: string | undefined;
  /** Where the platform is served without PUBLIC_URL (`http://localhost:PORT`): links made
   *  outside a request; a request to this machine by another of its names keeps that name. */
  servedAt: string;
  email: EmailSettings;
  captcha: CaptchaSettings;
  /** The first back-office admin, created on the first start when no staff exists. */
  staffAdmin: { email: string; password: string } | null;
  /** Redis for the rate-limit and attempt counters, shared by every API process; unset keeps
   *  them in each process's memory (one process, nothing to install). */
  redisUrl: string | undefined;
  /** Put before every Redis key, so deployments (or runs) sharing a server count apart. */
  redisKeyPrefix: string;
  /** Serve the sandbox outbox to every client; by default only to this machine's. */
  sandboxOutboxPublic: boolean;
  /** The keys shared with the payment gateway (PAYMENT_GATEWAY_*); the sandbox gateway's are
   *  generated and kept in the database when not set. */
  paymentGateway: { merchantId?: string; verifyKey?: string; secretKey?: string };
  /** The lenders' JomPAY biller codes (JOMPAY_BILLER_CODES=arkcash:12345,redcash:67890); the
   *  sandbox biller's when not set, which production refuses. */
  jompayBillerCodes: Partial<Record<TenantId, string>> | undefined;
  /** The provider of every other outside service (config-providers.ts). */
  providers: ProviderSettings;
  /** BUSINESS_DATE_MOVABLE: an admin may move the business date forward (sandbox, staging).
   *  By default outside production when every outside service is on its sandbox; refused with
   *  any real provider, whose money and messages follow Malaysia's own date. */
  movableBusinessDate: boolean;
  /** DEMO_STAFF: a demo team seeded on start, their codes in the sandbox outbox. Refused in
   *  production and with any real provider. */
  demoStaff: DemoStaffMember[] | null;
}

/** Whether the business date may move: refused where a real provider is configured. */
function readMovableBusinessDate(
  value: string | undefined,
  production: boolean,
  names: Record<string, string>,
): boolean {
  const real = Object.entries(names)
    .filter(([, provider]) => provider !== 'sandbox')
    .map(([service]) => service);
  if (value === undefined || value === '') return !production && real.length === 0;
  const movable = flag(value, 'BUSINESS_DATE_MOVABLE');
  if (movable && real.length > 0) {
    throw new Error(
      `BUSINESS_DATE_MOVABLE=true is refused with real providers configured (${real.join(', ')}): ` +
        'the business date moves only in a sandbox or staging on sandbox providers',
    );
  }
  return movable;
}

/** `tenant:code` pairs, comma separated; each code 4 to 6 digits. */
function readBillerCodes(value: string | undefined): Partial<Record<TenantId, string>> | undefined {
  if (!value) return undefined;
  const codes: Partial<Record<TenantId, string>> = {};
  for (const pair of value.split(',')) {
    const [tenant, code] = pair.split(':').map((part) => part.trim());
    if (
      !tenant ||
      !(TENANTS as readonly string[]).includes(tenant) ||
      !/^\d{4,6}$/.test(code ?? '')
    ) {
      throw new Error('JOMPAY_BILLER_CODES is tenant:code pairs, e.g. arkcash:12345');
    }
    codes[tenant as TenantId] = code!;
  }
  return codes;
}

function required(env: NodeJS.ProcessEnv, name: string, why: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is required ${why}`);
  return value;
}

function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} must be true or false`);
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

/** The bucket when S3_BUCKET is set. A named endpoint (MinIO, a local server) is addressed by
 *  path unless S3_FORCE_PATH_STYLE says otherwise. */
function readS3(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.S3_ENDPOINT || undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID } : {}),
    ...(env.S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
    forcePathStyle:
      env.S3_FORCE_PATH_STYLE === undefined || env.S3_FORCE_PATH_STYLE === ''
        ? endpoint !== undefined
        : flag(env.S3_FORCE_PATH_STYLE, 'S3_FORCE_PATH_STYLE'),
  };
}

/** Where the data lives: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. All the
 *  migration command needs, so it runs without the secrets and providers the server demands. */
export function readDatabaseConfig(
  env: NodeJS.ProcessEnv = process.env,
): Pick<ApiConfig, 'databaseUrl' | 'dataDir'> {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(repoRoot, env.DATA_DIR || '.data/pglite'),
  };
}

/** Reads the environment. A relative DATA_DIR is taken from the repository root, wherever the
 *  process was started from. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  // Production refuses the sandbox providers' defaults: every outside service must be named.
  const production = env.NODE_ENV === 'production';
  const config: ApiConfig = {
    port: integer(env.API_PORT, 3001, 'API_PORT'),
    host: env.API_HOST || '127.0.0.1',
    ...readDatabaseConfig(env),
    filesDir: env.FILES_DIR
      ? path.resolve(repoRoot, env.FILES_DIR)
      : path.join(path.dirname(path.resolve(repoRoot, env.DATA_DIR || '.data/pglite')), 'files'),
    s3: readS3(env),
    logLevel: env.LOG_LEVEL || 'info',
    contactRateLimit: integer(
      env.CONTACT_RATE_LIMIT,
      CONTACT_RATE_LIMIT_DEFAULT,
      'CONTACT_RATE_LIMIT',
    ),
    signInRateLimit: integer(
      env.SIGN_IN_RATE_LIMIT,
      AUTH_RATE_LIMIT_DEFAULTS.loginPerIp,
      'SIGN_IN_RATE_LIMIT',
    ),
    signInLockFailures: integer(
      env.SIGN_IN_LOCK_FAILURES,
      AUTH_RATE_LIMIT_DEFAULTS.loginFailuresPerAccount,
      'SIGN_IN_LOCK_FAILURES',
    ),
    timeouts: {
      headerMs:
        integer(
          env.API_HEADER_TIMEOUT_SECONDS,
          API_TIMEOUT_DEFAULTS.headerMs / 1000,
          'API_HEADER_TIMEOUT_SECONDS',
        ) * 1000,
      requestMs:
        integer(
          env.API_REQUEST_TIMEOUT_SECONDS,
          API_TIMEOUT_DEFAULTS.requestMs / 1000,
          'API_REQUEST_TIMEOUT_SECONDS',
        ) * 1000,
      keepAliveMs:
        integer(
          env.API_KEEP_ALIVE_SECONDS,
          API_TIMEOUT_DEFAULTS.keepAliveMs / 1000,
          'API_KEEP_ALIVE_SECONDS',
        ) * 1000,
    },
    passwordLinkRateLimit: integer(
      env.PASSWORD_LINK_RATE_LIMIT,
      AUTH_RATE_LIMIT_DEFAULTS.passwordLinkPerIp,
      'PASSWORD_LINK_RATE_LIMIT',
    ),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    // A local proxy is believed only when it proves itself (PROXY_SECRET, which the platform's
    // start sets for its gateway); otherwise only the proxies TRUST_PROXY names.
    trustProxy: env.TRUST_PROXY || (env.PROXY_SECRET ? 'loopback' : false),
    proxySecret: env.PROXY_SECRET || undefined,
    production,
    jwtSecret: production
      ? required(env, 'JWT_SECRET', 'in production')
      : env.JWT_SECRET || undefined,
    dataKey: production
      ? required(env, 'DATA_ENCRYPTION_KEY', 'in production')
      : env.DATA_ENCRYPTION_KEY || undefined,
    // The Host a request names is the client's to write: in production only the configured
    // address may appear in a link (a reset link must never name a host someone else chose).
    publicUrl: production
      ? required(env, 'PUBLIC_URL', 'in production')
      : env.PUBLIC_URL || undefined,
    servedAt: `http://localhost:${integer(env.PORT, 3000, 'PORT')}`,
    email:
      (env.EMAIL_PROVIDER || (production ? 'smtp' : 'sandbox')) === 'smtp'
        ? {
            provider: 'smtp',
            url: required(env, 'SMTP_URL', 'when EMAIL_PROVIDER is smtp'),
            from: required(env, 'EMAIL_FROM', 'when EMAIL_PROVIDER is smtp'),
          }
        : { provider: 'sandbox' },
    captcha:
      (env.CAPTCHA_PROVIDER || (production ? 'recaptcha-v2' : 'sandbox')) === 'recaptcha-v2'
        ? {
            provider: 'recaptcha-v2',
            siteKey: required(env, 'RECAPTCHA_SITE_KEY', 'for reCAPTCHA'),
            secret: required(env, 'RECAPTCHA_SECRET', 'for reCAPTCHA'),
          }
        : { provider: 'sandbox' },
    staffAdmin:
      env.STAFF_ADMIN_EMAIL && env.STAFF_ADMIN_PASSWORD
        ? { email: env.STAFF_ADMIN_EMAIL, password: env.STAFF_ADMIN_PASSWORD }
        : null,
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'lending:',
    sandboxOutboxPublic: flag(env.SANDBOX_OUTBOX_PUBLIC, 'SANDBOX_OUTBOX_PUBLIC'),
    jompayBillerCodes: production
      ? readBillerCodes(required(env, 'JOMPAY_BILLER_CODES', 'in production'))
      : readBillerCodes(env.JOMPAY_BILLER_CODES),
    paymentGateway: {
      ...(env.PAYMENT_GATEWAY_MERCHANT_ID ? { merchantId: env.PAYMENT_GATEWAY_MERCHANT_ID } : {}),
      ...(env.PAYMENT_GATEWAY_VERIFY_KEY ? { verifyKey: env.PAYMENT_GATEWAY_VERIFY_KEY } : {}),
      ...(env.PAYMENT_GATEWAY_SECRET_KEY ? { secretKey: env.PAYMENT_GATEWAY_SECRET_KEY } : {}),
    },
    providers: readProviders(env),
    movableBusinessDate: false,
    demoStaff: env.DEMO_STAFF && env.DEMO_STAFF !== 'false' ? parseDemoStaff(env.DEMO_STAFF) : null,
  };
  const names = providerNames(config.providers, {
    email: config.email.provider,
    captcha: config.captcha.provider,
  });
  config.movableBusinessDate = readMovableBusinessDate(
    env.BUSINESS_DATE_MOVABLE,
    production,
    names,
  );
  const demoRefused = config.demoStaff && demoStaffRefusal(production, names);
  if (demoRefused) {
    throw new Error(
      `DEMO_STAFF is refused: ${demoRefused}. Demo staff, whose sign-in codes the sandbox ` +
        'outbox shows, exist only on sandbox providers outside production. Unset DEMO_STAFF ' +
        '(npm start sets it unless started with DEMO_STAFF=false).',
    );
  }
  if (production) refuseUnallowedSandboxes(names, config.providers.allowSandbox);
  return config;
}
