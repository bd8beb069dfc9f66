import { STAFF_ROLES } from '@lending/contracts';
import fc from 'fast-check';

import { addStaff, caller, register, staffLogin } from '../testing/auth-helpers';
import type { TestApp } from '../testing/test-db';
import {
  fillPath,
  type JsonSchema,
  type Operation,
  percentEncoded,
  plainValue,
} from './openapi-operations';

/** A request as `inject` takes it, body already serialised. */
export interface BadRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was done to the operation's plain request, for the failure report. */
  mutation: string;
}

const NUL = '\u0000';

/** Text that no field should take and no store can hold as it is. */
const badText = fc.oneof(
  fc.constant(NUL),
  fc.string().map((text) => `${text}${NUL}${text}`),
  fc.constantFrom('x'.repeat(10_000), '\u{1F4A9}'.repeat(2_000), ' '.repeat(5_000)),
  fc.constantFrom('', ' ', '\t\n', '%', '%zz', '../../etc/passwd', "' OR 1=1 --", '\\', '"'),
  fc.constantFrom('\u202e', '\ud800', '\uffff', '<script>alert(1)</script>'),
  fc.string({ maxLength: 40 }),
);

/** Numbers as they may arrive in text: beyond every integer column, not numbers at all. */
const badNumberText = fc.constantFrom(
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  'NaN',
  '9007199254740993',
  '99999999999999999999999',
  '-1',
  '0',
  '1.5',
  '0x10',
  '1e3',
  '',
  ' 1',
  `1${NUL}`,
);

/** A JSON value of the wrong kind for most fields. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  badText,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e300),
  fc.constantFrom([], {}, [null], { a: { b: { c: NUL } } }, [1, 'two', null]),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Marks a value to be written into the JSON text as a literal no JSON.stringify makes. */
const RAW = '__raw_literal__';
const rawLiteral = fc
  .constantFrom('1e309', '-1e309', '1e-400', '123456789012345678901234567890')
  .map((literal) => `${RAW}${literal}${RAW}`);

function serialise(value: unknown): string {
  return JSON.stringify(value).replace(new RegExp(`"${RAW}([^"]*)${RAW}"`, 'g'), '$1');
}

/** A body the schema accepts, with every required field at a plain value. */
export function plainBody(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.type === 'object' || schema.properties) {
    const body: Record<string, unknown> = {};
    for (const name of schema.required ?? []) {
      body[name] = plainBody(schema.properties?.[name] ?? {});
    }
    return body;
  }
  if (schema.type === 'array') return [];
  return plainValue(schema);
}

function withQuery(path: string, pairs: [string, string][]): string {
  if (pairs.length === 0) return path;
  const query = pairs
    .map(([name, value]) => `${percentEncoded(name)}=${percentEncoded(value)}`)
    .join('&');
  return `${path}?${query}`;
}

/** A body with one field (at any depth of the plain body) replaced, removed, or added. */
function mutatedBody(schema: JsonSchema): fc.Arbitrary<{ body: unknown; mutation: string }> {
  const base = plainBody(schema) as Record<string, unknown>;
  const fields = Object.keys(schema.properties ?? {});
  const options: fc.Arbitrary<{ body: unknown; mutation: string }>[] = [
    fc
      .dictionary(
        fc.constantFrom('extra', '__proto__', 'constructor', 'a'.repeat(300)),
        wrongValue,
        {
          minKeys: 1,
          maxKeys: 2,
        },
      )
      .map((extra) => ({ body: { ...base, ...extra }, mutation: 'extra fields' })),
    wrongValue.map((body) => ({ body, mutation: 'a body of the wrong kind' })),
  ];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    options.push(
      fc.tuple(field, fc.oneof(wrongValue, rawLiteral)).map(([name, value]) => ({
        body: { ...base, [name]: value },
        mutation: `${name} = ${JSON.stringify(value).slice(0, 60)}`,
      })),
      field.map((name) => {
        const body = { ...base };
        delete body[name];
        return { body, mutation: `without ${name}` };
      }),
    );
  }
  return fc.oneof(...options);
}

const malformedJson = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', "{'a':1}", '{"a":NaN}', '\u0000{}'),
  fc.string({ maxLength: 30 }),
  fc.constant(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
  fc.constant(`{"a":"${'x'.repeat(200_000)}"}`),
);

/** Multipart bodies with fields of any text, a file cut short, or the end missing. */
const badMultipart = fc
  .record({
    applicationId: fc.oneof(badText, fc.uuid()),
    fileType: fc.oneof(badText, fc.constantFrom('SSM_DOCUMENT', 'BANK_STATEMENT')),
    content: fc.oneof(
      fc.constant(Buffer.from('%PDF-1.4\n')),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    ),
    cut: fc.nat({ max: 400 }),
    boundary: fc.constantFrom('b0undary', 'x', ''),
  })
  .map(({ applicationId, fileType, content, cut, boundary }) => {
    const separator = `--${boundary}\r\n`;
    const field = (name: string, value: string) =>
      `${separator}Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const whole = Buffer.concat([
      Buffer.from(field('applicationId', applicationId) + field('fileType', fileType)),
      Buffer.from(
        `${separator}Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const payload = cut > 0 && cut < whole.length ? whole.subarray(0, whole.length - cut) : whole;
    return {
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload,
      mutation: `applicationId ${JSON.stringify(applicationId.slice(0, 40))}, fileType ${JSON.stringify(
        fileType.slice(0, 40),
      )}, ${cut} bytes cut`,
    };
  });

