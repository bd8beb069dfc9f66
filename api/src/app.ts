import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AUTH_RATE_LIMIT_DEFAULTS, CONTACT_RATE_LIMIT_DEFAULT } from '@lending/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyLoggerOptions,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import helmet from 'helmet';

import { createAdapters } from './adapters';
import { createSealer } from './crypto/sealed';
import type { Database } from './db/database';
import { enforceAccess } from './http/access';
import { handleErrors } from './http/error-handler';
import { acceptForwardingOnlyFromGateway } from './http/forwarded';
import { refuseUnstorableInput } from './http/input-guard';
import { trackRequests } from './http/request-context';
import { readTenant } from './http/tenant';
import { createAudit } from './kernel/audit';
import { type Clock, systemClock } from './kernel/clock';
import type { CaptchaSettings, EmailSettings, S3Settings } from './kernel/config';
import { ApiError, errorBody } from './kernel/errors';
import { createJobRunner, type JobRunner } from './kernel/jobs';
import { loadDataKey, loadSigningKey } from './kernel/secrets';
import { loggerOptions, logRequests } from './logging/logger';
import { applicationRoutes } from './modules/applications/routes';
import { createApplicationService } from './modules/applications/service';
import { applicationSummariesOf, createApplicationStore } from './modules/applications/store';
import { authRoutes } from './modules/auth/routes';
import { UserDetailsSchema } from './modules/auth/schemas';
import { type AuthRateLimits, createAuthService } from './modules/auth/service';
import { createSessions } from './modules/auth/session-store';
import { createAuthStore } from './modules/auth/store';
import { createTokenIssuer } from './modules/auth/tokens';
import { caseFileRoutes } from './modules/case-file/routes';
import { createCaseFileService } from './modules/case-file/service';
import { createCaseFileStore } from './modules/case-file/store';
import { contactRoutes } from './modules/contact/routes';
import { createContactService } from './modules/contact/service';
import { createContactStore } from './modules/contact/store';
import { decisionRoutes } from './modules/decisions/routes';
import { createDecisionService } from './modules/decisions/service';
import { createDecisionStore } from './modules/decisions/store';
import { ekycRoutes } from './modules/ekyc/routes';
import { sandboxEkycRoutes } from './modules/ekyc/sandbox-routes';
import { createEkycService } from './modules/ekyc/service';
import { createEkycStore } from './modules/ekyc/store';
import { fileRoutes } from './modules/files/routes';
import { createFileService, documentRequirements } from './modules/files/service';
import { healthRoutes } from './modules/health/routes';
import { createHealthStore } from './modules/health/store';
import { loanStatusRoutes } from './modules/loan-status/routes';
import { createLoanStatusService } from './modules/loan-status/service';
import { createLoanStatusStore } from './modules/loan-status/store';
import { masterRoutes } from './modules/master/routes';
import { createMasterService } from './modules/master/service';
import { createMasterLookups, createMasterStore } from './modules/master/store';
import { psychometricRoutes } from './modules/psychometric/routes';
import { createPsychometricService } from './modules/psychometric/service';
import { createPsychometricStore } from './modules/psychometric/store';
import { queueRoutes } from './modules/queue/routes';
import { createQueueService } from './modules/queue/service';
import { createQueueStore } from './modules/queue/store';
import { registrationRoutes } from './modules/registration/routes';
import { createRegistrationService } from './modules/registration/service';
import { createRegistrationStore } from './modules/registration/store';
import { sandboxRoutes } from './modules/sandbox/routes';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsService } from './modules/settings/service';
import { createSettingsStore } from './modules/settings/store';
import { staffRoutes } from './modules/staff/routes';
import { createSecondFactor } from './modules/staff/second-factor';
import { createStaffService } from './modules/staff/service';
import { createStaffStore } from './modules/staff/store';
import { userRoutes } from './modules/users/routes';
import { createUserService } from './modules/users/service';
import { createUserStore } from './modules/users/store';
import { verificationRoutes } from './modules/verification/routes';
import { createVerificationService } from './modules/verification/service';
import { createVerificationStore } from './modules/verification/store';

