import { type Caller, caller, register } from '../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../testing/test-db';

describe.each(databases())('values no store can hold, on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  let token: string;

  beforeAll(async () => {
    t = await openTestApp(kind);
    call = caller(t.app);
    token = (await register(call)).session.accessToken;
  });
  afterAll(() => t.close());

  it.each(['1e309', 'Infinity', '-1e309'])(
    'refuses %s in an integer query parameter',
    async (value) => {
      const answer = await call('GET', `/api/city?stateId=${value}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: 'stateId must be a finite number',
      });
    },
  );

  it('refuses 1e309 in a JSON body', async () => {
    const answer = await t.app.inject({
      method: 'PATCH',
      url: '/arkcash/api/v1.0/user/update-password',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"currentPassword":"a","newPassword":"b","n":1e309}',
    });
    expect(answer.statusCode).toBe(400);
  });

  it('refuses a NUL character in a path, a query and a body', async () => {
    // Every path parameter has a pattern now (personal data left the paths), so the schema
    // refuses a NUL there before the guard would.
    const inPath = await call('GET', '/arkcash/api/v1.0/user/a%00b', { token });
    expect(inPath.status).toBe(400);
    expect(inPath.body.message).toBe('userId must be a valid id');
    const inQuery = await call('GET', '/api/product/single?referralCode=a%00b');
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.message).toBe('referralCode must not contain a NUL character');
    const inBody = await call('POST', '/api/auth/login', {
      body: { email: 'a@example.com', password: 'pass\u0000word', captchaToken: 'x' },
    });
    expect(inBody.status).toBe(400);
    expect(inBody.body.message).toBe('password must not contain a NUL character');
  });

  it('leaves ordinary values alone', async () => {
    expect((await call('GET', '/api/natureOfBusiness?page=1&pageSize=5')).status).toBe(200);
  });
});
