import { CONTACT_RATE_LIMIT_DEFAULT } from '@lending/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';

import { contactMessages } from '../../db/schema';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

const URL = '/arkcash/api/v1.0/contact-us';

describe.each(databases())('contact us on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(() => t.close());

  // Each post comes from its own address, so only the rate-limit test meets the limit.
  let client = 0;
  async function post(payload: unknown, options: Partial<InjectOptions> = {}) {
    client += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: payload as InjectOptions['payload'],
      remoteAddress: `203.0.113.${client}`,
      ...options,
    });
    return { status: response.statusCode, body: response.json() };
  }

  it('stores a message for the tenant, with the email trimmed and lower-cased', async () => {
    const { status, body } = await post(
      {
        name: '  Aisyah binti Ahmad ',
        email: '  Aisyah@Example.com ',
        comments: '  When will my loan be disbursed?  ',
        language: 'MS',
      },
      { headers: { 'x-tenant': 'redcash' } },
    );
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(String),
      referenceNo: expect.stringMatching(/^CU-\d{6}$/),
      createdAt: expect.any(String),
    });
    const [stored] = await t.db.orm
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, body.id));
    expect(stored).toMatchObject({
      tenant: 'redcash',
      name: 'Aisyah binti Ahmad',
      email: 'aisyah@example.com',
      comments: 'When will my loan be disbursed?',
      language: 'MS',
    });
    expect(stored!.createdAt.toISOString()).toBe(body.createdAt);
  });

  it('takes a message without a name for the default tenant', async () => {
    const { status, body } = await post({ email: 'a@example.com', comments: 'Hi', language: 'EN' });
    expect(status).toBe(201);
    const [stored] = await t.db.orm
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, body.id));
    expect(stored).toMatchObject({ tenant: 'arkcash', name: null });
  });

  it('refuses empty comments, even made of spaces', async () => {
    for (const comments of ['', '   ']) {
      expect(await post({ email: 'a@example.com', comments, language: 'EN' })).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Comments cannot be empty',
          code: 'VALIDATION_FAILED',
        },
      });
    }
    expect(await post({ email: 'a@example.com', language: 'EN' })).toMatchObject({
      status: 400,
      body: { message: 'Comments cannot be empty' },
    });
  });

  it('refuses a missing or malformed email', async () => {
    expect(await post({ comments: 'Hello', language: 'EN' })).toMatchObject({
      status: 400,
      body: { message: 'email is required' },
    });
    for (const email of ['not-an-email', 'a@b', 'a b@example.com']) {
      expect(await post({ email, comments: 'Hello', language: 'EN' })).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'email must be a valid email',
          code: 'VALIDATION_FAILED',
        },
      });
    }
  });

  it('refuses overlong fields and an unknown language', async () => {
    const base = { email: 'a@example.com', comments: 'Hello', language: 'EN' };
    expect((await post({ ...base, comments: 'x'.repeat(2001) })).body.message).toBe(
      'comments must be at most 2000 characters',
    );
    expect((await post({ ...base, name: 'x'.repeat(201) })).body.message).toBe(
      'name must be at most 200 characters',
    );
    expect((await post({ ...base, language: 'FR' })).body.message).toBe(
      'language must be one of EN, MS',
    );
  });

  it(`stops a client after ${CONTACT_RATE_LIMIT_DEFAULT} messages in 10 minutes, with the error shape`, async () => {
    const message = { email: 'busy@example.com', comments: 'Hello', language: 'EN' };
    const send = () =>
      t.app.inject({ method: 'POST', url: URL, payload: message, remoteAddress: '198.51.100.7' });
    for (let i = 0; i < CONTACT_RATE_LIMIT_DEFAULT; i += 1)
      expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/^Too many requests, please try again in /),
      code: 'RATE_LIMITED',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another client is not affected.
    expect((await post(message)).status).toBe(201);
  });
});

describe.each(databases())('contact us with a configured limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind, { contactRateLimit: 2 });
  });
  afterAll(() => t.close());

  it('answers 429 once the configured number of messages is reached', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: URL,
        payload: { email: 'a@example.com', comments: 'Hello', language: 'EN' },
        remoteAddress: '192.0.2.10',
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    expect((await send()).json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  });
});
