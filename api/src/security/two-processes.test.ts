// Two real API processes of one deployment: the same PostgreSQL database, Redis, S3 bucket and
// secrets. Process A sits behind the local gateway, process B is called directly, as a second
// edge would call it (with the proxy secret); in production nginx's upstream, or the Service,
// spreads requests over both. Whatever one of them starts, counts, sends or stores, the other
// sees.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import {
  AUTH_PATHS,
  CONTACT_PATHS,
  FILE_PATHS,
  type LoginResponse,
  REGISTRATION_PATHS,
} from '@lending/contracts';
import type { FastifyInstance } from 'fastify';

import { s3FileStorage } from '../adapters/storage/s3';
import { applications, organizations } from '../db/schema';
import { repoRoot } from '../kernel/config';
import { type ApiProcess, freePort, startApiProcess, stopApiProcess } from '../testing/api-process';
import { newPerson } from '../testing/auth-helpers';
import { multipart, pdf } from '../testing/files';
import { openTestDatabase, type TestDatabase } from '../testing/test-db';
import { freshRedisPrefix, redisUrlForTests } from '../testing/test-redis';
import { startTestS3, type TestS3 } from '../testing/test-s3';

// Two starts of the real server (tsx, migrations already in the cloned database) and a gateway.
jest.setTimeout(90_000);

const GATEWAY = '../../../infra/gateway/gateway.mjs';

interface GatewayModule {
  createGateway(options: {
    repoRoot: string;
    apiUrl: string;
    remotesFile: string;
    proxySecret?: string;
  }): Promise<FastifyInstance>;
}

/** What keeps the processes from sharing state here: PGlite is one process's own folder. */
const missing = [
  ...(process.env.DATABASE_URL ? [] : ['DATABASE_URL is not set (PGlite is one process’s)']),
  ...(redisUrlForTests() ? [] : ['REDIS_URL is not set (each process would count apart)']),
];

interface Answer {
  status: number;
  // The API's JSON, read as each test needs it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  bytes: Buffer;
}

