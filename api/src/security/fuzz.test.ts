// Bad requests generated from the OpenAPI document's schemas, across every operation, each with
// a token the operation accepts so they get past authorization: whatever is wrong with a request
// is answered as a 4xx with the usual error body, never a 5xx, a stack trace or SQL. Operations on an
// agreement or a guarantor also get requests naming the caller's own, at the stage they act on.
import { randomBytes } from 'node:crypto';

import fc from 'fast-check';

import { createSealer } from '../crypto/sealed';
import { MeetingParamsSchema, MeetingQuerySchema } from '../modules/attestation/schemas';
import { BankPageParamsSchema } from '../modules/mandates/schemas';
import {
  agreementWithParties,
  BORROWER_NRIC,
  director,
  guarantorIdOf,
  type PartiesAgreement,
} from '../testing/agreement-parties';
import { caller, nextIp } from '../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../testing/test-db';
import { type BadRequest, badRequestsFor, leaks, tokensForEveryOperation } from './bad-requests';
import { type JsonSchema, type Operation, operationsOf } from './openapi-operations';

const REQUESTS = 10_000;
const DATA_KEY = randomBytes(32).toString('hex');

/** Real records for an operation's path, and the token of whoever they belong to. */
interface Known {
  token: string;
  values: Record<string, string>;
}

describe.each(databases())('bad requests from the OpenAPI schemas on %s', (kind) => {
  let t: TestApp;
  let operations: Operation[];
  let tokenFor: (operation: Operation) => string | null;
  let knownFor: (operation: Operation) => Known | null;

  beforeAll(async () => {
    t = await openTestApp(kind, { dataKey: DATA_KEY });
    operations = [...operationsOf(t.app), ...sandboxPages()];
    tokenFor = await tokensForEveryOperation(t, 'every-role@fuzz.test');
    knownFor = await agreementsAlongTheJourney(t);
    // A fresh database, two password hashes and the whole app: on a busy machine this has taken
    // more than the 30 s every suite gets by default.
  }, 120_000);
  afterAll(() => t.close());

  it(`answers ${REQUESTS} bad requests with a 4xx and nothing of its insides`, async () => {
    // Half of an operation's requests name a real agreement (or guarantor) of the caller's, so
    // that bad input reaches the code past the ownership check.
    const requests = fc.oneof(
      ...operations.map((operation) => {
        const random = badRequestsFor(operation, tokenFor(operation));
        const known = knownFor(operation);
        return known
          ? fc.oneof(random, badRequestsFor(operation, known.token, known.values))
          : random;
      }),
    );
    let sent = 0;
    const statuses = new Map<number, number>();
    const started = Date.now();
    const answer = async (request: BadRequest) => {
      sent += 1;
      const response = await t.app.inject({
        method: request.method,
        url: request.url,
        // Every other request as a client that asks for JSON: pages answer those in JSON too.
        headers: sent % 2 ? { ...request.headers, accept: 'application/json' } : request.headers,
        remoteAddress: nextIp(),
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const problem =
        response.statusCode >= 500
          ? `answered ${response.statusCode}`
          : response.statusCode >= 400
            ? (leaks(response.body) ??
              // The sandbox's pages (a bank's, a meeting's) answer a browser with a page.
              (String(response.headers['content-type']).startsWith('text/html')
                ? null
                : notTheErrorBody(response.statusCode, response.body)))
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

/**
 * An agreement at each stage its routes act on, each its borrower's own, and a guarantor's link:
 * for each operation naming an agreement, a guarantor or a borrower's identity number, the stage
 * its requests are made at.
 */
async function agreementsAlongTheJourney(
  t: TestApp,
): Promise<(operation: Operation) => Known | null> {
  const call = caller(t.app);
  const sealer = createSealer(Buffer.from(DATA_KEY, 'hex'));
  const at = (status: Parameters<typeof agreementWithParties>[4], guarantors = 0) =>
    agreementWithParties(
      t.app,
      t.db.orm,
      call,
      sealer,
      status,
      Array.from({ length: guarantors }, (_, i) => director(`Penjamin ${i + 1}`)),
    );
  const offer = await at('LOANAPPLICATIONAPPROVED');
  const attestation = await at('ATTESTATIONOPTION');
  const signing = await at('PENDING_SIGNING');
  const guaranteed = await at('SIGNED', 1);
  const link = guaranteed.links[0]!;
  const guarantorId = await guarantorIdOf(call, link);
  const of = (made: PartiesAgreement): Known => ({
    token: made.borrower.token,
    values: { agreementId: made.agreement.id, nric: BORROWER_NRIC },
  });
  return (operation) => {
    const path = operation.path;
    if (path.includes('{guarantorId}')) return { token: link, values: { guarantorId } };
    if (path.startsWith('/api/staff/')) return null;
    if (path.startsWith('/api/attestation/{agreementId}')) return of(attestation);
    if (path.includes('{nric}')) return of(signing);
    if (/\/(signing|request-tac|sign|direct-debit|preview|e-certificate)\b/.test(path)) {
      return path.includes('e-certificate') ? of(guaranteed) : of(signing);
    }
    if (path.includes('{agreementId}')) return of(offer);
    return null;
  };
}

/** Every refusal carries the one error body: its status, a message to show, a code to branch on. */
function notTheErrorBody(status: number, text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'an error body that is not JSON';
  }
  const { statusCode, message, code, error } = (body ?? {}) as Record<string, unknown>;
  return statusCode === status &&
    typeof message === 'string' &&
    typeof code === 'string' &&
    typeof error === 'string'
    ? null
    : 'an error body without statusCode, error, message and code';
}

/** The sandbox's pages a browser opens (a bank's, a meeting's): left out of the document, as no
 *  client calls them, and fuzzed all the same. */
function sandboxPages(): Operation[] {
  const page = (
    method: Operation['method'],
    path: string,
    params: JsonSchema,
    query?: JsonSchema,
  ): Operation => ({
    key: `${method} ${path}`,
    method,
    path,
    access: { kind: 'public' },
    parameters: [
      ...Object.entries(params.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'path' as const,
        required: true,
        schema,
      })),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query' as const,
        schema,
      })),
    ],
    jsonBody: undefined,
    bodyTypes: [],
  });
  const bank = BankPageParamsSchema as JsonSchema;
  const meeting = MeetingParamsSchema as JsonSchema;
  const meetingQuery = MeetingQuerySchema as JsonSchema;
  return [
    page('GET', '/api/sandbox/emandate/{token}', bank),
    page('GET', '/api/sandbox/meeting/{meetingId}', meeting, meetingQuery),
    page('GET', '/api/sandbox/meeting/{meetingId}/presence', meeting, meetingQuery),
    page('POST', '/api/sandbox/meeting/{meetingId}/presence', meeting, meetingQuery),
  ];
}
