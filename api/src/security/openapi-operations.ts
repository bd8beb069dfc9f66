import { randomUUID } from 'node:crypto';

import type { App } from '../app';

/** What a route declares about who may call it, as the OpenAPI document carries it (`x-access`). */
export interface DeclaredAccess {
  kind: string;
  roles?: string[];
}

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  nullable?: boolean;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `METHOD /path/{param}` as the document names it. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: DeclaredAccess | undefined;
  parameters: Parameter[];
  /** The JSON body's schema, or undefined when the operation takes none (or not JSON). */
  jsonBody: JsonSchema | undefined;
  /** Media types the operation documents for its body. */
  bodyTypes: string[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every operation of the app's OpenAPI document, with `$ref`s to components resolved. */
export function operationsOf(app: App): Operation[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const components = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    return components[schema.$ref.replace('#/components/schemas/', '')];
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> }
      )?.content;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        access: operation['x-access'] as DeclaredAccess | undefined,
        parameters: ((operation.parameters as Parameter[] | undefined) ?? []).map((parameter) => ({
          ...parameter,
          schema: resolve(parameter.schema) ?? {},
        })),
        jsonBody: resolve(content?.['application/json']?.schema),
        // A route taking files documents their types beside the schema it has none of.
        bodyTypes: content ? Object.keys(content) : ((operation['x-consumes'] as string[]) ?? []),
      });
    }
  }
  return operations;
}

/** A value the schema accepts, as plain as possible: enough to get past validation. */
export function plainValue(schema: JsonSchema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plainValue(schema.anyOf[0]!);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'nobody@example.com';
      if (schema.format === 'date') return '2020-01-01';
      if (schema.pattern === '^\\d{5}$') return '50000';
      return 'x';
  }
}

/** The operation's path with each parameter filled from `values`, else with a plain value. */
export function fillPath(operation: Operation, values: Record<string, string> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    const value = values[name] ?? String(plainValue(parameter?.schema ?? {}));
    return percentEncoded(value);
  });
}

/** Like encodeURIComponent, but text that is not valid Unicode (a lone surrogate) is sent too,
 *  as the bytes Node would write for it. */
export function percentEncoded(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Required query parameters with plain values (an optional one is left out). */
export function plainQuery(operation: Operation, values: Record<string, string> = {}): string {
  const pairs = operation.parameters
    .filter((p) => p.in === 'query' && (p.required || p.name in values))
    .map((p): [string, string] => [p.name, values[p.name] ?? String(plainValue(p.schema))]);
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
}
