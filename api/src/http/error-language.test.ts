// The API answers a refusal in the language the request asks for (Accept-Language), with the
// same status and code either way, and logs the same lines either way.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import {
  APPLICATION_PATHS,
  AUTH_PATHS,
  CONTACT_RATE_LIMIT_DEFAULT,
  MASTER_PATHS,
} from '@lending/contracts';
import type { InjectOptions } from 'fastify';

import { caller, nextIp, register, solveCaptcha } from '../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../testing/test-db';
import { malayOf } from './malay';

type Ask = {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  token?: string;
  language?: string;
};

describe.each(databases())('refusals in the reader’s language on %s', (kind) => {
  let t: TestApp;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await openTestApp(kind, {
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    });
  });
  afterAll(() => t.close());

  async function ask({ method, url, body, token, language }: Ask) {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(language !== undefined ? { 'accept-language': language } : {}),
      },
      remoteAddress: nextIp(),
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });
    return {
      status: response.statusCode,
      body: response.json() as Record<string, unknown>,
      vary: String(response.headers.vary ?? ''),
    };
  }

  /** The same request with no language, in Malay (`ms-MY`) and preferring English. */
  async function inEachLanguage(request: () => Promise<Ask> | Ask) {
    const en = await ask(await request());
    const ms = await ask({ ...(await request()), language: 'ms-MY' });
    const preferEnglish = await ask({ ...(await request()), language: 'en-GB,ms;q=0.9' });
    expect(ms.status).toBe(en.status);
    expect(ms.body.code).toBe(en.body.code);
    expect(ms.body.statusCode).toBe(en.body.statusCode);
    expect(ms.body.error).toBe(en.body.error);
    expect(preferEnglish.body).toEqual(en.body);
    expect(ms.vary).toContain('Accept-Language');
    return { en: en.body, ms: ms.body, status: en.status };
  }

  it('answers a wrong sign-in in Malay when asked', async () => {
    const call = caller(t.app);
    const { person } = await register(call);
    const answers = await inEachLanguage(async () => ({
      method: 'POST',
      url: AUTH_PATHS.login,
      body: {
        email: person.email,
        password: 'Not-the-password-1',
        captchaToken: await solveCaptcha(call),
      },
    }));
    expect(answers.status).toBe(401);
    expect(answers.en).toMatchObject({
      message: 'Invalid email or password',
      code: 'UNAUTHENTICATED',
    });
    expect(answers.ms).toMatchObject({
      message: 'E-mel atau kata laluan tidak sah',
      code: 'UNAUTHENTICATED',
    });
  });

  it('answers a missing application of the applicant’s own in Malay when asked', async () => {
    const { session } = await register(caller(t.app));
    const answers = await inEachLanguage(() => ({
      method: 'GET',
      url: APPLICATION_PATHS.byId(randomUUID()),
      token: session.accessToken,
    }));
    expect(answers.status).toBe(404);
    expect(answers.en).toMatchObject({
      message: 'Application Not Found',
      code: 'APPLICATION_NOT_FOUND',
    });
    expect(answers.ms).toMatchObject({
      message: 'Permohonan tidak dijumpai',
      code: 'APPLICATION_NOT_FOUND',
    });
  });

  it('answers a request the schema refuses in Malay when asked, naming the same field', async () => {
    const answers = await inEachLanguage(() => ({
      method: 'GET',
      url: MASTER_PATHS.postcode('5O000'),
    }));
    expect(answers.status).toBe(400);
    expect(answers.en).toMatchObject({
      message: 'postcode must be 5 digits',
      code: 'VALIDATION_FAILED',
    });
    expect(answers.ms).toMatchObject({
      message: 'postcode mestilah 5 digit',
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers an address the API does not have in Malay when asked', async () => {
    const answers = await inEachLanguage(() => ({ method: 'GET', url: '/api/no-such-thing' }));
    expect(answers.status).toBe(404);
    expect(answers.en).toMatchObject({ message: 'Not Found', code: 'NOT_FOUND' });
    expect(answers.ms).toMatchObject({ message: 'Tidak dijumpai', code: 'NOT_FOUND' });
  });

  it('answers the rate limiter in Malay when asked, with the same code', async () => {
    const send = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/arkcash/api/v1.0/contact-us',
        payload: { email: 'busy@example.com', comments: 'Hello', language: 'MS' },
        headers: language ? { 'accept-language': language } : {},
        remoteAddress: '198.51.100.9',
      });
    for (let i = 0; i < CONTACT_RATE_LIMIT_DEFAULT; i += 1) {
      expect((await send()).statusCode).toBe(201);
    }
    const english = await send();
    const malay = await send('ms');
    expect(english.statusCode).toBe(429);
    expect(malay.statusCode).toBe(429);
    expect(english.json()).toMatchObject({
      message: expect.stringMatching(/^Too many requests, please try again in \d+ minutes?$/),
      code: 'RATE_LIMITED',
    });
    expect(malay.json()).toMatchObject({
      message: expect.stringMatching(/^Terlalu banyak permintaan, sila cuba lagi dalam \d+ saat$/),
      code: 'RATE_LIMITED',
    });
  });

  it('logs a refusal the same way whatever the language of the answer', async () => {
    const linesOf = async (language?: string) => {
      logs.length = 0;
      await ask({ method: 'GET', url: '/api/no-such-thing', ...(language ? { language } : {}) });
      await ask({
        method: 'GET',
        url: MASTER_PATHS.postcode('5O000'),
        ...(language ? { language } : {}),
      });
      // Without what differs from one request to the next by nature.
      return logs.map((line) => line.replace(/"(time|reqId|ms)":("[^"]*"|[\d.]+)/g, '"$1":-'));
    };
    const english = await linesOf();
    const malay = await linesOf('ms-MY');
    expect(english).toHaveLength(2);
    expect(malay).toEqual(english);
  });

  it('has Malay for every sentence the route schemas give their fields', () => {
    const found: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (!value || typeof value !== 'object') return;
      for (const [key, child] of Object.entries(value)) {
        if (key === 'x-message' && typeof child === 'string') found.push(child);
        if (key === 'x-sentences' && child && typeof child === 'object') {
          found.push(
            ...Object.values(child).filter((one): one is string => typeof one === 'string'),
          );
        }
        walk(child);
      }
    };
    walk(t.app.swagger());
    expect(found).toContain('Please enter all 6 digits of the code');
    expect(found).toContain('must be 5 digits');
    const missing = [...new Set(found)].filter((text) => malayOf(text) === undefined);
    expect(missing).toEqual([]);
  });
});
