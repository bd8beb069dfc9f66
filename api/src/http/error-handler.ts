import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { VendorCallError } from '../adapters/vendor-http';
import { errorBody, fillSentence, HttpError, type Sentence, sentence } from '../kernel/errors';
import { answerLanguage } from './language';
import { inMalay } from './malay';
import { validationSentence } from './validation';

type ThrownError = FastifyError & { validation?: unknown };

/** The English sentence, or its Malay wording when the request asks for Malay. The body's `code`
 *  never changes with the language: screens and tests branch on it. */
function worded(request: FastifyRequest, said: Sentence, english: string): string {
  return answerLanguage(request.headers['accept-language']) === 'ms' ? inMalay(said) : english;
}

/** The same URL answers in two languages: a cache must keep them apart (beside whatever else,
 *  such as Origin, the answer already varies by). */
function varyByLanguage(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*accept-language\s*(,|$)/i.test(list)) return;
  reply.header('Vary', list ? `${list}, Accept-Language` : 'Accept-Language');
}

/** A refusal a route answers itself (with more than the error body), in the reader's language. */
export function refusalWords(request: FastifyRequest, reply: FastifyReply, said: Sentence): string {
  varyByLanguage(reply);
  return worded(request, said, fillSentence(said.text, said.values));
}

/** Fastify's own 4xx errors a client can cause, by their code: the English stays Fastify's
 *  message (which may name a detail), the Malay is the sentence's. */
const FASTIFY_SENTENCES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Media Type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY:
    "Body cannot be empty when content-type is set to 'application/json'",
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

/**
 * Every error leaves as `{ statusCode, error, message, code }`. Bad input is a 4xx with a sentence a
 * user can read, in English or, for `Accept-Language: ms`, in Malay; anything unexpected is logged
 * and answered with a plain 500, never a stack.
 */
export function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: ThrownError, request, reply) => {
    varyByLanguage(reply);
    if (error.validation) {
      const said = validationSentence(error);
      const english = fillSentence(said.text, said.values);
      return reply
        .code(400)
        .send(errorBody(400, worded(request, said, english), 'VALIDATION_FAILED'));
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(
          errorBody(error.statusCode, worded(request, error.sentence, error.message), error.code),
        );
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx errors (malformed JSON, body too large, wrong media type...) carry
      // messages written for people; their Malay wording is looked up by their code.
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        const said = sentence('The request body is not valid JSON');
        return reply
          .code(status)
          .send(errorBody(status, worded(request, said, said.text), 'INVALID_JSON'));
      }
      const said = sentence(FASTIFY_SENTENCES[error.code] ?? error.message);
      return reply.code(status).send(errorBody(status, worded(request, said, error.message)));
    }
    if (error instanceof VendorCallError) {
      // An outside service that did not answer or refused us (its words are on the providers
      // page): the person may try again, nothing of ours is broken.
      request.log.warn({ vendor: error.vendor, failure: error.failure }, error.message);
      const said = sentence(
        'An outside service we use is not answering just now, please try again in a few minutes',
      );
      return reply.code(503).send(errorBody(503, worded(request, said, said.text)));
    }
    request.log.error({ err: error }, 'unexpected error');
    const said = sentence('Internal server error');
    return reply.code(500).send(errorBody(500, worded(request, said, said.text)));
  });
  app.setNotFoundHandler((request, reply) => {
    const said = sentence('Not Found');
    varyByLanguage(reply);
    return reply.code(404).send(errorBody(404, worded(request, said, said.text)));
  });
}