describe('two API processes of one deployment', () => {
  if (missing.length > 0) {
    it(`share sessions, limits, codes and documents: not run, ${missing.join('; ')}`, () => {
      expect(missing).not.toEqual([]);
    });
    return;
  }

  let s3: TestS3;
  let database: TestDatabase;
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  let gateway: FastifyInstance | undefined;
  let gatewayBase: string;
  let folder: string;
  const proxySecret = randomBytes(24).toString('hex');
  const done: string[] = [];

  beforeAll(async () => {
    const started = Date.now();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-two-'));
    s3 = await startTestS3();
    database = await openTestDatabase('postgresql');
    const shared = {
      DATABASE_URL: database.databaseUrl!,
      REDIS_URL: redisUrlForTests()!,
      REDIS_KEY_PREFIX: freshRedisPrefix(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PROXY_SECRET: proxySecret,
      CONTACT_RATE_LIMIT: '3',
      FILES_SWEEP_GRACE_SECONDS: '60',
      ...s3.env,
    };
    // One after the other: each start runs the (already applied) migrations and seeds.
    a = await startApiProcess(await freePort(), { ...shared, DATA_DIR: path.join(folder, 'a') });
    b = await startApiProcess(await freePort(), { ...shared, DATA_DIR: path.join(folder, 'b') });
    const { createGateway } = (await import(GATEWAY)) as GatewayModule;
    gateway = await createGateway({
      // No front-end builds here: only the API paths are exercised.
      repoRoot: folder,
      apiUrl: a.base,
      remotesFile: path.join(folder, 'remotes.json'),
      proxySecret,
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    gatewayBase = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
    done.push(`started A (behind the gateway) and B in ${Date.now() - started} ms`);
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([stopApiProcess(a), stopApiProcess(b)]);
    await database?.close();
    await s3?.close();
    fs.rmSync(folder, { recursive: true, force: true });
    process.stdout.write(`two API processes of one deployment:\n  ${done.join('\n  ')}\n`);
  });

  /** Through the gateway to A, or straight to B as a gateway would (the same client address). */
  async function call(
    to: 'A' | 'B',
    method: string,
    url: string,
    options: { token?: string; json?: unknown; body?: Buffer; contentType?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      ...(to === 'B' ? { 'x-proxy-secret': proxySecret, 'x-forwarded-for': '127.0.0.1' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
    };
    const response = await fetch(`${to === 'A' ? gatewayBase : b!.base}${url}`, {
      method,
      headers,
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
      ...(options.body ? { body: options.body } : {}),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    let body: unknown = null;
    if ((response.headers.get('content-type') ?? '').includes('json') && bytes.length > 0) {
      body = JSON.parse(bytes.toString('utf8'));
    }
    return { status: response.status, body, bytes };
  }

  async function captcha(to: 'A' | 'B'): Promise<string> {
    const solved = await call(to, 'POST', AUTH_PATHS.sandboxCaptchaSolve);
    expect(solved.status).toBe(200);
    return solved.body.token as string;
  }

  let person: ReturnType<typeof newPerson>;
  let session: LoginResponse;

  it('signs in on A and is known on B', async () => {
    person = newPerson();
    const registered = await call('A', 'POST', AUTH_PATHS.register, {
      json: { ...person, captchaToken: await captcha('A') },
    });
    expect(registered.status).toBe(201);
    const signedIn = await call('A', 'POST', AUTH_PATHS.login, {
      json: { email: person.email, password: person.password, captchaToken: await captcha('A') },
    });
    expect(signedIn.status).toBe(200);
    session = signedIn.body as LoginResponse;
    const me = await call('B', 'GET', AUTH_PATHS.userMe, { token: session.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: person.email });
    done.push('signed in on A; B answered /user/me for the same session');
  });

  it('counts the contact-form limit once for both', async () => {
    const message = (n: number) => ({
      json: { email: 'visitor@example.com', comments: `Message ${n}`, language: 'EN' },
    });
    const statuses: number[] = [];
    for (const [n, to] of (['A', 'B', 'A', 'B', 'A'] as const).entries()) {
      statuses.push((await call(to, 'POST', CONTACT_PATHS.contactUs, message(n))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    done.push(`contact form with a limit of 3, sent A B A B A: ${statuses.join(' ')}`);
  });

  it('checks on B the email code A sent, read from the outbox through B', async () => {
    const sent = await call('A', 'POST', REGISTRATION_PATHS.sendCode('email'), {
      token: session.accessToken,
    });
    expect(sent.status).toBe(200);
    const outbox = await call(
      'B',
      'GET',
      `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(person.email)}`,
    );
    expect(outbox.status).toBe(200);
    const code = /\b(\d{6})\b/.exec(outbox.body[0]?.body ?? '')?.[1];
    expect(code).toBeDefined();
    const verified = await call('B', 'POST', REGISTRATION_PATHS.verifyCode('email'), {
      token: session.accessToken,
      json: { code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.email.verified).toBe(true);
    done.push('A sent an email code; B read it from the outbox and accepted it');
  });

  it('downloads through B, byte for byte, a document uploaded through A', async () => {
    const [organization] = await database.db.orm
      .insert(organizations)
      .values({
        tenant: 'arkcash',
        userId: session.userDetails!.id,
        organizationType: 'SOLE_PROP',
        companyName: 'Kedai Runcit Dua Proses',
        newBusinessRegistrationNo: '202403008888',
        applicantName: 'Aisyah binti Ahmad',
        applicantEmail: person.email,
      })
      .returning();
    const [application] = await database.db.orm
      .insert(applications)
      .values({
        tenant: 'arkcash',
        userId: session.userDetails!.id,
        organizationId: organization!.id,
        referenceNo: `TWO-${randomUUID().slice(0, 8)}`,
        status: 'DRAFT',
      })
      .returning();
    const content = pdf(300 * 1024);
    const { payload, contentType } = multipart([
      { name: 'applicationId', value: application!.id },
      { name: 'fileType', value: 'BANK_STATEMENT' },
      { name: 'file', file: { filename: 'Penyata.pdf', content } },
    ]);
    const uploaded = await call('A', 'POST', FILE_PATHS.upload, {
      token: session.accessToken,
      body: payload,
      contentType,
    });
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body.id as string;
    const stored = await s3FileStorage(s3.settings).get(`${application!.id}/${fileId}`);
    expect(stored?.includes(Buffer.from('%PDF'))).toBe(false);
    const downloaded = await call('B', 'GET', FILE_PATHS.byId(fileId), {
      token: session.accessToken,
    });
    expect(downloaded.status).toBe(200);
    expect(downloaded.bytes.equals(content)).toBe(true);
    done.push(
      `uploaded ${content.length} bytes through A (kept sealed in the bucket), B gave them back`,
    );
  });
});
