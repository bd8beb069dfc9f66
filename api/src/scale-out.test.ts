// The API runs as several processes behind the gateway. With Redis configured they count every
// limit together; without it (one process on a laptop) each counts its own.
import { AUTH_PATHS } from '@lending/contracts';

import { type App, buildApp } from './app';
import {
  databases,
  openTestDatabase,
  testCounterOptions,
  type TestDatabase,
} from './testing/test-db';
import { redisUrlForTests } from './testing/test-redis';

const shared = redisUrlForTests() !== undefined;

describe.each(databases('concurrency'))('two API processes on %s', (kind) => {
  let database: TestDatabase;
  let one: App;
  let two: App;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Both processes of one deployment: the same database, Redis and key prefix.
    const counters = testCounterOptions();
    const build = () =>
      buildApp({
        db: database.db,
        logLevel: 'silent',
        ...counters,
        contactRateLimit: 2,
        authLimits: { loginPerAccount: 4, loginPerIp: 100 },
      });
    one = await build();
    two = await build();
    await Promise.all([one.ready(), two.ready()]);
  });
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
    await database.close();
  });

  it(
    shared ? 'count a route limit together in Redis' : 'count a route limit each on its own',
    async () => {
      const send = (app: App) =>
        app.inject({
          method: 'POST',
          url: '/arkcash/api/v1.0/contact-us',
          payload: { email: 'a@example.com', comments: 'Hello', language: 'EN' },
          remoteAddress: '192.0.2.20',
        });
      expect((await send(one)).statusCode).toBe(201);
      expect((await send(two)).statusCode).toBe(201);
      expect((await send(two)).statusCode).toBe(shared ? 429 : 201);
      expect((await send(one)).statusCode).toBe(shared ? 429 : 201);
    },
  );

  it(
    shared
      ? 'count sign-in attempts at one account together in Redis'
      : 'count sign-in attempts at one account each on its own',
    async () => {
      const attempt = (app: App) =>
        app.inject({
          method: 'POST',
          url: AUTH_PATHS.staffLogin,
          payload: { email: 'nobody.staff@example.com', password: 'a wrong guess' },
          remoteAddress: '192.0.2.21',
        });
      for (const app of [one, one, two, two]) expect((await attempt(app)).statusCode).toBe(401);
      const next = await attempt(shared ? two : one);
      expect(next.statusCode).toBe(shared ? 429 : 401);
      if (shared) {
        expect(next.json()).toMatchObject({
          message: expect.stringMatching(/^Too many attempts, please try again in /),
        });
        expect((await attempt(one)).statusCode).toBe(429);
      }
    },
  );
});
