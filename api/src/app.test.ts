import { Writable } from 'node:stream';

import { eq } from 'drizzle-orm';

import { type App, buildApp } from './app';
import { auditLog } from './db/schema';
import { access } from './http/access';
import { createAudit } from './kernel/audit';
import { databases, openTestDatabase, type TestDatabase } from './testing/test-db';

describe.each(databases())('the HTTP layer on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const logs: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      db: database.db,
      logLevel: 'error',
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString());
          done();
        },
      }),
    });
    // A route that fails the way a bug would, to see what the client gets.
    app.get('/api/test/boom', { config: { access: access.public } }, async () => {
      throw new Error('lost the connection while reading 900101145678 for john@example.com');
    });
    // A route that audits a change, to see the row name the request.
    app.get('/api/test/audited', { config: { access: access.public } }, async (request) => {
      await createAudit(database.db.orm)({
        action: 'file.deleted',
        actor: null,
        subject: null,
        entity: 'file:audited-in-request',
      });
      return { requestId: request.id };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers an unknown route with the error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Not Found',
      code: 'NOT_FOUND',
    });
  });

  it('records the request id on audit rows written while answering', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/audited' });
    const [row] = await database.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'file:audited-in-request'));
    expect(row!.requestId).toBe(response.json().requestId);
    expect(row!.requestId).toEqual(expect.any(String));
  });

  it('answers malformed JSON with a 400 and no stack', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/arkcash/api/v1.0/contact-us',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", "comments": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON',
      code: 'INVALID_JSON',
    });
    expect(response.body).not.toMatch(/\bat \S+ \(|stack/i);
  });

  it('answers a missing body and a wrong media type as bad input', async () => {
    const missing = await app.inject({ method: 'POST', url: '/arkcash/api/v1.0/contact-us' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'body must be an object',
      code: 'VALIDATION_FAILED',
    });
    const text = await app.inject({
      method: 'POST',
      url: '/arkcash/api/v1.0/contact-us',
      headers: { 'content-type': 'application/xml' },
      payload: '<message/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      statusCode: 415,
      error: 'Unsupported Media Type',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/arkcash/api/v1.0/contact-us',
      payload: { email: 'a@example.com', comments: 'x'.repeat(1024 * 1024), language: 'EN' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('answers an unexpected failure with a plain 500 and logs it masked', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal server error',
      code: 'INTERNAL',
    });
    const logged = logs.join('');
    expect(logged).toContain('lost the connection while reading 900101****** for j***@example.com');
    expect(logged).not.toContain('john@example.com');
  });

  it('sends the security headers, on errors too', async () => {
    for (const url of ['/api/health', '/api/no-such-path']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeDefined();
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(String(response.headers['content-security-policy'])).toContain("style-src 'self'");
    }
  });

  it('publishes an OpenAPI document listing every path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/race',
        '/api/loanReason',
        '/api/nationality',
        '/api/bank',
        '/api/relationship',
        '/api/natureOfBusiness',
        '/api/referralSource',
        '/api/grossSalaryRange/company/{companyId}',
        '/api/employeeType/company/{companyId}',
        '/api/state',
        '/api/city',
        '/api/postcode/{postcode}',
        '/api/product/single',
        '/arkcash/api/v1.0/product/company/{companyId}/referralCode',
        '/api/companySettings/{key}/value',
        '/arkcash/api/v1.0/contact-us',
      ]),
    );
    expect(document.paths['/api/postcode/{postcode}'].get.tags).toEqual(['master']);
    expect(document.components.schemas.ApiError).toBeDefined();
  });

  it('serves the browsable documentation page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      response.statusCode === 302
        ? await app.inject({ method: 'GET', url: response.headers.location as string })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).toMatch(/style-src [^;]*'unsafe-inline'/);
  });

  it('keeps inline styles forbidden outside the documentation page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('refuses to register a route that does not say who may call it', async () => {
    const other = await buildApp({ db: database.db, logLevel: 'silent' });
    expect(() => other.get('/api/test/unguarded', async () => 'open')).toThrow(
      'GET /api/test/unguarded does not say who may call it',
    );
    await other.close();
  });
});
