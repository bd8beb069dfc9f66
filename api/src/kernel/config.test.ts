import path from 'node:path';

import { readConfig, repoRoot } from './config';
import { SANDBOX_PROVIDERS } from './config-providers';

/** What production needs besides its providers. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
  SMTP_URL: 'smtps://relay:secret@smtp.example.com:465',
  EMAIL_FROM: 'no-reply@example.com',
  RECAPTCHA_SITE_KEY: 'site',
  RECAPTCHA_SECRET: 'secret',
  JOMPAY_BILLER_CODES: 'arkcash:12345',
  PUBLIC_URL: 'https://apply.example.com',
};

/** Every service with a real provider, configured. */
const REAL_PROVIDERS = {
  PAYMENT_GATEWAY_PROVIDER: 'razer',
  PAYMENT_GATEWAY_MERCHANT_ID: 'lender',
  PAYMENT_GATEWAY_VERIFY_KEY: 'verify',
  PAYMENT_GATEWAY_SECRET_KEY: 'secret',
  TAX_AUTHORITY_PROVIDER: 'myinvois',
  MYINVOIS_CLIENT_ID: 'client',
  MYINVOIS_CLIENT_SECRET: 'client-secret',
  SMS_PROVIDER: 'isms',
  ISMS_USERNAME: 'lender',
  ISMS_PASSWORD: 'pw',
  SMS_RECEIPT_SECRET: 'receipts',
  EKYC_PROVIDER: 'okay',
  OKAY_URL: 'https://ekyc.example.com',
  OKAY_API_KEY: 'key',
  ESTAMP_PROVIDER: 'agent',
  ESTAMP_URL: 'https://stamps.example.com',
  ESTAMP_KEY_ID: 'lender',
  ESTAMP_SECRET: 'stamp-secret',
  MEETING_PROVIDER: 'jitsi',
  JITSI_URL: 'https://meet.example.com',
  JITSI_APP_ID: 'lender',
  JITSI_APP_SECRET: 'app-secret',
  JITSI_WEBHOOK_SECRET: 'hook-secret',
};

/** The services without a real provider yet, which production runs on their sandbox knowingly. */
const STAGING_SANDBOXES = {
  ALLOW_SANDBOX: 'certificate-authority,emandate,payout,telecom-identity',
};

