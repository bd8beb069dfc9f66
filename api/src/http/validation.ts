import type { FastifySchemaValidationError } from 'fastify/types/schema';

import { type Sentence, sentence } from '../kernel/errors';

interface ValidationFailure {
  validation?: FastifySchemaValidationError[];
  validationContext?: string;
}

type Params = Record<string, unknown>;

/** `{field} must be ...` for each type; a sentence per type so each can be worded whole. */
const TYPE_SENTENCES: Record<string, string> = {
  integer: '{field} must be a whole number',
  number: '{field} must be a number',
  string: '{field} must be text',
  boolean: '{field} must be true or false',
  object: '{field} must be an object',
  array: '{field} must be a list',
  null: '{field} must be empty',
};

const FORMAT_SENTENCES: Record<string, string> = {
  email: '{field} must be a valid email',
  date: '{field} must be a date (YYYY-MM-DD)',
  'date-time': '{field} must be a date and time',
  uuid: '{field} must be a valid id',
  uri: '{field} must be a valid link',
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

/** What is wrong with the field, as a sentence with `{field}` where its name goes. */
function describe(error: FastifySchemaValidationError, field: string): Sentence {
  const params = error.params as Params;
  // A schema may carry its own wording for a pattern, e.g. "must be 5 digits".
  const custom = (error as { parentSchema?: { 'x-message'?: unknown } }).parentSchema?.[
    'x-message'
  ];
  if (typeof custom === 'string') {
    return sentence('{field} {rule}', { field, rule: sentence(custom) });
  }
  const limit = String(params.limit);
  switch (error.keyword) {
    case 'required':
      return sentence('{field} is required', { field });
    case 'type': {
      const type = String(params.type).split(',')[0] ?? '';
      return TYPE_SENTENCES[type]
        ? sentence(TYPE_SENTENCES[type], { field })
        : sentence('{field} must be {type}', { field, type });
    }
    case 'format': {
      const format = String(params.format);
      return FORMAT_SENTENCES[format]
        ? sentence(FORMAT_SENTENCES[format], { field })
        : sentence('{field} must be a valid {format}', { field, format });
    }
    case 'minLength':
      return params.limit === 1
        ? sentence('{field} must not be empty', { field })
        : sentence('{field} must be at least {limit} characters', { field, limit });
    case 'maxLength':
      return sentence('{field} must be at most {limit} characters', { field, limit });
    case 'minimum':
      return sentence('{field} must be at least {limit}', { field, limit });
    case 'maximum':
      return sentence('{field} must be at most {limit}', { field, limit });
    case 'exclusiveMinimum':
      return sentence('{field} must be more than {limit}', { field, limit });
    case 'exclusiveMaximum':
      return sentence('{field} must be less than {limit}', { field, limit });
    case 'enum':
      return sentence('{field} must be one of {values}', {
        field,
        values: (params.allowedValues as unknown[]).map(String).join(', '),
      });
    case 'const':
      return sentence('{field} must be {value}', { field, value: String(params.allowedValue) });
    case 'minItems':
      return sentence('{field} must have at least {limit} items', { field, limit });
    case 'maxItems':
      return sentence('{field} must have at most {limit} items', { field, limit });
    case 'additionalProperties':
      return sentence('{field} must not have {property}', {
        field,
        property: String(params.additionalProperty),
      });
    default:
      // `pattern` and any keyword without words of its own.
      return sentence('{field} is not valid', { field });
  }
}

type Sentences = Record<string, unknown>;

/** A whole sentence a field's schema gives for a failed keyword (`x-sentences`), e.g. the
 *  spec's "Comments cannot be empty". A missing field is looked up in its parent's properties. */
function wholeSentence(error: FastifySchemaValidationError): string | undefined {
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
export function validationSentence(failure: ValidationFailure): Sentence {
  const first = failure.validation?.[0];
  if (!first) return sentence('The request is not valid');
  const whole = wholeSentence(first);
  return whole ? sentence(whole) : describe(first, fieldName(first, failure.validationContext));
}
