import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AUTH_RATE_LIMIT_DEFAULTS,
  CONTACT_RATE_LIMIT_DEFAULT,
  type TenantId,
} from '@lending/contracts';
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
import type { GatewayKeys } from './adapters/payment-gateway/port';
import { createSealer, type Sealer } from './crypto/sealed';
import type { Database } from './db/database';
import { enforceAccess } from './http/access';
import { keepAnswersOutOfCaches } from './http/cache-control';
import { handleErrors } from './http/error-handler';
import { createFileLinks } from './http/file-links';
import { acceptForwardingOnlyFromGateway } from './http/forwarded';
import { refuseUnstorableInput } from './http/input-guard';
import { createMoneyStepLimit } from './http/money-steps';
import { trackRequests } from './http/request-context';
import { readTenant } from './http/tenant';
import { loansAtOnceFor } from './kernel/at-once';
import { createAudit } from './kernel/audit';
import { type Clock, createBusinessClock, systemClock } from './kernel/clock';
import { closeOfBusinessJob, createCloseOfBusiness } from './kernel/close-of-business';
import {
  API_TIMEOUT_DEFAULTS,
  type ApiTimeouts,
  type CaptchaSettings,
  type EmailSettings,
  type S3Settings,
} from './kernel/config';
import {
  describeProviderSettings,
  type ProviderSettings,
  SANDBOX_PROVIDERS,
} from './kernel/config-providers';
import { type DemoStaffMember, demoStaffRefusal } from './kernel/demo-staff-config';
import { ApiError, HttpError, sentence } from './kernel/errors';
import { createEventBus, type EventBus } from './kernel/events';
import { createJobRunner, type JobRunner } from './kernel/jobs';
import { createPublicAddress } from './kernel/public-url';
import { loadDataKey, loadServiceKey, loadSigningKey } from './kernel/secrets';
import { loggerOptions, logRequests } from './logging/logger';
import { createRefundLetters } from './modules/accounts/refund-letters';
import { refundRoutes } from './modules/accounts/refund-routes';
import { createRefundStore } from './modules/accounts/refund-store';
import { createRefundService, type RefundService } from './modules/accounts/refunds';
import { accountRoutes } from './modules/accounts/routes';
import { type AccountsModule, createAccountsService } from './modules/accounts/service';
import { createAccountsStore } from './modules/accounts/store';
import { agreementDocumentRoutes } from './modules/agreement-documents/routes';
import {
  type AgreementDocumentService,
  createAgreementDocuments,
} from './modules/agreement-documents/service';
import { createAgreementDocumentStore } from './modules/agreement-documents/store';
import { createAgreementService } from './modules/agreements/service';
import { createAgreementStore } from './modules/agreements/store';
import { applicationRoutes } from './modules/applications/routes';
import { createApplicationService } from './modules/applications/service';
import { applicationSummariesOf, createApplicationStore } from './modules/applications/store';
import { attestationRoutes } from './modules/attestation/routes';
import { sandboxMeetingRoutes } from './modules/attestation/sandbox-routes';
import { createAttestationService } from './modules/attestation/service';
import { createAttestationStore } from './modules/attestation/store';
import { auditLogRoutes } from './modules/audit-log/routes';
import { createAuditLogService } from './modules/audit-log/service';
import { createAuditLogStore } from './modules/audit-log/store';
import { authRoutes } from './modules/auth/routes';
import { UserDetailsSchema } from './modules/auth/schemas';
import { type AuthRateLimits, createAuthService } from './modules/auth/service';
import { createSessions } from './modules/auth/session-store';
import { createAuthStore } from './modules/auth/store';
import { createTokenIssuer } from './modules/auth/tokens';
import { slipRoutes } from './modules/bank-in-slips/routes';
import { createSlipService, SLIP_DECIDED_EVENT } from './modules/bank-in-slips/service';
import { createSlipStore } from './modules/bank-in-slips/store';
import { businessDateRoutes } from './modules/business-date/routes';
import {
  type BusinessDateService,
  createBusinessDateService,
} from './modules/business-date/service';
import { createBusinessDateStore } from './modules/business-date/store';
import { caseFileRoutes } from './modules/case-file/routes';
import { createCaseFileService } from './modules/case-file/service';
import { createCaseFileStore } from './modules/case-file/store';
import { collectionRoutes } from './modules/collections/routes';
import { type CollectionService, createCollectionService } from './modules/collections/service';
import { createCollectionStore } from './modules/collections/store';
import { createCollectionWorkStore } from './modules/collections/work-store';
import { contactInboxRoutes } from './modules/contact/inbox-routes';
import { contactRoutes } from './modules/contact/routes';
import { createContactService } from './modules/contact/service';
import { createContactStore } from './modules/contact/store';
import { decisionRoutes } from './modules/decisions/routes';
import { createDecisionService } from './modules/decisions/service';
import { createDecisionStore } from './modules/decisions/store';
import { createDirectDebitService, type DirectDebitService } from './modules/direct-debit/service';
import { createDirectDebitStore } from './modules/direct-debit/store';
import { disbursementRoutes } from './modules/disbursement/routes';
import { createDisbursementService } from './modules/disbursement/service';
import { createDisbursementStore } from './modules/disbursement/store';
import { dischargeLetterRoutes } from './modules/discharge-letters/routes';
import { createDischargeLetterService } from './modules/discharge-letters/service';
import { createDischargeLetterStore } from './modules/discharge-letters/store';
import { eInvoiceRoutes } from './modules/e-invoice/routes';
import { createEInvoiceService } from './modules/e-invoice/service';
import { createEInvoiceStore } from './modules/e-invoice/store';
import { ekycRoutes } from './modules/ekyc/routes';
import { sandboxEkycRoutes } from './modules/ekyc/sandbox-routes';
import { createEkycService } from './modules/ekyc/service';
import { createEkycStore } from './modules/ekyc/store';
import { evidenceRoutes } from './modules/evidence/routes';
import { createEvidenceService } from './modules/evidence/service';
import { createEvidenceStore } from './modules/evidence/store';
import { fileRoutes } from './modules/files/routes';
import { createFileService, documentRequirements } from './modules/files/service';
import { createPortfolioDashboard } from './modules/finance/dashboard';
import { financeDashboardRoutes } from './modules/finance/dashboard-routes';
import { createDashboardStore } from './modules/finance/dashboard-store';
import { createReconciliationService } from './modules/finance/reconciliation';
import { reconciliationRoutes } from './modules/finance/reconciliation-routes';
import { createReconciliationStore } from './modules/finance/reconciliation-store';
import { financeRoutes } from './modules/finance/routes';
import { createFinanceService, type FinanceService } from './modules/finance/service';
import { createFinanceStore } from './modules/finance/store';
import { healthRoutes } from './modules/health/routes';
import { createHealthStore } from './modules/health/store';
import { jompayRoutes } from './modules/jompay/routes';
import { createJompayService } from './modules/jompay/service';
import { createJompayStore } from './modules/jompay/store';
import { loanStatusRoutes } from './modules/loan-status/routes';
import { createLoanStatusService } from './modules/loan-status/service';
import { createLoanStatusStore } from './modules/loan-status/store';
import { mandateRoutes } from './modules/mandates/routes';
import { sandboxEmandateRoutes } from './modules/mandates/sandbox-routes';
import { createMandateService } from './modules/mandates/service';
import { createMandateStore } from './modules/mandates/store';
import { masterRoutes } from './modules/master/routes';
import { createMasterService } from './modules/master/service';
import { createMasterLookups, createMasterStore } from './modules/master/store';
import { masterSetupRoutes } from './modules/master-setup/routes';
import { createMasterSetupService, createTemplates } from './modules/master-setup/service';
import { createMasterSetupStore } from './modules/master-setup/store';
import { offerRoutes } from './modules/offer/routes';
import { createOfferService } from './modules/offer/service';
import { createOfferStore } from './modules/offer/store';
import { gatewayPaymentRoutes } from './modules/payments-gateway/routes';
import { sandboxGatewayRoutes } from './modules/payments-gateway/sandbox-routes';
import { createGatewayPaymentService } from './modules/payments-gateway/service';
import { createGatewayPaymentStore } from './modules/payments-gateway/store';
import { providerRoutes } from './modules/providers/routes';
import { createProvidersService } from './modules/providers/service';
import { psychometricRoutes } from './modules/psychometric/routes';
import { createPsychometricService } from './modules/psychometric/service';
import { createPsychometricStore } from './modules/psychometric/store';
import { queueRoutes } from './modules/queue/routes';
import { createQueueService } from './modules/queue/service';
import { createQueueStore } from './modules/queue/store';
import { registrationRoutes } from './modules/registration/routes';
import { createRegistrationService } from './modules/registration/service';
import { createRegistrationStore } from './modules/registration/store';
import { regulatorRoutes } from './modules/regulator/routes';
import { createRegulatorService, type RegulatorModule } from './modules/regulator/service';
import { createRegulatorStore } from './modules/regulator/store';
import { repaymentRoutes } from './modules/repayments/routes';
import { createRepaymentService, type RepaymentModule } from './modules/repayments/service';
import { createRepaymentStore } from './modules/repayments/store';
import { sandboxRoutes } from './modules/sandbox/routes';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsService } from './modules/settings/service';
import { createSettingsStore } from './modules/settings/store';
import { signingRoutes } from './modules/signing/routes';
import { createSigningService } from './modules/signing/service';
import { createSigningStore } from './modules/signing/store';
import { createDemoAuthenticators, seedDemoStaff } from './modules/staff/demo-staff';
import { createDemoStaffStore } from './modules/staff/demo-store';
import { staffRoutes } from './modules/staff/routes';
import { createSecondFactor } from './modules/staff/second-factor';
import { createStaffService } from './modules/staff/service';
import { createStaffStore } from './modules/staff/store';
import { telecomRoutes } from './modules/telecom/routes';
import { createTelecomService, TELECOM_TENANT } from './modules/telecom/service';
import { userAdminRoutes } from './modules/user-admin/routes';
import { createUserAdminService } from './modules/user-admin/service';
import { createUserAdminStore } from './modules/user-admin/store';
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
  /** How long a client may take over its headers, its whole request, and how long an idle
   *  kept-alive connection stays open (`API_TIMEOUT_DEFAULTS` when not given). */
  timeouts?: Partial<ApiTimeouts>;
  /** Where the accounts code reads the time (tests move it). */
  clock?: Clock;
  /** Sandbox and staging: an admin may move the business date forward. Off in production,
   *  which then refuses a database whose business date was moved. */
  movableBusinessDate?: boolean;
  /** Loans a job of the books works on at once; by the database when not given (the bench
   *  compares). */
  loansAtOnce?: number;
  /** Signs access tokens; generated once and kept in the database when not given. */
  jwtSecret?: string;
  /** Seals personal data at rest; generated once and kept in the database when not given. */
  dataKey?: string;
  /** PUBLIC_URL: when given, every link the platform hands out starts with it. */
  publicUrl?: string;
  /** Where the platform is served when PUBLIC_URL is not given (`http://localhost:3000` when
   *  not given either): links made outside a request, and in a request that came by another name
   *  than this machine's own. */
  servedAt?: string;
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
  /** The keys shared with the payment gateway; for the sandbox gateway, generated once and kept
   *  in the database when not given. */
  paymentGateway?: Partial<GatewayKeys>;
  /** The lenders' JomPAY biller codes; the sandbox biller's when not given. */
  jompayBillerCodes?: Partial<Record<TenantId, string>>;
  /** The provider of each outside service with a real one; sandboxes when not given. */
  providers?: ProviderSettings;
  /** A demo team seeded on start, their current codes in the sandbox outbox: refused with any
   *  real provider. */
  demoStaff?: readonly DemoStaffMember[];
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
    /** Resolves once work finished after answering (emails being written) is done, and the
     *  handlers of every event recorded so far have run (those waiting to retry excepted). */
    settle(): Promise<void>;
    /** Events and their handlers' jobs (pg-boss). */
    events: EventBus;
    /** The scheduled jobs of this app, run once across every process sharing the database. */
    jobs: JobRunner;
    /** The agreement's documents and signatures (suites of the signing journey drive it). */
    agreementDocuments: AgreementDocumentService;
    /** Payments, the account's position and late charges (suites of repayment drive it). */
    repayments: RepaymentModule;
    /** The books, staff side, and statements of account (suites of the books read it). */
    accounts: AccountsModule;
    /** Credit refunds (suites drive the daily letters job directly). */
    refunds: RefundService;
    /** The general ledger (suites of the books read the journal and a loan's sub-ledger). */
    finance: FinanceService;
    /** Borrower ledgers and the regulator's return (suites of the regulator read it). */
    regulator: RegulatorModule;
    /** Reminders, arrears and default notices (suites of collection drive its daily job). */
    collections: CollectionService;
    /** Direct debit collections (suites drive the daily job's work directly). */
    directDebit: DirectDebitService;
    /** The business date and close of business (suites move the one and run the other). */
    businessDate: BusinessDateService;
  }
}

