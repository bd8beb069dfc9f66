import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyLoggerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CONTACT_RATE_LIMIT_DEFAULT } from '@lending/contracts';
import type { Database } from './db/database';
import { handleErrors } from './http/error-handler';
import { ApiError, errorBody } from './http/errors';
import { readTenant } from './http/tenant';
import { loggerOptions } from './logging/logger';
import { contactRoutes } from './modules/contact/routes';
import { createContactService } from './modules/contact/service';
import { createContactStore } from './modules/contact/store';
import { healthRoutes } from './modules/health/routes';
import { masterRoutes } from './modules/master/routes';
import { createMasterService } from './modules/master/service';
import { createMasterStore } from './modules/master/store';

export interface AppOptions {
  db: Database;
  logLevel?: string;
  /** Where logs go (tests read them); standard output otherwise. */
  logStream?: FastifyLoggerOptions['stream'];
  /** Contact-form messages one client may send in ten minutes. */
  contactRateLimit?: number;
  corsOrigins?: string[];
  trustProxy?: boolean | string;
  /** Largest request body in bytes. */
  bodyLimit?: number;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? 'loopback',
    ajv: {
      // verbose: validation errors carry their schema, so a schema can word its own message.
      customOptions: { verbose: true },
      plugins: [
        (ajv) =>
          ajv
            .addKeyword({ keyword: 'x-message', schemaType: 'string' })
            .addKeyword({ keyword: 'x-sentences', schemaType: 'object' }),
      ],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  handleErrors(app);
  readTenant(app);
  app.addSchema(ApiError);

  // Helmet's default lets styles run inline; an API answering JSON has no reason to.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { styleSrc: ["'self'"], fontSrc: ["'self'"] },
    },
  });
  await app.register(cors, { origin: options.corsOrigins?.length ? options.corsOrigins : false });
  await app.register(rateLimit, {
    global: false,
    // What is built here is thrown, then answered by the error handler like any 4xx.
    errorResponseBuilder: (_request, context) =>
      errorBody(
        context.statusCode,
        `Too many requests, please try again in ${String(context.after)}`,
      ),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lending API',
        description:
          'Online lending service of a licensed moneylender. Send `x-tenant: arkcash|redcash` ' +
          '(default arkcash). Errors are `{ statusCode, error, message }`. Money is in sen, ' +
          'rates in basis points.',
        version: '0.1.0',
      },
      tags: [
        { name: 'health', description: 'Liveness' },
        { name: 'master', description: 'Drop-down lists, places, product, company settings' },
        { name: 'help', description: 'Contact us' },
      ],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) =>
        typeof json.$id === 'string' ? json.$id : `def-${index}`,
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The documentation page sets a few styles inline; the rest of the API keeps the strict policy.
    transformStaticCSP: (header) =>
      header.replace(
        /style-src ([^;]*)/,
        (_match, sources: string) => `style-src ${sources.trim()} 'unsafe-inline'`,
      ),
  });

  await app.register(healthRoutes, { db: options.db });
  await app.register(masterRoutes, {
    service: createMasterService(createMasterStore(options.db.orm)),
  });
  await app.register(contactRoutes, {
    service: createContactService(createContactStore(options.db.orm)),
    rateLimit: options.contactRateLimit ?? CONTACT_RATE_LIMIT_DEFAULT,
  });
  return app;
}