export interface AppOptions {
  db: Database;
  logLevel?: string;
  /** Where logs go (tests read them); standard output otherwise. */
  logStream?: FastifyLoggerOptions['stream'];
  /** Contact-form messages one client may send in ten minutes. */
  contactRateLimit?: number;
  corsOrigins?: string[];
  trustProxy?: boolean | string;
  /** When set, forwarding headers are believed only from a proxy that sends this secret. */
  proxySecret?: string;
  /** Largest request body in bytes. */
  bodyLimit?: number;
  /** Where the accounts code reads the time (tests move it). */
  clock?: Clock;
  /** Signs access tokens; generated once and kept in the database when not given. */
  jwtSecret?: string;
  /** Seals personal data at rest; generated once and kept in the database when not given. */
  dataKey?: string;
  /** The address users reach the platform at, for links in emails. */
  publicUrl?: string;
  authLimits?: Partial<AuthRateLimits>;
  email?: EmailSettings;
  captcha?: CaptchaSettings;
  /** Folder uploaded documents are kept in (sealed); a fresh temporary folder when not given. */
  filesDir?: string;
  /** An S3-compatible bucket documents are kept in instead of `filesDir`. */
  s3?: S3Settings;
  /** Redis the rate-limit and attempt counters are kept in, shared by every API process; in
   *  this process's memory when not given. */
  redisUrl?: string;
  /** Put before every Redis key (`lending:` when not given), so deployments can share a server. */
  redisKeyPrefix?: string;
  /** Serve the sandbox outbox to every client, not only to this machine's. */
  sandboxOutboxPublic?: boolean;
  /** Poll for due scheduled jobs every `jobPollMs` (a minute when not given); off when not
   *  given, so tests run jobs only when they ask (`app.jobs.runDue()`). */
  runJobs?: boolean;
  jobPollMs?: number;
}

