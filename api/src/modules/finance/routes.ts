// The general ledger for finance staff and admins: chart of accounts, trial balance, journal and
// account ledgers of a brand for a span of posting dates, CSV exports (audited) and month-end close.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FINANCE_PATHS, FINANCE_ROLES } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  AccountLedgerSchema,
  AccountParamsSchema,
  ChartOfAccountsSchema,
  ClosedPeriodSchema,
  CsvQuerySchema,
  JournalSchema,
  PeriodParamsSchema,
  PeriodsSchema,
  SpanQuerySchema,
  TenantQuerySchema,
  TrialBalanceSchema,
} from './schemas';
import type { FinanceService } from './service';

const staffIdOf = (principal: Principal | null) => {
  if (principal?.kind !== 'staff') throw new HttpError(401, 'Unauthorized');
  return principal.staffId;
};

export const financeRoutes: FastifyPluginAsyncTypebox<{ service: FinanceService }> = async (
  app,
  { service },
) => {
  const tags = ['staff'];
  const config = { access: access.staff(...FINANCE_ROLES) };

  app.get(
    FINANCE_PATHS.chart,
    {
      config,
      schema: {
        tags,
        summary: "The brand's chart of accounts, names in English and Malay",
        querystring: TenantQuerySchema,
        response: { 200: ChartOfAccountsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ accounts: await service.chart(request.query.tenant) }),
  );

  app.get(
    FINANCE_PATHS.trialBalance,
    {
      config,
      schema: {
        tags,
        summary: 'Trial balance of a span of posting dates: brought forward, posted, carried',
        querystring: SpanQuerySchema,
        response: { 200: TrialBalanceSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.trialBalance(request.query),
  );

  app.get(
    FINANCE_PATHS.trialBalanceCsv,
    {
      config,
      schema: {
        tags,
        summary: 'The trial balance as CSV (code, name, debit, credit in ringgit). Audited.',
        querystring: CsvQuerySchema,
        response: {
          200: Type.String({ description: 'text/csv' }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { language, ...span } = request.query;
      const body = await service.trialBalanceCsv(
        staffIdOf(request.principal),
        span,
        language ?? 'en',
      );
      reply.header('content-type', 'text/csv; charset=utf-8; header=present');
      reply.header(
        'content-disposition',
        `attachment; filename="trial-balance-${span.tenant}-${span.from}-${span.to}.csv"`,
      );
      reply.header('cache-control', 'private, no-store');
      return reply.send(body);
    },
  );

  app.get(
    FINANCE_PATHS.journal,
    {
      config,
      schema: {
        tags,
        summary: 'Every journal entry posted in a span, with its lines',
        querystring: SpanQuerySchema,
        response: { 200: JournalSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.journal(request.query),
  );

  app.get(
    FINANCE_PATHS.journalCsv,
    {
      config,
      schema: {
        tags,
        summary:
          'The journal of a span as CSV, one row per line (journal voucher import). Audited.',
        querystring: CsvQuerySchema,
        response: {
          200: Type.String({ description: 'text/csv' }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { language: _language, ...span } = request.query;
      const body = await service.journalCsv(staffIdOf(request.principal), span);
      reply.header('content-type', 'text/csv; charset=utf-8; header=present');
      reply.header(
        'content-disposition',
        `attachment; filename="journal-${span.tenant}-${span.from}-${span.to}.csv"`,
      );
      reply.header('cache-control', 'private, no-store');
      return reply.send(body);
    },
  );

  app.get(
    FINANCE_PATHS.accountLedger,
    {
      config,
      schema: {
        tags,
        summary: "One account's ledger for a span, with its running balance",
        params: AccountParamsSchema,
        querystring: SpanQuerySchema,
        response: { 200: AccountLedgerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.accountLedger(request.query, request.params.key),
  );

  app.get(
    FINANCE_PATHS.periods,
    {
      config,
      schema: {
        tags,
        summary: 'The months closed, and the business date',
        querystring: TenantQuerySchema,
        response: { 200: PeriodsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.periods(request.query.tenant),
  );

  app.post(
    FINANCE_PATHS.closePeriod,
    {
      config,
      schema: {
        tags,
        summary: 'Closes a month that has ended, the months before it closed first. Audited.',
        params: PeriodParamsSchema,
        body: TenantQuerySchema,
        response: { 200: ClosedPeriodSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) =>
      service.closePeriod(staffIdOf(request.principal), request.body.tenant, request.params.period),
  );
};
