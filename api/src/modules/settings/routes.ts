import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SETTINGS_PATHS } from '@lending/contracts';

import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { ProductSettingsSchema, SettingsVersionSchema, VersionParamsSchema } from './schemas';
import type { SettingsService } from './service';

/** Product settings: every staff member reads them, an ADMIN saves a new version. */
export const settingsRoutes: FastifyPluginAsyncTypebox<{ service: SettingsService }> = async (
  app,
  { service },
) => {
  const tags = ['staff'];
  app.get(
    SETTINGS_PATHS.current,
    {
      config: { access: access.staff() },
      schema: {
        tags,
        summary: "The tenant's current product settings (the defaults as version 1 until saved)",
        response: { 200: SettingsVersionSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.current(request.tenant),
  );

  app.put(
    SETTINGS_PATHS.current,
    {
      config: { access: access.staff('ADMIN') },
      schema: {
        tags,
        summary: 'Save the settings as a new version (`version`: the one they were edited from)',
        body: ProductSettingsSchema,
        response: { 200: SettingsVersionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
      return service.update(principal, request.tenant, request.body, request.ip);
    },
  );

  app.get(
    SETTINGS_PATHS.version(':version'),
    {
      config: { access: access.staff() },
      schema: {
        tags,
        summary: 'One version of the product settings, as it was saved',
        params: VersionParamsSchema,
        response: { 200: SettingsVersionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.version(request.tenant, request.params.version),
  );
};
