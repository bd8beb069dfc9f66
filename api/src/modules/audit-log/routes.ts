import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_PATHS, AUDIT_VIEWER_ROLES } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { AuditExportQuerySchema, AuditPageSchema, AuditQuerySchema } from './schemas';
import type { AuditLogService } from './service';

export interface AuditLogRoutesOptions {
  service: AuditLogService;
}

export const auditLogRoutes: FastifyPluginAsyncTypebox<AuditLogRoutesOptions> = async (
  app,
  { service },
) => {
  const tags = ['staff'];
  const viewers = access.staff(...AUDIT_VIEWER_ROLES);

  app.get(
    AUDIT_PATHS.list,
    {
      config: { access: viewers },
      schema: {
        tags,
        summary:
          'The audit log, newest first, paged and filtered by actor, entity, action and ' +
          'Malaysia dates; rows may hold personal data',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // Personal data: neither the browser nor a proxy keeps a copy.
      reply.header('cache-control', 'private, no-store');
      return service.list(request.query);
    },
  );

  app.get(
    AUDIT_PATHS.export,
    {
      config: { access: viewers },
      schema: {
        tags,
        summary:
          'The audit rows the same filters find, as CSV (UTF-8 with a byte order mark); more ' +
          'rows than one export may hold is refused (422 AUDIT_EXPORT_TOO_LARGE). Audited.',
        querystring: AuditExportQuerySchema,
        response: {
          200: Type.String({ description: 'text/csv' }),
          ...errorResponses(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const principal = request.principal as Principal | null;
      if (principal?.kind !== 'staff') throw new HttpError(401, 'Unauthorized');
      const file = await service.export(principal, request.query, request.ip);
      reply.header('content-type', 'text/csv; charset=utf-8; header=present');
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      reply.header('cache-control', 'private, no-store');
      reply.header('x-row-count', String(file.rows));
      return reply.send(file.body);
    },
  );
};
