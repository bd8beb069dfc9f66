// Bad requests generated from the OpenAPI document's schemas, across every operation, each with
// a token the operation accepts so they get past authorization: whatever is wrong with a request
// is answered as a 4xx with the usual error body, never a 5xx, a stack trace or SQL.
import fc from 'fast-check';

import { nextIp } from '../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../testing/test-db';
import { type BadRequest, badRequestsFor, leaks, tokensForEveryOperation } from './bad-requests';
import { type Operation, operationsOf } from './openapi-operations';

const REQUESTS = 10_000;

describe.each(databases())('bad requests from the OpenAPI schemas on %s', (kind) => {
  let t: TestApp;
  let operations: Operation[];
  let tokenFor: (operation: Operation) => string | null;

  beforeAll(async () => {
    t = await openTestApp(kind);
    operations = operationsOf(t.app);
    tokenFor = await tokensForEveryOperation(t, 'every-role@fuzz.test');
    // A fresh database, two password hashes and the whole app: on a busy machine this has taken
    // more than the 30 s every suite gets by default.
  }, 120_000);
  afterAll(() => t.close());

  it(`answers ${REQUESTS} bad requests with a 4xx and nothing of its insides`, async () => {
    const requests = fc.oneof(
      ...operations.map((operation) => badRequestsFor(operation, tokenFor(operation))),
    );
    let sent = 0;
    const statuses = new Map<number, number>();
    const started = Date.now();
    const answer = async (request: BadRequest) => {
      sent += 1;
      const response = await t.app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        remoteAddress: nextIp(),
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const problem =
        response.statusCode >= 500
          ? `answered ${response.statusCode}`
          : response.statusCode >= 400
            ? leaks(response.body)
            : null;
      if (problem) {
        throw new Error(
          `${request.method} ${request.url.slice(0, 200)} (${request.mutation}) ${problem}: ` +
            response.body.slice(0, 300),
        );
      }
    };
    await fc.assert(fc.asyncProperty(requests, answer), {
      numRuns: REQUESTS,
      // A failure is reported as found: each shrinking step is another request.
      endOnFailure: true,
    });
    const seconds = (Date.now() - started) / 1000;
    const counts = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    process.stdout.write(
      `fuzz: ${sent} bad requests over ${operations.length} operations in ${seconds.toFixed(1)} s ` +
        `(${counts})\n`,
    );
    expect(sent).toBeGreaterThanOrEqual(REQUESTS);
  }, 300_000);
});
