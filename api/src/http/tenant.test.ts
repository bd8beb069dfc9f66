import { AUTH_PATHS } from '@lending/contracts';

import { type App, buildApp } from '../app';
import { type Caller, caller, claimsOf, register } from '../testing/auth-helpers';
import { databases, openTestDatabase, type TestDatabase } from '../testing/test-db';

describe.each(databases())("a request's tenant on %s", (kind) => {
  let database: TestDatabase;
  let app: App;
  let call: Caller;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ db: database.db, logLevel: 'silent' });
    call = caller(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("refuses a signed-in applicant's request that names another tenant than the session's", async () => {
    const { session } = await register(call, undefined, 'redcash');
    expect(claimsOf(session.accessToken).tenant).toBe('redcash');
    const token = session.accessToken;

    const own = await call('GET', AUTH_PATHS.userMe, { token, tenant: 'redcash' });
    expect(own.status).toBe(200);
    const unnamed = await call('GET', AUTH_PATHS.userMe, { token });
    expect(unnamed.status).toBe(200);

    const other = await call('GET', AUTH_PATHS.userMe, { token, tenant: 'arkcash' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Forbidden');
  });
});
