// Settlement reconciliation, for the roles that read the books (FINANCE_ROLES): runs of the
// gateway's report (fetched, or uploaded as CSV text), read back, and four-eyes resolutions.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FINANCE_ROLES,
  RECONCILIATION_PATHS,
  type ReconciliationRunsResponse,
  type ReconciliationRunView,
  TENANTS,
} from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { access, type Principal } from '../../http/access';
import { errorResponses, type Same, StringEnum } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import type { ReconciliationService } from './reconciliation';

const IsoDate = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Id = Type.String({ format: 'uuid' });
const MaybeSen = Type.Union([Type.Integer(), Type.Null()]);
const MaybeText = Type.Union([Type.String(), Type.Null()]);
/** Within the 1 MiB body the edge and the API take on a JSON route (infra/gateway/edge-policy.mjs),
 *  with room for the JSON around it: some ten thousand report lines. */
const MAX_CSV_CHARS = 900_000;

const RunRequestSchema = Type.Object(
  {
    tenant: StringEnum(TENANTS),
    from: IsoDate,
    to: IsoDate,
    csv: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_CSV_CHARS,
        'x-message': 'is too large: reconcile fewer days at a time',
      }),
    ),
  },
  { additionalProperties: false },
);

const Counts = Type.Object({
  matched: Type.Integer(),
  reportOnly: Type.Integer(),
  booksOnly: Type.Integer(),
  amountDifferences: Type.Integer(),
});

const RunFields = {
  id: Id,
  tenant: StringEnum(TENANTS),
  from: IsoDate,
  to: IsoDate,
  source: StringEnum(['GATEWAY', 'UPLOAD']),
  startedBy: Type.String(),
  startedAt: Type.String({ format: 'date-time' }),
  counts: Counts,
};

const RunViewSchema = Type.Object({
  ...RunFields,
  lines: Type.Array(
    Type.Object({
      id: Id,
      kind: StringEnum(['MATCHED', 'REPORT_ONLY', 'BOOKS_ONLY', 'AMOUNT_DIFFERENCE']),
      txnId: MaybeText,
      orderId: MaybeText,
      reportAmountSen: MaybeSen,
      bookedAmountSen: MaybeSen,
      paidAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      status: Type.Union([StringEnum(['OPEN', 'PROPOSED', 'RESOLVED']), Type.Null()]),
      resolution: Type.Union([StringEnum(['BANK_ERROR', 'EXPLAINED']), Type.Null()]),
      note: MaybeText,
      proposedBy: MaybeText,
      confirmedBy: MaybeText,
      proposedByMe: Type.Boolean(),
    }),
  ),
});

const RunsSchema = Type.Object({ runs: Type.Array(Type.Object(RunFields)) });

const ProposalSchema = Type.Object(
  {
    resolution: StringEnum(['BANK_ERROR', 'EXPLAINED']),
    note: Type.String({
      minLength: 1,
      maxLength: 500,
      pattern: '\\S',
      'x-message': 'must say why, in at most 500 characters',
    }),
  },
  { additionalProperties: false },
);

const _sameRun: Same<Static<typeof RunViewSchema>, ReconciliationRunView> = true;
const _sameRuns: Same<Static<typeof RunsSchema>, ReconciliationRunsResponse> = true;

const staffIdOf = (principal: Principal | null) => {
  if (principal?.kind !== 'staff') throw new HttpError(401, 'Unauthorized');
  return principal.staffId;
};

export const reconciliationRoutes: FastifyPluginAsyncTypebox<{
  service: ReconciliationService;
}> = async (app, { service }) => {
  const tags = ['staff'];
  const config = { access: access.staff(...FINANCE_ROLES) };

  app.post(
    RECONCILIATION_PATHS.runs,
    {
      config,
      schema: {
        tags,
        summary:
          'Reconciles the gateway’s settlement report of a span with the payments booked. Audited.',
        description:
          'Without `csv` the gateway’s own report is fetched; with it, the uploaded report ' +
          '(header `txn_id,order_id,amount,currency,channel,paid_at`) is checked line by line.',
        body: RunRequestSchema,
        response: { 201: RunViewSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.start(staffIdOf(request.principal), request.body)),
  );

  app.get(
    RECONCILIATION_PATHS.runs,
    {
      config,
      schema: {
        tags,
        summary: 'The brand’s latest reconciliations, newest first',
        querystring: Type.Object({ tenant: StringEnum(TENANTS) }, { additionalProperties: false }),
        response: { 200: RunsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.runs(request.query.tenant),
  );

  app.get(
    RECONCILIATION_PATHS.run(':id'),
    {
      config,
      schema: {
        tags,
        summary: 'One reconciliation with its lines',
        params: Type.Object({ id: Id }),
        response: { 200: RunViewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.read(staffIdOf(request.principal), request.params.id),
  );

  app.post(
    RECONCILIATION_PATHS.propose(':id'),
    {
      config,
      schema: {
        tags,
        summary: 'Proposes why a line does not match (bank error or explained). Audited.',
        params: Type.Object({ id: Id }),
        body: ProposalSchema,
        response: { 200: RunViewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.propose(staffIdOf(request.principal), request.params.id, request.body),
  );

  app.post(
    RECONCILIATION_PATHS.confirm(':id'),
    {
      config,
      schema: {
        tags,
        summary: 'A second finance member confirms a proposed resolution. Audited.',
        params: Type.Object({ id: Id }),
        response: { 200: RunViewSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.confirm(staffIdOf(request.principal), request.params.id),
  );
};
