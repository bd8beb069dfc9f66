import { API_ERROR_CODES, type ApiErrorBody, type ApiErrorCode } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

export { API_ERROR_CODES, type ApiErrorCode };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The code an error carries when whoever threw it named none. */
const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

export function codeOfStatus(statusCode: number): ApiErrorCode {
  return CODE_OF_STATUS[statusCode] ?? (statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** The body of every error: the front ends show `message` as it is (spec section 8) and branch
 *  on `code`. */
export const ApiError = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    code: Type.Unsafe<ApiErrorCode>({ type: 'string', enum: [...API_ERROR_CODES] }),
  },
  { $id: 'ApiError', description: 'Every error has this shape; `message` can be shown to users' },
);

export function errorBody(
  statusCode: number,
  message: string,
  code: ApiErrorCode = codeOfStatus(statusCode),
): ApiErrorBody {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, code };
}

/**
 * A sentence with values in it, kept apart so the answer can be worded in the reader's language
 * with the same values: `text` is the English wording with `{name}` where each value goes, and
 * is also the key of its translation.
 */
export interface Sentence {
  readonly text: string;
  readonly values: Readonly<Record<string, SentenceValue>>;
}

/** A sentence (a field's name such as "emergency contact 2") goes in worded in the same
 *  language; a list of them goes in joined by semicolons. */
export type SentenceValue = string | number | Sentence | readonly Sentence[];

export const sentence = (text: string, values: Sentence['values'] = {}): Sentence => ({
  text,
  values,
});

/** The sentence's wording with its values in place. */
export function fillSentence(text: string, values: Sentence['values']): string {
  return text.replace(/\{(\w+)(:lower)?\}/g, (whole, name: string, lower?: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name]!;
    const said =
      typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : 'text' in value
          ? fillSentence(value.text, value.values)
          : value.map((item) => fillSentence(item.text, item.values)).join('; ');
    // `{reason:lower}`: a whole sentence carried on after a colon.
    return lower ? `${said.charAt(0).toLowerCase()}${said.slice(1)}` : said;
  });
}

/** An error whose message the user may read as it is, and whose code a client may branch on.
 *  `message` is always the English sentence (logs and other clients read it); `sentence` is what
 *  the error handler words in the reader's language. */
export class HttpError extends Error {
  readonly code: ApiErrorCode;
  readonly sentence: Sentence;

  constructor(
    readonly statusCode: number,
    message: string | Sentence,
    code?: ApiErrorCode,
  ) {
    const said = typeof message === 'string' ? sentence(message) : message;
    super(typeof message === 'string' ? message : fillSentence(said.text, said.values));
    this.name = 'HttpError';
    this.code = code ?? codeOfStatus(statusCode);
    this.sentence = said;
  }
}

export const badRequest = (message: string | Sentence) =>
  new HttpError(400, message, 'BAD_REQUEST');
export const notFound = (message: string | Sentence) => new HttpError(404, message, 'NOT_FOUND');
