import type { FastifyInstance } from 'fastify';

import { badRequest, sentence } from '../kernel/errors';

/** Deep enough for every body the API accepts; deeper nesting is refused rather than walked. */
const MAX_DEPTH = 32;

type Finding = { path: string; problem: 'nul' | 'not-finite' | 'too-deep' };

function inspect(value: unknown, path: string, depth: number): Finding | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path, problem: 'nul' } : null;
  if (typeof value === 'number')
    return Number.isFinite(value) ? null : { path, problem: 'not-finite' };
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  if (depth >= MAX_DEPTH) return { path, problem: 'too-deep' };
  const entries = Array.isArray(value)
    ? value.map((item, index) => [`${path}[${index}]`, item] as const)
    : Object.entries(value).map(([key, item]) => [path ? `${path}.${key}` : key, item] as const);
  for (const [childPath, item] of entries) {
    if (childPath.includes('\u0000')) return { path: 'request', problem: 'nul' };
    const found = inspect(item, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

const SENTENCES: Record<Finding['problem'], string> = {
  nul: '{field} must not contain a NUL character',
  'not-finite': '{field} must be a finite number',
  'too-deep': '{field} is nested too deeply',
};

/**
 * Values the schemas let through but no store can hold: JSON schema has no word for "finite"
 * (an integer query parameter of `1e309` or `Infinity` coerces to Infinity, and so does `1e309`
 * in a JSON body), and PostgreSQL text cannot hold a NUL character. Checked after validation
 * (so after coercion) and before any handler, for every route, including routes added later.
 */
export function refuseUnstorableInput(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = inspect(value, '', 0);
      if (found) {
        throw badRequest(sentence(SENTENCES[found.problem], { field: found.path || part }));
      }
    }
  });
}