export async function buildApp(options: AppOptions): Promise<App> {
  const timeouts = { ...API_TIMEOUT_DEFAULTS, ...options.timeouts };
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    // One cheap line per request instead (logRequests): two masked lines halved throughput.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // The API's own, whatever stands in front of it: a client that trickles its headers or its
    // body, or leaves a connection idle, is let go rather than holding a socket for ever.
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headerMs,
      // Node looks for requests past these limits this often (every 30 s unless told).
      connectionsCheckingInterval: Math.min(1000, timeouts.headerMs),
    },
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
  keepAnswersOutOfCaches(app);
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
        { name: 'telecom', description: "The telecom partner's customers' sign-in (redcash)" },
        { name: 'users', description: 'The signed-in user and their account' },
        { name: 'staff', description: 'Back office' },
        { name: 'captcha', description: 'Bot check' },
        { name: 'sandbox', description: 'Sandbox providers (local and test only)' },
        { name: 'onboarding', description: 'Eligibility, registration and verification codes' },
        { name: 'applications', description: 'Organizations, applications and their sections' },
        { name: 'files', description: 'Documents of an application' },
        { name: 'ekyc', description: 'Identity verification' },
        { name: 'psychometric', description: 'The psychometric questionnaire' },
        { name: 'agreements', description: 'Agreements, their documents and signatures' },
        { name: 'attestation', description: 'Attestation by video or live call' },
        { name: 'repayments', description: 'The loan account after payout: schedule, payments' },
        { name: 'accounts', description: 'The books: account enquiry, waivers, statements' },
        { name: 'payments', description: 'Paying online through the payment gateway' },
        { name: 'agreements', description: 'The agreement, its signing and its guarantors' },
      ],
    },
    // Who may call each operation, read from the route's own rule, so the document (and the
    // authorization tests generated from it) can never drift from what the API enforces.
    // And the media types a route takes that no body schema describes (files: multipart, video),
    // so the edge's body limits can be held to every route that takes a file.
    transform: ({ schema, url, route }) => ({
      schema: {
        ...schema,
        'x-access': route.config?.access,
        ...(schema?.consumes && !schema.body ? { 'x-consumes': schema.consumes } : {}),
      } as typeof schema,
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
  const loansAtOnce = options.loansAtOnce ?? loansAtOnceFor(options.db.kind);
  // Every module and job reads the business date through this clock.
  const clock = createBusinessClock(options.clock ?? systemClock);
  const limits = { ...AUTH_RATE_LIMIT_DEFAULTS, ...options.authLimits };
  const sealer = createSealer(await loadDataKey(orm, options.dataKey));
  const publicAddress = createPublicAddress({
    configured: options.publicUrl,
    fallback: options.servedAt ?? 'http://localhost:3000',
  });
  const publicUrl = publicAddress.url;
  const emailSettings = options.email ?? { provider: 'sandbox' };
  const gatewayKeys: GatewayKeys = {
    merchantId: options.paymentGateway?.merchantId ?? 'lending_sandbox',
    verifyKey: await loadServiceKey(
      orm,
      'payment-gateway-verify-key',
      options.paymentGateway?.verifyKey,
    ),
    secretKey: await loadServiceKey(
      orm,
      'payment-gateway-secret-key',
      options.paymentGateway?.secretKey,
    ),
  };
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
      paymentGateway: gatewayKeys,
      ...(options.providers ? { providers: options.providers } : {}),
    },
    {
      db: orm,
      clock,
      sealer,
      log: app.log,
      // The sandbox gateway lives in this process: its notifications to this platform go through
      // the real route in-process, whatever proxy the public address sits behind.
      deliverNotification: async (url, fields) => {
        const target = new URL(url);
        if (!publicAddress.isOwn(target.origin)) {
          const response = await fetch(url, {
            method: 'POST',
            body: new URLSearchParams(fields),
            signal: AbortSignal.timeout(10_000),
          });
          return { status: response.status, body: await response.text() };
        }
        const response = await app.inject({
          method: 'POST',
          url: `${target.pathname}${target.search}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields).toString(),
        });
        return { status: response.statusCode, body: response.body };
      },
    },
  );
  app.addHook('onClose', () => adapters.close());
  const { email, captcha, outbox } = adapters;
  await app.register(rateLimit, {
    global: false,
    // With Redis, every API process counts the same limits; without, each counts its own.
    ...(adapters.redis ? { redis: adapters.redis, nameSpace: 'rate-limit:' } : {}),
    // What is built here is thrown, then answered by the error handler like any 4xx.
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        sentence('Too many requests, please try again in {after}', {
          after: String(context.after),
          seconds: Math.max(1, Math.ceil(context.ttl / 1000)),
        }),
      ),
  });
  const signingKey = await loadSigningKey(orm, options.jwtSecret);
  const tokens = createTokenIssuer(signingKey, clock);
  const sessions = createSessions(orm, clock);
  const fileLinks = createFileLinks({ signingKey, clock, sessions });
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
  const demoAuthenticators = options.demoStaff
    ? await prepareDemoStaff(app, options.demoStaff, { orm, sealer, clock }, adapters.providerNames)
    : null;
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
    agreementOf: (userId) => offerService.loginDetails(userId),
  });
  // Events a change records in its transaction, and their handlers' jobs on pg-boss: worked as
  // they come when the app runs its jobs; tests run them through `settle()`.
  const events = createEventBus({ db: options.db, log: app.log, work: options.runJobs ?? false });
  app.decorate('events', events);
  // The database may not answer as the API starts: readiness says so, the API stays up, and the
  // queue starts on a later attempt. Until then a change that records an event is refused with
  // its transaction, so nothing is lost.
  let queueRetry: NodeJS.Timeout | undefined;
  const startQueue = async () => {
    try {
      await events.start();
      clearInterval(queueRetry);
      queueRetry = undefined;
    } catch (error) {
      app.log.error({ err: error }, 'job queue did not start');
      queueRetry ??= setInterval(() => void startQueue(), 15_000).unref();
    }
  };
  app.addHook('onReady', startQueue);
  app.addHook('onClose', async () => {
    clearInterval(queueRetry);
    await events.stop();
  });
  app.decorate('settle', async () => {
    await events.drain();
    await authService.settle();
  });
  app.addHook('onClose', () => authService.settle());

  const jobs = createJobRunner({ db: orm, clock, log: app.log });
  const closeOfBusiness = createCloseOfBusiness({
    db: orm,
    clock,
    jobs: () => jobs.booksJobs(),
    log: app.log,
  });
  const businessDate = createBusinessDateService({
    db: orm,
    store: createBusinessDateStore(orm),
    clock,
    cob: closeOfBusiness,
    movable: options.movableBusinessDate ?? false,
  });
  await businessDate.refresh(true);
  app.decorate('businessDate', businessDate);
  // Another process may move the business date: read again, at most once a second.
  if (businessDate.movable) app.addHook('onRequest', () => businessDate.refresh());
  await closeOfBusiness.open();
  // Every job of the books, for each day from the last one closed through the business date,
  // in the order of their daily times (direct debit's answers, late charges, letters, ...).
  // On its schedule it runs in the morning, not after midnight: the reminders and notices it
  // sends are held to the permitted contact hours, and one sent at night would wait for ever.
  jobs.register(closeOfBusinessJob(closeOfBusiness, '08:15'));
  app.addHook('onClose', () => closeOfBusiness.settle());
  jobs.register({
    name: 'purge-expired',
    // After midnight in Malaysia, when sign-ins are fewest.
    dailyAt: '00:30',
    ownSchedule: true,
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
  const settingsService = createSettingsService(createSettingsStore(orm));
  const masterService = createMasterService(createMasterStore(orm), settingsService);
  await app.register(masterRoutes, { service: masterService });
  const contactService = createContactService({
    store: createContactStore(orm),
    email,
    clock,
    publicUrl,
    log: app.log,
  });
  await app.register(contactInboxRoutes, { service: contactService });
  await app.register(contactRoutes, {
    service: contactService,
    rateLimit: options.contactRateLimit ?? CONTACT_RATE_LIMIT_DEFAULT,
  });
  await app.register(authRoutes, { service: authService, captcha, limits });
  await app.register(staffRoutes, { service: staffService, linkPerIp: limits.passwordLinkPerIp });
  await app.register(userRoutes, {
    service: createUserService({ users, sessions, audit, clock, db: orm }),
    limits,
    requirePassedBotCheck: authService.requirePassedBotCheck,
  });
  await app.register(applicationRoutes, { service: applicationService });
  await app.register(queueRoutes, {
    service: createQueueService({ store: createQueueStore(orm), sealer }),
  });
  await app.register(businessDateRoutes, { service: businessDate });
  await app.register(auditLogRoutes, {
    service: createAuditLogService({ store: createAuditLogStore(orm), audit, clock }),
  });
  const telecomService = createTelecomService({
    telecom: adapters.telecomIdentity,
    lineProof: tokens,
    accountByPhone: (phoneNo) => users.byPhone(TELECOM_TENANT, phoneNo),
    identityCardNoOf: async (userId) => {
      try {
        return (await registrationService.details(userId)).applicantIdentityCardNo;
      } catch (error) {
        // No registration (an account opened without one) is no NRIC, not a failure.
        if (error instanceof HttpError && error.statusCode === 404) return null;
        throw error;
      }
    },
    auth: authService,
    audit,
    clock,
    counters: adapters.counters,
    limits,
  });
  const registrationService = createRegistrationService({
    store: createRegistrationStore(orm),
    auth: authService,
    sealer,
    clock,
    telecomLine: (redOneJwt) => telecomService.lineStanding(redOneJwt),
  });
  await app.register(registrationRoutes, {
    service: registrationService,
    registerPerIp: limits.loginPerIp,
    lookupsPerMinute: limits.captchaVerifyPerIp * 2,
    requirePassedBotCheck: authService.requirePassedBotCheck,
  });
  await app.register(telecomRoutes, {
    service: telecomService,
    sandbox: adapters.telecomIdentity.name === 'sandbox' ? adapters.telecomIdentity : null,
    sandboxPublic: options.sandboxOutboxPublic ?? false,
    limits,
  });
  await app.register(verificationRoutes, { service: verificationService });
  const fileService = createFileService({
    db: orm,
    applications: applicationService,
    storage: adapters.storage,
    sealer,
  });
  await app.register(fileRoutes, { service: fileService, tokens, sessions, links: fileLinks });
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
  await app.register(settingsRoutes, { service: settingsService });
  // Every module of the agreement's life (offer, attestation, direct debit, documents, signing,
  // guarantors) and cancelling an approved application reach agreements through this service.
  // The lender's notice templates (master setup): frozen by each agreement when it is made.
  const masterSetupStore = createMasterSetupStore(orm);
  const templates = createTemplates(masterSetupStore);
  const agreementService = createAgreementService({
    store: createAgreementStore(orm),
    clock,
    templates,
  });
  const decisionService = createDecisionService({
    db: orm,
    store: createDecisionStore(orm),
    campaigns: masterService,
    applications: applicationService,
    agreements: agreementService,
    settings: settingsService,
    users,
    email,
    sms: adapters.sms,
    sealer,
    clock,
    publicUrl,
    log: app.log,
    // The approval opens the borrower's offer in the same transaction.
    onApproved: (tx, approved, actorRef) => offerService.openOnApproval(tx, approved, actorRef),
    onAgreementCancelled: (agreementId) => mandateService.endCancelledAtBank(agreementId),
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
  // The agreement's documents: Schedule J/K frozen, signed through the certificate authority,
  // closed with the audit page, the lender's seal and e-stamping.
  const agreementDocuments = createAgreementDocuments({
    db: orm,
    templates,
    store: createAgreementDocumentStore(orm),
    agreements: agreementService,
    applications: applicationService,
    storage: adapters.storage,
    sealer,
    authority: adapters.certificateAuthority,
    estamp: adapters.estamp,
    clock,
    // Printed in documents that outlive the request: the address configured, whoever asked.
    publicUrl: publicAddress.configured,
    settings: settingsService,
  });
  app.decorate('agreementDocuments', agreementDocuments);
  await app.register(agreementDocumentRoutes, { service: agreementDocuments });
  const offerService = createOfferService({
    db: orm,
    store: createOfferStore(orm),
    campaigns: masterService,
    agreements: agreementService,
    applications: applicationService,
    settings: settingsService,
    clock,
    onAgreementCancelled: (agreementId) => mandateService.endCancelledAtBank(agreementId),
  });
  await app.register(offerRoutes, { service: offerService });
  // Direct debit: the agreement waits for an active mandate before signing.
  const mandateService = createMandateService({
    db: orm,
    store: createMandateStore(orm),
    agreements: agreementService,
    provider: adapters.emandate,
    sealer,
    clock,
    publicUrl,
    log: app.log,
  });
  // Mandate, pay and settle share one way of counting attempts: per person and per loan.
  const moneySteps = createMoneyStepLimit({ counters: adapters.counters, clock });
  await app.register(mandateRoutes, { service: mandateService, limit: moneySteps });
  await app.register(sandboxEmandateRoutes, {
    provider: adapters.emandate,
    service: mandateService,
  });
  // Attestation: the video and explain-back check, live calls on the meeting provider, the
  // officers' calendar and the staff review that lets the agreement go on to signing.
  const attestationService = createAttestationService({
    db: orm,
    store: createAttestationStore(orm),
    agreements: agreementService,
    settings: settingsService,
    storage: adapters.storage,
    meeting: adapters.meeting,
    email,
    sms: adapters.sms,
    clock,
    log: app.log,
  });
  await app.register(attestationRoutes, {
    service: attestationService,
    tokens,
    sessions,
    links: fileLinks,
  });
  // Master setup: the files that configure the product, applied when an admin activates them.
  const masterSetupService = createMasterSetupService({
    db: orm,
    store: masterSetupStore,
    storage: adapters.storage,
    sealer,
    clock,
    attestation: attestationService,
    settings: settingsService,
    master: masterService,
  });
  // The shipped notice templates become version 1 the first time: agreements freeze one. Storage
  // that is down must not keep the API from starting (readiness names it): an agreement made
  // meanwhile freezes no version and reads the shipped text, which version 1 is, and the next
  // start ships them.
  await masterSetupService.shipTemplates().catch((error: unknown) => {
    app.log.warn(
      { code: (error as { code?: unknown } | null)?.code ?? 'unknown' },
      'shipped notice templates not stored: storage refused them',
    );
  });
  await app.register(masterSetupRoutes, { service: masterSetupService });
  if (adapters.sandboxMeeting) {
    await app.register(sandboxMeetingRoutes, { meeting: adapters.sandboxMeeting });
  }
  jobs.register({
    name: 'attestation-reminders',
    // Before office hours, for the calls of today and tomorrow morning.
    dailyAt: '07:30',
    ownSchedule: true,
    run: () => attestationService.sendReminders(),
  });
  await app.register(signingRoutes, {
    service: createSigningService({
      db: orm,
      agreements: agreementService,
      store: createSigningStore(orm),
      documents: agreementDocuments,
      // The direct debit comes before signing (spec section 4).
      signingChecks: [
        async (agreementId) =>
          (await mandateService.activeFor(agreementId))
            ? null
            : sentence('Set up your direct debit before signing the agreement'),
      ],
      // Read as the borrower reads their own application: identity numbers whole.
      parties: async (agreement) => {
        const application = await applicationService.get(
          {
            kind: 'applicant',
            userId: agreement.userId,
            tenant: agreement.tenant as TenantId,
            sessionId: '',
          },
          agreement.applicationId,
        );
        const user = await users.byId(agreement.userId);
        const applicant = application.sections.applicant;
        return {
          borrower: {
            name: applicant?.name ?? user?.firstName ?? '',
            idNo: applicant?.identityCardNo ?? '',
          },
          guarantors: (application.sections.directors?.people ?? []).map((person) => ({
            role: person.role,
            name: person.name,
            identityCardNo: person.identityCardNo,
            contactNo: person.contactNo,
            personalEmail: person.personalEmail,
          })),
        };
      },
      users,
      ekyc: ekycProvider,
      sms: adapters.sms,
      email,
      sealer,
      clock,
      publicUrl,
    }),
  });
  // The general ledger: every money event below posts its entry through `posting`, inside the
  // event's own transaction; finance staff read the books and close months.
  const financeService = createFinanceService({ db: orm, store: createFinanceStore(orm), clock });
  app.decorate('finance', financeService);
  await app.register(financeRoutes, { service: financeService });
  // Disbursement: the maker records the payout, a different checker sends it; paid, the agreement
  // is DISBURSED, the loan account opens and the repayment schedule is stored.
  await app.register(disbursementRoutes, {
    service: createDisbursementService({
      db: orm,
      store: createDisbursementStore(orm),
      agreements: agreementService,
      applications: applicationService,
      settings: settingsService,
      documents: agreementDocuments,
      users,
      payout: adapters.payout,
      email,
      sms: adapters.sms,
      sealer,
      clock,
      publicUrl,
      log: app.log,
      ledger: financeService.posting,
    }),
  });
  // Repayments: money received is booked and allocated here (the gateway and other channels call
  // applyPayment); late charges accrue daily after midnight in Malaysia.
  const repaymentService = createRepaymentService({
    db: orm,
    store: createRepaymentStore(orm),
    users,
    storage: adapters.storage,
    sealer,
    email,
    clock,
    publicUrl,
    log: app.log,
    loansAtOnce,
    recordEvent: events.record,
    ledger: financeService.posting,
    // Failed and pending online payments are listed in the history beside the booked ones.
    attemptsOf: async (agreementId) => [
      ...(await gatewayPaymentService.unbookedAttempts(agreementId)),
      // Direct debit collections sent and not yet answered, or failed with the bank's reason.
      ...(await directDebitService.historyItems(agreementId)),
    ],
  });
  app.decorate('repayments', repaymentService);
  await app.register(repaymentRoutes, { service: repaymentService });
  // The portfolio dashboard: the books' figures, and arrears as the repayment books read them.
  await app.register(financeDashboardRoutes, {
    dashboard: createPortfolioDashboard({
      store: createFinanceStore(orm),
      dashboardStore: createDashboardStore(orm),
      clock,
      positionsOf: (agreementId, asOf) => repaymentService.collectionPosition(agreementId, asOf),
    }),
  });
  // The books, staff side: account enquiry, waivers and write-offs (four eyes), statements.
  const accountsStore = createAccountsStore(orm);
  // Credit left on a closed account is paid back to the payout's account (four eyes, a letter).
  const refundStore = createRefundStore(orm);
  const refundService = createRefundService({
    db: orm,
    store: refundStore,
    accounts: accountsStore,
    repayments: repaymentService,
    users,
    storage: adapters.storage,
    sealer,
    email,
    clock,
    publicUrl,
    log: app.log,
  });
  const accountsService = createAccountsService({
    db: orm,
    store: accountsStore,
    repayments: repaymentService,
    clock,
    refundsOf: (accountId) => refundService.statementRefunds(accountId),
  });
  app.decorate('accounts', accountsService);
  app.decorate('refunds', refundService);
  // A refund letter that failed to build or send at approval.
  jobs.register({
    name: 'refund-letters',
    dailyAt: '00:50',
    run: () => refundService.issueMissing(),
  });
  await app.register(accountRoutes, { service: accountsService });
  await app.register(refundRoutes, {
    service: refundService,
    letters: createRefundLetters({
      store: refundStore,
      accounts: accountsStore,
      storage: adapters.storage,
      sealer,
    }),
  });
  // The regulator's records: each loan's borrower ledger (Lampiran A) and the KPKT iDeal return.
  const regulatorService = createRegulatorService({
    db: orm,
    store: createRegulatorStore(orm),
    accounts: accountsService,
    clock,
  });
  app.decorate('regulator', regulatorService);
  await app.register(regulatorRoutes, { service: regulatorService });
  // The back office's applicants: search, the whole picture of one, and staff changes to them.
  await app.register(userAdminRoutes, {
    service: createUserAdminService({
      store: createUserAdminStore(orm),
      users,
      sessions,
      applications: applicationService,
      agreements: agreementService,
      // Read as the borrower reads their own accounts, so staff see the same figures.
      accountsOf: async (userId, tenant) =>
        (await repaymentService.accounts({ kind: 'applicant', userId, tenant, sessionId: '' }))
          .items,
      email,
      publicUrl,
      log: app.log,
      sealer,
      clock,
      db: orm,
    }),
  });
  jobs.register({
    name: 'late-charges',
    dailyAt: '00:30',
    run: () => repaymentService.accrueLateCharges(),
  });
  // Discharge letters: issued when a loan closes (settled early or its last instalment paid),
  // in the borrower's language, versioned, emailed, and read by the borrower alone.
  const dischargeLetters = createDischargeLetterService({
    db: orm,
    store: createDischargeLetterStore(orm),
    closedAccount: (agreementId) => repaymentService.closedAccount(agreementId),
    closedAgreementIds: () => repaymentService.closedAgreementIds(),
    ownsAccount: (viewer, agreementId) => repaymentService.ownsAccount(viewer, agreementId),
    users,
    storage: adapters.storage,
    sealer,
    email,
    clock,
    publicUrl,
    log: app.log,
  });
  // Collections: reminders before due dates, arrears notices after them, the "ready for
  // default" flag and the default notice staff issue. Remote and in writing only.
  const collectionService = createCollectionService({
    db: orm,
    store: createCollectionStore(orm),
    work: createCollectionWorkStore(orm),
    repayments: repaymentService,
    users,
    settings: settingsService,
    storage: adapters.storage,
    sealer,
    email,
    sms: adapters.sms,
    clock,
    publicUrl,
    log: app.log,
    loansAtOnce,
  });
  // Bank-in slips: a bank transfer the borrower reports with the slip, checked by finance and,
  // once approved, booked as any payment is; the borrower is told the decision by email.
  const slipService = createSlipService({
    db: orm,
    store: createSlipStore(orm),
    accounts: createRepaymentStore(orm),
    repayments: repaymentService,
    settings: settingsService,
    staffNames: (ids) => accountsStore.staffNames(ids),
    users,
    storage: adapters.storage,
    sealer,
    email,
    clock,
    publicUrl,
    recordEvent: events.record,
  });
  await app.register(slipRoutes, { service: slipService });
  events.on({
    name: 'slip_decided.tell_borrower',
    on: SLIP_DECIDED_EVENT,
    handle: ({ payload }) => slipService.tellBorrower(String(payload.slipId)),
  });
  // What a booked payment and a closed loan send, each after its transaction committed and once.
  events.on({
    name: 'payment_booked.receipt',
    on: 'payment.booked',
    handle: async ({ payload }) => {
      await repaymentService.ensureReceipt(String(payload.paymentId));
    },
  });
  events.on({
    name: 'loan_closed.discharge_letter',
    on: 'loan.closed',
    handle: async ({ payload }) => {
      await dischargeLetters.ensure(String(payload.agreementId));
    },
  });
  await app.register(dischargeLetterRoutes, { service: dischargeLetters });
  // A letter that failed to build when its loan closed is built here.
  jobs.register({
    name: 'discharge-letters',
    dailyAt: '00:45',
    run: () => dischargeLetters.issueMissing(),
  });
  app.decorate('collections', collectionService);
  await app.register(collectionRoutes, { service: collectionService });
  jobs.register({
    name: 'collections',
    // In the morning, when a reminder or a notice is read rather than woken to; after the late
    // charges of the night, so the letters state them.
    dailyAt: '08:00',
    run: () => collectionService.runDaily(),
  });
  // JomPAY: the borrower pays at their bank with the biller code and the loan's Ref-1; staff
  // import the bank's daily biller file, whose good lines are booked here once.
  await app.register(jompayRoutes, {
    service: createJompayService({
      db: orm,
      store: createJompayStore(orm),
      agreements: agreementService,
      repayments: repaymentService,
      clock,
      ...(options.jompayBillerCodes ? { billerCodes: options.jompayBillerCodes } : {}),
    }),
  });
  // Direct debit: on each due date a collection on the active mandate; the bank answers the next
  // day; failed ones are retried as the product settings say.
  const directDebitService = createDirectDebitService({
    db: orm,
    store: createDirectDebitStore(orm),
    clock,
    provider: adapters.emandate,
    mandates: mandateService,
    agreements: agreementService,
    repayments: repaymentService,
    scheduleOf: async (agreementId, userId) => {
      const agreement = await agreementService.byId(agreementId);
      return repaymentService.schedule(
        { kind: 'applicant', userId, tenant: agreement.tenant as TenantId, sessionId: '' },
        agreementId,
      );
    },
    settingsOf: async (tenant) => {
      const settings = await settingsService.currentSettings(tenant);
      return {
        directDebit: settings.directDebit,
        publicHolidays: settings.officeHours.publicHolidays,
      };
    },
    log: app.log,
  });
  app.decorate('directDebit', directDebitService);
  jobs.register({
    name: 'direct-debit',
    // Before the late charges (00:30): yesterday's collections are booked as of the day the
    // bank debited them, so a collected instalment is never charged for the day the answer took.
    dailyAt: '00:15',
    run: () => directDebitService.collect(),
  });
  // Paying online: orders on the payment gateway; a paid one is booked by the repayments service
  // in the transaction that records the gateway's word.
  const gatewayPaymentService = createGatewayPaymentService({
    db: orm,
    store: createGatewayPaymentStore(orm),
    agreements: agreementService,
    repayments: repaymentService,
    owedNow: async (borrower, agreementId) =>
      (await repaymentService.schedule(borrower, agreementId)).outstandingSen,
    settlementQuote: (borrower, agreementId) =>
      repaymentService.earlySettlementQuote(borrower, agreementId),
    gateway: adapters.paymentGateway,
    clock,
    publicUrl,
    log: app.log,
  });
  await app.register(gatewayPaymentRoutes, {
    service: gatewayPaymentService,
    publicUrl,
    limit: moneySteps,
  });
  // Finance reconciles the gateway's settlement report with the payments it booked.
  await app.register(reconciliationRoutes, {
    service: createReconciliationService({
      store: createReconciliationStore(orm),
      gateway: adapters.paymentGateway,
      clock,
    }),
  });
  const sandboxGateway = adapters.sandboxGateway;
  if (sandboxGateway) await app.register(sandboxGatewayRoutes, { gateway: sandboxGateway });
  // The sandbox gateway's late and repeated notifications go out as its own would, unprompted.
  if (options.runJobs && sandboxGateway) {
    const deliveries = setInterval(() => {
      sandboxGateway.deliverDue().catch((error: unknown) => {
        app.log.warn(
          { error: error instanceof Error ? error.message : 'unknown' },
          'sandbox gateway notifications not delivered',
        );
      });
    }, 15_000);
    deliveries.unref();
    app.addHook('onClose', () => clearInterval(deliveries));
  }
  await app.register(loanStatusRoutes, {
    service: createLoanStatusService({
      store: createLoanStatusStore(orm),
      clock,
      agreements: agreementService,
      // Names only: the card never shows a guarantor's identity number or phone.
      guarantors: async (agreementId) =>
        (await createSigningStore(orm).guarantorsOf(agreementId)).map((row) => ({
          position: row.position,
          name: sealer.openText(row.nameSealed),
          status: row.status,
        })),
    }),
  });
  // The e-invoice TIN: checked with the tax authority against the user's own registration.
  await app.register(eInvoiceRoutes, {
    service: createEInvoiceService({
      db: orm,
      store: createEInvoiceStore(),
      users,
      organizations: applicationService,
      taxAuthority: adapters.taxAuthority,
      audit,
      clock,
    }),
  });
  // Evidence for auditors and people's own data (PDPA); the retention job removes documents of
  // applications closed without a loan once the tenant's retention period has passed.
  const evidenceService = createEvidenceService({
    db: orm,
    store: createEvidenceStore(orm),
    storage: adapters.storage,
    sealer,
    clock,
    settings: settingsService,
  });
  await app.register(evidenceRoutes, { service: evidenceService });
  jobs.register({
    name: 'document-retention',
    dailyAt: '01:00',
    run: () => evidenceService.removeExpiredDocuments(),
  });
  // Each outside service's provider and health for admins; what vendors send back.
  await app.register(providerRoutes, {
    service: createProvidersService({
      names: adapters.providerNames,
      settings: describeProviderSettings(options.providers ?? SANDBOX_PROVIDERS, {
        email: emailSettings,
        captcha: options.captcha ?? { provider: 'sandbox' },
        gatewayKeys,
      }),
      allowSandbox: options.providers?.allowSandbox ?? [],
      health: adapters.health,
      smsReceipts: adapters.smsReceipts,
      estampWebhooks: adapters.estampWebhooks,
      clock,
    }),
    callbacks: adapters,
  });
  if (emailSettings.provider === 'sandbox' || adapters.sandboxCaptcha) {
    await app.register(sandboxRoutes, {
      outbox,
      captcha: adapters.sandboxCaptcha,
      solvePerMinute: limits.captchaVerifyPerIp * 2,
      outboxPublic: options.sandboxOutboxPublic ?? false,
      demoAuthenticators,
    });
  }
  return app;
}

/** Seeds the demo team; what shows their codes in the outbox. */
async function prepareDemoStaff(
  app: App,
  team: readonly DemoStaffMember[],
  { orm, sealer, clock }: { orm: Database['orm']; sealer: Sealer; clock: Clock },
  providerNames: Record<string, string>,
) {
  const refusal = demoStaffRefusal(false, providerNames);
  if (refusal) throw new Error(`demo staff are refused: ${refusal}`);
  const store = createDemoStaffStore(orm);
  const seeded = await seedDemoStaff({ store, sealer, clock }, team);
  app.log.info(seeded, 'demo staff ready');
  return createDemoAuthenticators({ store, sealer, clock });
}
