import { Type } from '@sinclair/typebox';
import type { ApiErrorBody } from '@lending/contracts';

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

/** The body of every error: the front ends show `message` as it is (spec section 8). */
export const ApiError = Type.Object(
  { statusCode: Type.Integer(), error: Type.String(), message: Type.String() },
  { $id: 'ApiError', description: 'Every error has this shape; `message` can be shown to users' },
);

export function errorBody(statusCode: number, message: string): ApiErrorBody {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message };
}

/** An error whose message the user may read as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
