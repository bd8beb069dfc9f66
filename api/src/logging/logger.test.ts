import { Writable } from 'node:stream';

import Fastify, { LogController } from 'fastify';

import { loggerOptions, logRequests } from './logger';

function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

describe('the API logger', () => {
  it('masks emails and NRIC numbers and drops secrets from what is logged', async () => {
    const { lines, stream } = captureLogs();
    const app = Fastify({ logger: loggerOptions('info', stream) });
    app.get('/echo', async (request) => {
      request.log.info(
        { applicant: { email: 'john@example.com', nric: '900101145678', password: 'hunter22' } },
        'checked 880202-10-1234 for jane@example.com',
      );
      return { ok: true };
    });
    await app.inject({
      method: 'GET',
      url: '/echo?email=john@example.com',
      headers: { authorization: 'Bearer secret-token' },
    });
    await app.close();
    const output = lines.join('');
    expect(output).toContain('j***@example.com');
    expect(output).toContain('900101******');
    expect(output).toContain('checked 880202-**-**** for j***@example.com');
    expect(output).not.toContain('john@example.com');
    expect(output).not.toContain('900101145678');
    expect(output).not.toContain('hunter22');
    expect(output).not.toContain('secret-token');
  });

  it('masks error messages and keeps no personal data in stacks', async () => {
    const { lines, stream } = captureLogs();
    const app = Fastify({ logger: loggerOptions('info', stream) });
    app.log.error({ err: new Error('no user john@example.com') }, 'failed');
    await app.close();
    const output = lines.join('');
    expect(output).toContain('no user j***@example.com');
    expect(output).not.toContain('john@example.com');
  });

  it('logs one line per request with its route pattern, never the address, query or client', async () => {
    const { lines, stream } = captureLogs();
    const app = Fastify({
      logger: loggerOptions('info', stream),
      logController: new LogController({ disableRequestLogging: true }),
    });
    logRequests(app);
    app.get('/api/users/:email', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/api/users/john.tan%40example.com?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig&phone=0123456789',
    });
    await app.inject({ method: 'GET', url: '/nowhere/ali%40example.com?token=abc' });
    await app.close();
    const requestLines = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/users/:email',
      status: 200,
    });
    expect(requestLines[1]).toMatchObject({ route: '/nowhere/a***@example.com', status: 404 });
    const output = lines.join('');
    for (const secret of ['john', 'ali%40', 'ali@', 'eyJ', '0123456789', 'token', '127.0.0.1'])
      expect(output).not.toContain(secret);
  });
});
