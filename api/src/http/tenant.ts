import { TENANT_HEADER, type TenantId, TENANTS } from '@lending/contracts';
import type { FastifyInstance } from 'fastify';

import { badRequest, sentence } from '../kernel/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant named by the `x-tenant` header; `arkcash` when absent. */
    tenant: TenantId;
  }
}

function isTenant(value: string): value is TenantId {
  return (TENANTS as readonly string[]).includes(value);
}

/** Company settings and the product are per tenant; every request says which one it is for. */
export function readTenant(app: FastifyInstance): void {
  app.decorateRequest('tenant', 'arkcash');
  app.addHook('onRequest', async (request) => {
    const header = request.headers[TENANT_HEADER];
    const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
    if (!value) return;
    if (!isTenant(value)) {
      throw badRequest(
        sentence('{header} must be one of {tenants}', {
          header: TENANT_HEADER,
          tenants: TENANTS.join(', '),
        }),
      );
    }
    request.tenant = value;
  });
}
