import type { FastifyError, FastifyInstance } from 'fastify';

import { errorBody, HttpError } from '../kernel/errors';
import { validationMessage } from './validation';

type ThrownError = FastifyError & { validation?: unknown };

/**
 * Every error leaves as `{ statusCode, error, message, code }`. Bad input is a 4xx with a sentence a
 * user can read; anything unexpected is logged and answered with a plain 500, never a stack.
 */
export function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: ThrownError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send(errorBody(400, validationMessage(error), 'VALIDATION_FAILED'));
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(errorBody(error.statusCode, error.message, error.code));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx errors (malformed JSON, body too large, wrong media type...) and the
      // rate limiter's carry messages written for people.
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return reply
          .code(status)
          .send(errorBody(status, 'The request body is not valid JSON', 'INVALID_JSON'));
      }
      return reply.code(status).send(errorBody(status, error.message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody(500, 'Internal server error'));
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody(404, 'Not Found')));
}