export type { CaptchaSettings, EmailSettings };

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once work finished after answering (emails being written) is done. */
    settle(): Promise<void>;
    /** The scheduled jobs of this app, run once across every process sharing the database. */
    jobs: JobRunner;
  }
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    // One cheap line per request instead (logRequests): two masked lines halved throughput.
    logController: new LogController({ disableRequestLogging: true }),
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

  if (options.proxySecret) acceptForwardingOnlyFromGateway(app, options.proxySecret);
  handleErrors(app);
  trackRequests(app);
  logRequests(app);
  readTenant(app);
  refuseUnstorableInput(app);
  app.addSchema(ApiError);

  // Helmet's default lets styles run inline; an API answering JSON has no reason to. Built once
  // here: the Fastify plugin builds helmet again on every request (parsing the policy each time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: { styleSrc: ["'self'"], fontSrc: ["'self'"] },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
  await app.register(cors, { origin: options.corsOrigins?.length ? options.corsOrigins : false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lending API',
        description:
          'Online lending service of a licensed moneylender. Send `x-tenant: arkcash|redcash` ' +
          '(default arkcash). Errors are `{ statusCode, error, message, code }`. Money is in sen, ' +
          'rates in basis points.',
        version: '0.1.0',
      },
      tags: [
        { name: 'health', description: 'Liveness and readiness' },
        { name: 'master', description: 'Drop-down lists, places, product, company settings' },
        { name: 'help', description: 'Contact us' },
        { name: 'auth', description: 'Accounts and sessions' },
        { name: 'users', description: 'The signed-in user and their account' },
        { name: 'staff', description: 'Back office' },
        { name: 'captcha', description: 'Bot check' },
        { name: 'sandbox', description: 'Sandbox providers (local and test only)' },
        { name: 'onboarding', description: 'Eligibility, registration and verification codes' },
        { name: 'applications', description: 'Organizations, applications and their sections' },
        { name: 'files', description: 'Documents of an application' },
        { name: 'ekyc', description: 'Identity verification' },
        { name: 'psychometric', description: 'The psychometric questionnaire' },
      ],
    },
    // Who may call each operation, read from the route's own rule, so the document (and the
    // authorization tests generated from it) can never drift from what the API enforces.
    transform: ({ schema, url, route }) => ({
      schema: { ...schema, 'x-access': route.config?.access } as typeof schema,
      url,
    }),
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

  const orm = options.db.orm;
  const clock = options.clock ?? systemClock;
  const limits = { ...AUTH_RATE_LIMIT_DEFAULTS, ...options.authLimits };
  const sealer = createSealer(await loadDataKey(orm, options.dataKey));
  const publicUrl = (options.publicUrl ?? 'http://localhost:3000').replace(/\/$/, '');
  const emailSettings = options.email ?? { provider: 'sandbox' };
  const adapters = createAdapters(
    {
      email: emailSettings,
      captcha: options.captcha ?? { provider: 'sandbox' },
      filesDir: options.filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lending-files-')),
      ...(options.s3 ? { s3: options.s3 } : {}),
      publicUrl,
      ...(options.redisUrl
        ? { redis: { url: options.redisUrl, keyPrefix: options.redisKeyPrefix ?? 'lending:' } }
        : {}),
    },
    { db: orm, clock, sealer, log: app.log },
  );
  app.addHook('onClose', () => adapters.close());
  const { email, captcha, outbox } = adapters;
  await app.register(rateLimit, {
    global: false,
    // With Redis, every API process counts the same limits; without, each counts its own.
    ...(adapters.redis ? { redis: adapters.redis, nameSpace: 'rate-limit:' } : {}),
    // What is built here is thrown, then answered by the error handler like any 4xx.
    errorResponseBuilder: (_request, context) =>
      errorBody(
        context.statusCode,
        `Too many requests, please try again in ${String(context.after)}`,
      ),
  });
  const tokens = createTokenIssuer(await loadSigningKey(orm, options.jwtSecret), clock);
  const sessions = createSessions(orm, clock);
  const audit = createAudit(orm);
  const users = createUserStore(orm, applicationSummariesOf);
  // Other modules reach applications through this service, never its tables. Its email check
  // asks the verification service, built next, and only once requests come in.
  const applicationService = createApplicationService({
    store: createApplicationStore(orm, createMasterLookups),
    sealer,
    clock,
    log: app.log,
    // An application is complete only when its required documents are in, too.
    submitChecks: [documentRequirements(orm)],
    emailVerified: async (userId) => (await verificationService.status(userId)).email.verified,
  });
  const verificationService = createVerificationService({
    applications: applicationService,
    store: createVerificationStore(orm),
    users,
    email,
    sms: adapters.sms,
    sealer,
    clock,
  });
  const staffStore = createStaffStore(orm);
  const staffService = createStaffService({ store: staffStore, sessions, email, clock, publicUrl });
  const authService = createAuthService({
    store: createAuthStore(orm),
    clock,
    users,
    sessions,
    tokens,
    captcha,
    email,
    audit,
    publicUrl,
    limits,
    counters: adapters.counters,
    log: app.log,
    secondFactor: createSecondFactor({ store: staffStore, sealer, clock, audit }),
    applicationsOf: (userId) => applicationService.summariesForLogin(userId),
  });
  app.decorate('settle', () => authService.settle());
  app.addHook('onClose', () => authService.settle());

  const jobs = createJobRunner({ db: orm, clock, log: app.log });
  jobs.register({
    name: 'purge-expired',
    // After midnight in Malaysia, when sign-ins are fewest.
    dailyAt: '00:30',
    run: async () => ({
      ...(await authService.purgeExpired()),
      ...(await verificationService.purgeExpired()),
      // A pass lives minutes; a day's margin keeps the purge's one rule for everything it clears.
      captchaPasses: await adapters.purgeCaptchaPasses(
        new Date(clock.now().getTime() - 24 * 60 * 60 * 1000),
      ),
      ...(await staffService.purgeExpired(new Date(clock.now().getTime() - 24 * 60 * 60 * 1000))),
    }),
  });
  app.decorate('jobs', jobs);
  if (options.runJobs)
    app.addHook('onReady', async () => {
      jobs.start(options.jobPollMs ?? 60_000);
    });
  app.addHook('onClose', () => jobs.stop());
  app.addSchema(UserDetailsSchema);

  // From here on, every route must say who may call it.
  enforceAccess(app, { tokens, sessions });

  const database = createHealthStore(options.db);
  const redis = adapters.redis;
  await app.register(healthRoutes, {
    checks: [
      { component: 'database', check: () => database.ping() },
      ...(redis ? [{ component: 'redis', check: () => redis.ping() }] : []),
      { component: 'storage', check: () => adapters.storage.checkWritable() },
    ],
  });
  await app.register(masterRoutes, {
    service: createMasterService(createMasterStore(options.db.orm)),
  });
  await app.register(contactRoutes, {
    service: createContactService(createContactStore(options.db.orm)),
    rateLimit: options.contactRateLimit ?? CONTACT_RATE_LIMIT_DEFAULT,
  });
  await app.register(authRoutes, { service: authService, captcha, limits });
  await app.register(staffRoutes, { service: staffService, linkPerIp: limits.resetPerIp * 3 });
  await app.register(userRoutes, {
    service: createUserService({ users, sessions, audit, clock, db: orm }),
    limits,
  });
  await app.register(applicationRoutes, { service: applicationService });
  await app.register(queueRoutes, {
    service: createQueueService({ store: createQueueStore(orm), sealer }),
  });
  await app.register(registrationRoutes, {
    service: createRegistrationService({
      store: createRegistrationStore(orm),
      auth: authService,
      sealer,
      clock,
    }),
    registerPerIp: limits.loginPerIp,
    lookupsPerMinute: limits.captchaVerifyPerIp * 2,
  });
  await app.register(verificationRoutes, { service: verificationService });
  const fileService = createFileService({
    db: orm,
    applications: applicationService,
    storage: adapters.storage,
    sealer,
  });
  await app.register(fileRoutes, { service: fileService, tokens, sessions });
  const ekycProvider = adapters.ekyc;
  const ekycService = createEkycService({
    db: orm,
    applications: applicationService,
    store: createEkycStore(orm, sealer),
    provider: ekycProvider,
    sealer,
    clock,
  });
  await app.register(ekycRoutes, { service: ekycService });
  await app.register(sandboxEkycRoutes, { provider: ekycProvider });
  const psychometricService = createPsychometricService({
    db: orm,
    applications: applicationService,
    store: createPsychometricStore(orm),
    clock,
  });
  await app.register(psychometricRoutes, { service: psychometricService });
  const settingsService = createSettingsService(createSettingsStore(orm));
  await app.register(settingsRoutes, { service: settingsService });
  const decisionService = createDecisionService({
    db: orm,
    store: createDecisionStore(orm),
    applications: applicationService,
    settings: settingsService,
    users,
    email,
    sms: adapters.sms,
    sealer,
    clock,
    publicUrl,
    log: app.log,
  });
  await app.register(decisionRoutes, { service: decisionService });
  await app.register(caseFileRoutes, {
    service: createCaseFileService({
      store: createCaseFileStore(orm),
      clock,
      applications: applicationService,
      files: fileService,
      ekyc: ekycService,
      psychometric: psychometricService,
      decisions: decisionService,
      users,
    }),
  });
  await app.register(loanStatusRoutes, {
    service: createLoanStatusService({ store: createLoanStatusStore(orm), clock }),
  });
  if (emailSettings.provider === 'sandbox' || adapters.sandboxCaptcha) {
    await app.register(sandboxRoutes, {
      outbox,
      captcha: adapters.sandboxCaptcha,
      solvePerMinute: limits.captchaVerifyPerIp * 2,
      outboxPublic: options.sandboxOutboxPublic ?? false,
    });
  }
  return app;
}