/**
 * Requests with one thing wrong, for one operation. `known` names real records for path
 * parameters (the caller's own agreement), so that what is wrong gets past "not found" to the
 * code that reads the rest of the request.
 */
export function badRequestsFor(
  operation: Operation,
  token: string | null,
  known: Record<string, string> = {},
): fc.Arbitrary<BadRequest> {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const plainQuery = queryParameters
    .filter((p) => p.required)
    .map((p): [string, string] => [p.name, String(plainValue(p.schema))]);
  const json = { ...auth, 'content-type': 'application/json' };
  const plain = plainBody(operation.jsonBody);
  const takesBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  const request = (
    mutation: string,
    parts: { url?: string; headers?: Record<string, string>; payload?: string | Buffer },
  ): BadRequest => ({
    method: operation.method,
    url: parts.url ?? withQuery(fillPath(operation, known), plainQuery),
    headers: parts.headers ?? (plain === undefined ? auth : json),
    mutation,
    ...(parts.payload !== undefined
      ? { payload: parts.payload }
      : plain !== undefined
        ? { payload: serialise(plain) }
        : {}),
  });

  const options: fc.Arbitrary<BadRequest>[] = [];
  if (pathParameters.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...pathParameters), fc.oneof(badText, badNumberText))
        .map(([parameter, value]) =>
          request(`path ${parameter.name} = ${JSON.stringify(value).slice(0, 60)}`, {
            url: withQuery(fillPath(operation, { ...known, [parameter.name]: value }), plainQuery),
          }),
        ),
    );
  }
  if (queryParameters.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...queryParameters), fc.oneof(badNumberText, badText), fc.boolean())
        .map(([parameter, value, twice]) => {
          const pairs = plainQuery.filter(([name]) => name !== parameter.name);
          pairs.push([parameter.name, value]);
          if (twice) pairs.push([parameter.name, value]);
          return request(
            `query ${parameter.name} = ${JSON.stringify(value).slice(0, 60)}${twice ? ' (twice)' : ''}`,
            { url: withQuery(fillPath(operation, known), pairs) },
          );
        }),
    );
  }
  if (operation.jsonBody) {
    options.push(
      mutatedBody(operation.jsonBody).map(({ body, mutation }) =>
        request(`body: ${mutation}`, { payload: serialise(body) }),
      ),
    );
  }
  if (takesBody) {
    options.push(
      malformedJson.map((text) =>
        request(`malformed JSON ${JSON.stringify(text.slice(0, 30))}`, {
          headers: json,
          payload: text,
        }),
      ),
      fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/octet-stream',
          '',
        )
        .map((type) =>
          request(`content-type ${JSON.stringify(type)}`, {
            headers: { ...auth, 'content-type': type },
            payload: plain === undefined ? `--x\r\n${NUL}\r\n--x--\r\n` : serialise(plain),
          }),
        ),
    );
  }
  if (operation.bodyTypes.includes('multipart/form-data')) {
    options.push(
      badMultipart.map(({ contentType, payload, mutation }) =>
        request(`multipart: ${mutation}`, {
          headers: { ...auth, 'content-type': contentType },
          payload,
        }),
      ),
    );
  }
  // Every operation: a NUL or a number no column holds in a query parameter it does not declare,
  // and a NUL in the path itself.
  options.push(
    badNumberText.map((value) =>
      request(`undeclared query = ${JSON.stringify(value)}`, {
        url: withQuery(fillPath(operation, known), [...plainQuery, ['page', value]]),
      }),
    ),
    fc.constant(request('NUL in the path', { url: `${fillPath(operation, known)}%00` })),
  );
  return fc.oneof(...options);
}

/** What an answer must never show: a stack, a file of the server, or SQL. */
export function leaks(body: string): string | null {
  const patterns: [RegExp, string][] = [
    [/\n\s+at .+:\d+:\d+/, 'a stack trace'],
    [/node_modules|\/src\/[\w/-]+\.ts\b/, 'a source path'],
    [/\b(select|insert into|update|delete from)\b[\s\S]{0,200}\b(from|values|set|where)\b/i, 'SQL'],
    [
      /Failed query|syntax error at|violates .* constraint|relation "|pglite|drizzle/i,
      'a database error',
    ],
  ];
  for (const [pattern, what] of patterns) if (pattern.test(body)) return what;
  return null;
}

/**
 * A token each operation accepts: one applicant's, or one staff member's holding every role, so
 * that bad input gets past authorization to whatever checks it; none for public operations.
 */
export async function tokensForEveryOperation(
  t: TestApp,
  staffEmail: string,
): Promise<(operation: Operation) => string | null> {
  const call = caller(t.app);
  const applicantToken = (await register(call)).session.accessToken;
  await addStaff(t.db.orm, staffEmail, 'every role password', [...STAFF_ROLES]);
  const staffToken = (await staffLogin(call, staffEmail, 'every role password')).accessToken;
  return (operation) => {
    switch (operation.access?.kind) {
      case 'staff':
        return staffToken;
      case 'applicant':
      case 'applicant-or-staff':
        return applicantToken;
      default:
        return null;
    }
  };
}
