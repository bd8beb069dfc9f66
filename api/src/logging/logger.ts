import type { FastifyInstance, FastifyLoggerOptions } from 'fastify';
import type { PinoLoggerOptions } from 'fastify/types/logger';

import { maskText, maskValue, requestTarget } from './mask';

export type LoggerOptions = FastifyLoggerOptions & PinoLoggerOptions;

/**
 * Pino settings of the API. Request bodies are never logged; everything that is logged passes
 * through the mask (emails, NRIC numbers), and secrets are removed twice over: by key in the
 * mask and by path in pino's redaction.
 */
export function loggerOptions(
  level: string,
  stream?: FastifyLoggerOptions['stream'],
): LoggerOptions {
  const options: LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'password',
        '*.password',
        'authorization',
        '*.authorization',
      ],
      remove: true,
    },
    formatters: {
      log: (object) => maskValue(object) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const masked = args.map((arg: unknown) =>
          typeof arg === 'string' ? maskText(arg) : arg,
        ) as Parameters<typeof method>;
        method.apply(this, masked);
      },
    },
    serializers: {
      req: (request) => ({
        method: request.method,
        url: requestTarget(request.url, request.routeOptions?.url),
      }),
      err: (error) => ({
        type: error.name,
        message: maskText(error.message),
        stack: maskText(error.stack ?? ''),
        ...(error.code ? { code: error.code } : {}),
        ...(error.statusCode ? { statusCode: error.statusCode } : {}),
      }),
    },
    ...(stream ? { stream } : {}),
  };
  return options;
}

/**
 * One line per answered request, in place of Fastify's two (start Fastify with
 * `disableRequestLogging`): its route pattern, never the concrete address or query, which carry
 * emails, phone numbers and tokens; and no client address, which is personal data too.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: requestTarget(request.url, request.routeOptions.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
}
