// Links a person follows name the address they reached the platform at when it is one of this
// machine's own (a person who opened 127.0.0.1 is signed in there, not at localhost), and
// PUBLIC_URL whenever it is set.
import { randomBytes } from 'node:crypto';

import { AUTH_PATHS, EKYC_PATHS } from '@lending/contracts';

import { createSealer } from '../crypto/sealed';
import { applicationSections } from '../db/schema';
import {
  type Caller,
  LOCAL_CLIENT,
  newPerson,
  register,
  solveCaptcha,
} from '../testing/auth-helpers';
import { pendingApplication } from '../testing/decisions';
import { databases, openTestApp, type TestApp } from '../testing/test-db';
import { PROXY_SECRET_HEADER } from './forwarded';

const PROXY_SECRET = 'gateway-secret-for-links';
const DATA_KEY = randomBytes(32).toString('hex');

/** Calls as a browser at `headers.host` (or through the gateway, with its headers) would. */
function callerWith(t: TestApp, headers: Record<string, string>): Caller {
  return async (method, url, options = {}) => {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        ...headers,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      remoteAddress: options.ip ?? LOCAL_CLIENT.ip,
      ...(options.body !== undefined ? { payload: options.body as never } : {}),
    });
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return {
      status: response.statusCode,
      body: json ? response.json() : response.body,
      headers: response.headers,
    };
  };
}

/** The link of the password-reset email asked for by a client sending `headers`. */
async function resetLinkAsked(t: TestApp, headers: Record<string, string>): Promise<string> {
  const call = callerWith(t, headers);
  const { person } = await register(call, newPerson());
  const asked = await call('POST', AUTH_PATHS.requestResetPassword, {
    body: { email: person.email, captchaToken: await solveCaptcha(call) },
  });
  expect(asked.status).toBe(200);
  await t.app.settle();
  const mails = await call(
    'GET',
    `${AUTH_PATHS.sandboxOutbox}?to=${encodeURIComponent(person.email)}`,
  );
  return mails.body[0].links[0] as string;
}

describe.each(databases())('links in emails and the capture QR code on %s', (kind) => {
  describe('without PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await openTestApp(kind, {
        servedAt: 'http://localhost:3500',
        proxySecret: PROXY_SECRET,
        trustProxy: 'loopback',
        dataKey: DATA_KEY,
      });
    });
    afterAll(() => t.close());

    it('names 127.0.0.1 to a person who opened 127.0.0.1, and localhost to one who opened localhost', async () => {
      expect(await resetLinkAsked(t, { host: '127.0.0.1:3500' })).toMatch(
        /^http:\/\/127\.0\.0\.1:3500\/reset-password\?token=/,
      );
      expect(await resetLinkAsked(t, { host: 'localhost:3500' })).toMatch(
        /^http:\/\/localhost:3500\/reset-password\?token=/,
      );
    });

    it('believes the host the gateway forwards, and only from the gateway', async () => {
      const forwarded = { 'x-forwarded-host': '127.0.0.1:3500', 'x-forwarded-proto': 'http' };
      expect(
        await resetLinkAsked(t, {
          host: 'localhost:3501',
          ...forwarded,
          [PROXY_SECRET_HEADER]: PROXY_SECRET,
        }),
      ).toMatch(/^http:\/\/127\.0\.0\.1:3500\/reset-password\?token=/);
      expect(await resetLinkAsked(t, { host: 'localhost:3501', ...forwarded })).toMatch(
        /^http:\/\/localhost:3501\/reset-password\?token=/,
      );
    });

    it('never names a host the request chose that is not this machine', async () => {
      expect(await resetLinkAsked(t, { host: 'evil.example' })).toMatch(
        /^http:\/\/localhost:3500\/reset-password\?token=/,
      );
    });

    it('puts the address the applicant opened in the identity capture QR code', async () => {
      const call = callerWith(t, { host: '127.0.0.1:3500' });
      const { session } = await register(call, newPerson());
      const applicationId = await pendingApplication(t.db.orm, session.userDetails!.id);
      await t.db.orm.insert(applicationSections).values({
        applicationId,
        section: 'applicant',
        sealedData: createSealer(Buffer.from(DATA_KEY, 'hex')).sealJson({
          name: 'Aminah',
          identityCardType: 'MYKAD',
          identityCardNo: '900101145678',
        }),
      });
      const started = await call('POST', EKYC_PATHS.start, {
        token: session.accessToken,
        body: { applicationId, language: 'EN' },
      });
      expect(started.status).toBe(201);
      expect(started.body.captureUrl).toMatch(
        /^http:\/\/127\.0\.0\.1:3500\/api\/sandbox\/ekyc\/[\w-]{40,}$/,
      );
    });
  });

  describe('with PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await openTestApp(kind, { publicUrl: 'https://apply.example.com' });
    });
    afterAll(() => t.close());

    it('names PUBLIC_URL whatever address the request came to', async () => {
      expect(await resetLinkAsked(t, { host: '127.0.0.1:3000' })).toMatch(
        /^https:\/\/apply\.example\.com\/reset-password\?token=/,
      );
    });
  });
});