describe('the API configuration', () => {
  it('runs on embedded PGlite under the repository by default', () => {
    expect(readConfig({})).toEqual({
      port: 3001,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, '.data/pglite'),
      filesDir: path.join(repoRoot, '.data/files'),
      s3: undefined,
      logLevel: 'info',
      contactRateLimit: 20,
      signInRateLimit: 30,
      signInLockFailures: 10,
      timeouts: { headerMs: 10_000, requestMs: 120_000, keepAliveMs: 65_000 },
      passwordLinkRateLimit: 30,
      corsOrigins: [],
      trustProxy: false,
      proxySecret: undefined,
      production: false,
      jwtSecret: undefined,
      dataKey: undefined,
      publicUrl: undefined,
      servedAt: 'http://localhost:3000',
      email: { provider: 'sandbox' },
      captcha: { provider: 'sandbox' },
      staffAdmin: null,
      redisUrl: undefined,
      redisKeyPrefix: 'lending:',
      sandboxOutboxPublic: false,
      paymentGateway: {},
      jompayBillerCodes: undefined,
      providers: SANDBOX_PROVIDERS,
      movableBusinessDate: true,
      demoStaff: null,
    });
  });

  it('lets the business date move on sandbox providers only, never with a real one', () => {
    expect(readConfig({}).movableBusinessDate).toBe(true);
    expect(readConfig({ BUSINESS_DATE_MOVABLE: 'false' }).movableBusinessDate).toBe(false);
    // Real providers follow Malaysia's date unless told, and refuse to be told otherwise.
    expect(readConfig(REAL_PROVIDERS).movableBusinessDate).toBe(false);
    expect(() => readConfig({ ...REAL_PROVIDERS, BUSINESS_DATE_MOVABLE: 'true' })).toThrow(
      'real providers configured (sms, payment-gateway, tax-authority, ekyc, estamp, meeting)',
    );
    expect(() =>
      readConfig({
        SMS_PROVIDER: 'isms',
        ISMS_USERNAME: 'u',
        ISMS_PASSWORD: 'p',
        SMS_RECEIPT_SECRET: 's',
        BUSINESS_DATE_MOVABLE: 'true',
      }),
    ).toThrow('real providers configured (sms)');
    expect(() =>
      readConfig({
        ...PRODUCTION,
        ...REAL_PROVIDERS,
        ...STAGING_SANDBOXES,
        BUSINESS_DATE_MOVABLE: 'true',
      }),
    ).toThrow('BUSINESS_DATE_MOVABLE=true is refused');
    expect(
      readConfig({ ...PRODUCTION, ...REAL_PROVIDERS, ...STAGING_SANDBOXES }).movableBusinessDate,
    ).toBe(false);
  });

  it('reads each real provider with its settings, the vendors’ own addresses by default', () => {
    const { providers } = readConfig(REAL_PROVIDERS);
    expect(providers).toEqual({
      paymentGateway: {
        provider: 'razer',
        paymentUrl: 'https://pay.merchant.razer.com',
        apiUrl: 'https://api.merchant.razer.com',
      },
      taxAuthority: {
        provider: 'myinvois',
        apiUrl: 'https://api.myinvois.hasil.gov.my',
        identityUrl: 'https://api.myinvois.hasil.gov.my',
        clientId: 'client',
        clientSecret: 'client-secret',
      },
      sms: {
        provider: 'isms',
        url: 'https://www.isms.com.my',
        username: 'lender',
        password: 'pw',
        receiptSecret: 'receipts',
      },
      ekyc: {
        provider: 'okay',
        url: 'https://ekyc.example.com',
        apiKey: 'key',
        faceThreshold: 80,
        livenessThreshold: 80,
      },
      estamp: {
        provider: 'agent',
        url: 'https://stamps.example.com',
        keyId: 'lender',
        secret: 'stamp-secret',
      },
      meeting: {
        provider: 'jitsi',
        url: 'https://meet.example.com',
        appId: 'lender',
        appSecret: 'app-secret',
        webhookSecret: 'hook-secret',
        roomMinutes: 90,
      },
      certificateAuthority: { provider: 'sandbox' },
      allowSandbox: [],
    });
    // The vendors' own test systems, by address.
    expect(
      readConfig({
        ...REAL_PROVIDERS,
        RAZER_PAYMENT_URL: 'https://sandbox.merchant.razer.com/',
        MYINVOIS_URL: 'https://preprod-api.myinvois.hasil.gov.my',
      }).providers,
    ).toMatchObject({
      paymentGateway: { paymentUrl: 'https://sandbox.merchant.razer.com' },
      taxAuthority: {
        apiUrl: 'https://preprod-api.myinvois.hasil.gov.my',
        identityUrl: 'https://preprod-api.myinvois.hasil.gov.my',
      },
    });
  });

  it('names the setting a real provider is missing, and refuses a provider it does not know', () => {
    expect(() => readConfig({ ...REAL_PROVIDERS, MYINVOIS_CLIENT_SECRET: '' })).toThrow(
      'MYINVOIS_CLIENT_SECRET is required when TAX_AUTHORITY_PROVIDER is myinvois',
    );
    expect(() => readConfig({ ...REAL_PROVIDERS, PAYMENT_GATEWAY_SECRET_KEY: '' })).toThrow(
      'PAYMENT_GATEWAY_SECRET_KEY is required when PAYMENT_GATEWAY_PROVIDER is razer',
    );
    expect(() => readConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      'SMS_PROVIDER must be sandbox or isms',
    );
    expect(() => readConfig({ ...REAL_PROVIDERS, OKAY_FACE_THRESHOLD: '120' })).toThrow(
      'OKAY_FACE_THRESHOLD must be a number from 0 to 100',
    );
    expect(() => readConfig({ ALLOW_SANDBOX: 'sms,bank' })).toThrow(
      'ALLOW_SANDBOX names an unknown service: bank',
    );
  });

  it('refuses to start production on a sandbox it was not allowed, naming every one', () => {
    expect(() => readConfig(PRODUCTION)).toThrow(
      'production will not run these services on their sandbox: sms, payment-gateway, ' +
        'tax-authority, ekyc, estamp, meeting, certificate-authority, emandate, payout, ' +
        'telecom-identity.',
    );
    expect(() => readConfig({ ...PRODUCTION, ...REAL_PROVIDERS })).toThrow(
      'ALLOW_SANDBOX=certificate-authority,emandate,payout,telecom-identity',
    );
    expect(() =>
      readConfig({
        ...PRODUCTION,
        ...REAL_PROVIDERS,
        SMS_PROVIDER: 'sandbox',
        ALLOW_SANDBOX: 'certificate-authority,emandate,payout,telecom-identity',
      }),
    ).toThrow('production will not run these services on their sandbox: sms.');
    const allowed = readConfig({
      ...PRODUCTION,
      ...REAL_PROVIDERS,
      ALLOW_SANDBOX: 'certificate-authority, emandate, payout, telecom-identity',
    });
    expect(allowed.production).toBe(true);
    expect(allowed.providers.allowSandbox).toEqual([
      'certificate-authority',
      'emandate',
      'payout',
      'telecom-identity',
    ]);
  });

  it('reads the lenders’ JomPAY biller codes, and refuses a malformed list', () => {
    expect(
      readConfig({ JOMPAY_BILLER_CODES: 'arkcash:12345, redcash:6789' }).jompayBillerCodes,
    ).toEqual({
      arkcash: '12345',
      redcash: '6789',
    });
    expect(readConfig({}).jompayBillerCodes).toBeUndefined();
    expect(() => readConfig({ JOMPAY_BILLER_CODES: 'arkcash:12' })).toThrow('JOMPAY_BILLER_CODES');
    expect(() => readConfig({ JOMPAY_BILLER_CODES: 'nobody:12345' })).toThrow(
      'JOMPAY_BILLER_CODES',
    );
  });

  it('reads the keys shared with the payment gateway', () => {
    expect(
      readConfig({
        PAYMENT_GATEWAY_MERCHANT_ID: 'lender_live',
        PAYMENT_GATEWAY_VERIFY_KEY: 'verify',
        PAYMENT_GATEWAY_SECRET_KEY: 'secret',
      }).paymentGateway,
    ).toEqual({ merchantId: 'lender_live', verifyKey: 'verify', secretKey: 'secret' });
  });

  it('shares counters through Redis and shows the sandbox outbox to everyone only when told', () => {
    expect(
      readConfig({
        REDIS_URL: 'redis://cache:6379',
        REDIS_KEY_PREFIX: 'lending-staging:',
        SANDBOX_OUTBOX_PUBLIC: 'true',
      }),
    ).toMatchObject({
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'lending-staging:',
      sandboxOutboxPublic: true,
    });
    expect(readConfig({ SANDBOX_OUTBOX_PUBLIC: 'false' }).sandboxOutboxPublic).toBe(false);
    expect(() => readConfig({ SANDBOX_OUTBOX_PUBLIC: 'yes' })).toThrow(
      'SANDBOX_OUTBOX_PUBLIC must be true or false',
    );
  });

  it('keeps documents in an S3-compatible bucket when S3_BUCKET is set', () => {
    expect(
      readConfig({
        S3_BUCKET: 'documents',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'documents',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // AWS itself: its own endpoint, virtual-hosted addresses, credentials from its usual chain.
    expect(readConfig({ S3_BUCKET: 'documents', S3_REGION: 'ap-southeast-1' }).s3).toEqual({
      bucket: 'documents',
      region: 'ap-southeast-1',
      forcePathStyle: false,
    });
    expect(
      readConfig({ S3_BUCKET: 'd', S3_ENDPOINT: 'http://s3:9000', S3_FORCE_PATH_STYLE: 'false' }).s3
        ?.forcePathStyle,
    ).toBe(false);
    expect(readConfig({ S3_ENDPOINT: 'http://minio:9000' }).s3).toBeUndefined();
    expect(() => readConfig({ S3_BUCKET: 'd', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'S3_FORCE_PATH_STYLE must be true or false',
    );
  });

  it('believes a local proxy only when it proves itself with the shared secret', () => {
    expect(readConfig({ PROXY_SECRET: 's3cret' })).toMatchObject({
      trustProxy: 'loopback',
      proxySecret: 's3cret',
    });
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('reads the port, database, data folder and limits from the environment', () => {
    const config = readConfig({
      API_PORT: '3999',
      API_HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      DATA_DIR: '/var/lib/lending',
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '3',
      SIGN_IN_RATE_LIMIT: '200',
      PASSWORD_LINK_RATE_LIMIT: '90',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config).toMatchObject({
      port: 3999,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      dataDir: '/var/lib/lending',
      logLevel: 'warn',
      contactRateLimit: 3,
      signInRateLimit: 200,
      passwordLinkRateLimit: 90,
      corsOrigins: ['https://a.example', 'https://b.example'],
    });
  });

  it('reads the sign-in lock and the timeouts from the environment', () => {
    const config = readConfig({
      SIGN_IN_LOCK_FAILURES: '4',
      API_HEADER_TIMEOUT_SECONDS: '5',
      API_REQUEST_TIMEOUT_SECONDS: '300',
      API_KEEP_ALIVE_SECONDS: '90',
    });
    expect(config.signInLockFailures).toBe(4);
    expect(config.timeouts).toEqual({ headerMs: 5_000, requestMs: 300_000, keepAliveMs: 90_000 });
    expect(() => readConfig({ API_REQUEST_TIMEOUT_SECONDS: '1.5' })).toThrow(
      'API_REQUEST_TIMEOUT_SECONDS',
    );
  });

  it('serves links at the platform port on this machine when PUBLIC_URL is not set', () => {
    expect(readConfig({ PORT: '3500' })).toMatchObject({
      publicUrl: undefined,
      servedAt: 'http://localhost:3500',
    });
  });

  it('refuses a port that is not a whole number', () => {
    expect(() => readConfig({ API_PORT: 'eighty' })).toThrow('API_PORT must be a whole number');
  });

  it('takes the first admin, the providers and the public address from the environment', () => {
    expect(
      readConfig({
        STAFF_ADMIN_EMAIL: 'ops@example.com',
        STAFF_ADMIN_PASSWORD: 'a long passphrase',
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://relay.example.com:587',
        EMAIL_FROM: 'Lending <no-reply@example.com>',
        CAPTCHA_PROVIDER: 'recaptcha-v2',
        RECAPTCHA_SITE_KEY: 'site',
        RECAPTCHA_SECRET: 'secret',
        PUBLIC_URL: 'https://apply.example.com',
      }),
    ).toMatchObject({
      staffAdmin: { email: 'ops@example.com', password: 'a long passphrase' },
      email: { provider: 'smtp', url: 'smtp://relay.example.com:587' },
      captcha: { provider: 'recaptcha-v2', siteKey: 'site', secret: 'secret' },
      publicUrl: 'https://apply.example.com',
    });
  });

  it('refuses to run in production on sandbox defaults or without its secrets', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET is required in production',
    );
    expect(() => readConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      'DATA_ENCRYPTION_KEY is required in production',
    );
    expect(() =>
      readConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
      }),
    ).toThrow('PUBLIC_URL is required in production');
    expect(() =>
      readConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
        PUBLIC_URL: 'https://apply.example.com',
      }),
    ).toThrow('SMTP_URL is required when EMAIL_PROVIDER is smtp');
    expect(() => readConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow('SMTP_URL is required');
  });
});
