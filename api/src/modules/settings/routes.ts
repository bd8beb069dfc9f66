import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PUBLISHED_FIGURES_MAX_AGE_S,
  PUBLISHED_FIGURES_PATHS,
  SETTINGS_PATHS,
  TENANT_HEADER,
} from '@lending/contracts';

import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import {
  ProductSettingsSchema,
  PublishedFiguresSchema,
  SettingsVersionSchema,
  VersionParamsSchema,
} from './schemas';
import type { SettingsService } from './service';

/** Product settings: every staff member reads them, an ADMIN saves a new version; anyone reads
 *  the rates and fees the public pages quote. */
export const settingsRoutes: FastifyPluginAsyncTypebox<{ service: SettingsService }> = async (
  app,
  { service },
) => {
  const tags = ['staff'];
  app.get(
    PUBLISHED_FIGURES_PATHS.current,
    {
      config: { access: access.public },
      schema: {
        tags: ['master'],
        summary: 'The rates and fees the public pages quote, from the current product settings',
        response: { 200: PublishedFiguresSchema },
      },
    },
    async (request, reply) => {
      // The same for every visitor of a tenant, so shared caches may keep it briefly; the tenant
      // header picks the answer, so a cache must key on it too.
      reply
        .header('cache-control', `public, max-age=${PUBLISHED_FIGURES_MAX_AGE_S}`)
        .header('vary', TENANT_HEADER);
      return service.published(request.tenant);
    },
  );

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
