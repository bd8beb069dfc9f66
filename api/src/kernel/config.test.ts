import path from 'node:path';

import { readConfig, repoRoot } from './config';

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
      passwordLinkRateLimit: 30,
      corsOrigins: [],
      trustProxy: false,
      proxySecret: undefined,
      production: false,
      jwtSecret: undefined,
      dataKey: undefined,
      publicUrl: 'http://localhost:3000',
      email: { provider: 'sandbox' },
      captcha: { provider: 'sandbox' },
      staffAdmin: null,
      redisUrl: undefined,
      redisKeyPrefix: 'lending:',
      sandboxOutboxPublic: false,
      paymentGateway: {},
    });
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
    ).toThrow('SMTP_URL is required when EMAIL_PROVIDER is smtp');
    expect(() => readConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow('SMTP_URL is required');
  });
});
