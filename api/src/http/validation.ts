import type { FastifySchemaValidationError } from 'fastify/types/schema';

interface ValidationFailure {
  validation?: FastifySchemaValidationError[];
  validationContext?: string;
}

type Params = Record<string, unknown>;

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'a valid email',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time',
  uuid: 'a valid id',
  uri: 'a valid link',
};

function fieldName(error: FastifySchemaValidationError, context: string | undefined): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  const params = error.params as Params;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return path ? `${path}.${params.missingProperty}` : params.missingProperty;
  }
  return path || context || 'request';
}

function describe(error: FastifySchemaValidationError): string {
  const params = error.params as Params;
  // A schema may carry its own wording for a pattern, e.g. "must be 5 digits".
  const custom = (error as { parentSchema?: { 'x-message'?: unknown } }).parentSchema?.[
    'x-message'
  ];
  if (typeof custom === 'string') return custom;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'type': {
      const type = String(params.type).split(',')[0] ?? '';
      return `must be ${TYPE_WORDS[type] ?? type}`;
    }
    case 'format': {
      const format = String(params.format);
      return `must be ${FORMAT_WORDS[format] ?? `a valid ${format}`}`;
    }
    case 'minLength':
      return params.limit === 1
        ? 'must not be empty'
        : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `must be more than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(params.limit)}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    case 'pattern':
      return 'is not valid';
    case 'minItems':
      return `must have at least ${String(params.limit)} items`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} items`;
    case 'additionalProperties':
      return `must not have ${String(params.additionalProperty)}`;
    default:
      return 'is not valid';
  }
}

type Sentences = Record<string, unknown>;

/** A whole sentence a field's schema gives for a failed keyword (`x-sentences`), e.g. the
 *  spec's "Comments cannot be empty". A missing field is looked up in its parent's properties. */
function sentence(error: FastifySchemaValidationError): string | undefined {
  const parent = (error as { parentSchema?: Record<string, unknown> }).parentSchema;
  const params = error.params as Params;
  const schema =
    error.keyword === 'required' && typeof params.missingProperty === 'string'
      ? (parent?.properties as Record<string, Record<string, unknown>> | undefined)?.[
          params.missingProperty
        ]
      : parent;
  const found = (schema?.['x-sentences'] as Sentences | undefined)?.[error.keyword];
  return typeof found === 'string' ? found : undefined;
}

/** One sentence naming the field, e.g. "email must be a valid email", "pageSize must be at
 *  most 100", "Comments cannot be empty". */
export function validationMessage(failure: ValidationFailure): string {
  const first = failure.validation?.[0];
  if (!first) return 'The request is not valid';
  return sentence(first) ?? `${fieldName(first, failure.validationContext)} ${describe(first)}`;
}
