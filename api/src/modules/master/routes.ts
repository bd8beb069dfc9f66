import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MASTER_PATHS } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { access } from '../../http/access';
import { errorResponses } from '../../http/schema';
import {
  BankSchema,
  CityQuerySchema,
  CitySchema,
  CodedItemSchema,
  CompanyParamsSchema,
  CompanySettingSchema,
  GrossSalaryRangeSchema,
  MasterItemSchema,
  MasterItemWithOtherSchema,
  PageQuerySchema,
  PageSchema,
  PostcodeLookupSchema,
  PostcodeParamsSchema,
  ProductQuerySchema,
  ProductSchema,
  ReferralCodeBodySchema,
  ReferralSourceQuerySchema,
  ReferralSourceSchema,
  SettingParamsSchema,
  StateSchema,
} from './schemas';
import type { MasterService } from './service';

const tags = ['master'];

/** Drop-down lists, places, the product and company settings (spec section 7). */
export const masterRoutes: FastifyPluginAsyncTypebox<{ service: MasterService }> = async (
  app,
  { service },
) => {
  app.get(
    MASTER_PATHS.race,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Races, sorted by name (case-insensitive)',
        response: { 200: Type.Array(MasterItemSchema) },
      },
    },
    () => service.races(),
  );

  app.get(
    MASTER_PATHS.loanReason,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Loan reasons; the one with needsOtherText asks for the reason in words',
        response: { 200: Type.Array(MasterItemWithOtherSchema) },
      },
    },
    () => service.loanReasons(),
  );

  app.get(
    MASTER_PATHS.nationality,
    {
      config: { access: access.public },
      schema: { tags, summary: 'Nationalities', response: { 200: Type.Array(MasterItemSchema) } },
    },
    () => service.nationalities(),
  );

  app.get(
    MASTER_PATHS.bank,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Malaysian banks, sorted by name',
        response: { 200: Type.Array(BankSchema) },
      },
    },
    () => service.banks(),
  );

  app.get(
    MASTER_PATHS.relationship,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Relationships of an emergency contact',
        response: { 200: Type.Array(MasterItemWithOtherSchema) },
      },
    },
    () => service.relationships(),
  );

  app.get(
    MASTER_PATHS.natureOfBusiness,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Natures of business, a page at a time (at most 100 a page)',
        querystring: PageQuerySchema,
        response: { 200: PageSchema(MasterItemSchema), ...errorResponses(400) },
      },
    },
    (request) => service.naturesOfBusiness(request.query),
  );

  app.get(
    MASTER_PATHS.referralSource,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'How the applicant heard of us, by creation time (oldest first by default)',
        querystring: ReferralSourceQuerySchema,
        response: { 200: PageSchema(ReferralSourceSchema), ...errorResponses(400) },
      },
    },
    (request) => service.referralSources(request.query),
  );

  app.get(
    '/api/grossSalaryRange/company/:companyId',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Gross monthly salary ranges of a company, sorted by code (sen; no max on top)',
        params: CompanyParamsSchema,
        response: { 200: Type.Array(GrossSalaryRangeSchema), ...errorResponses(400) },
      },
    },
    (request) => service.grossSalaryRanges(request.params.companyId),
  );

  app.get(
    '/api/employeeType/company/:companyId',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Employee types of a company, sorted by numeric code',
        params: CompanyParamsSchema,
        response: { 200: Type.Array(CodedItemSchema), ...errorResponses(400) },
      },
    },
    (request) => service.employeeTypes(request.params.companyId),
  );

  app.get(
    MASTER_PATHS.state,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'The 13 states and 3 federal territories, sorted by name',
        response: { 200: Type.Array(StateSchema) },
      },
    },
    () => service.states(),
  );

  app.get(
    MASTER_PATHS.city,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Cities of a state, sorted by name',
        querystring: CityQuerySchema,
        response: { 200: Type.Array(CitySchema), ...errorResponses(400) },
      },
    },
    (request) => service.cities(request.query.stateId),
  );

  app.get(
    '/api/postcode/:postcode',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'The city and state of a five-digit postcode',
        params: PostcodeParamsSchema,
        response: { 200: PostcodeLookupSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => service.postcode(request.params.postcode),
  );

  app.get(
    MASTER_PATHS.product,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: "The tenant's single product, or its variant for a referral code",
        querystring: ProductQuerySchema,
        response: { 200: ProductSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => service.product(request.tenant, request.query.referralCode),
  );

  // companyId is kept in the path for the clients of the original service; the product is the
  // tenant's, as for every other call.
  app.post(
    '/arkcash/api/v1.0/product/company/:companyId/referralCode',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'The product variant of a referral (campaign) code',
        params: CompanyParamsSchema,
        body: ReferralCodeBodySchema,
        response: { 200: ProductSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => service.product(request.tenant, request.body.referralCode),
  );

  app.get(
    '/api/companySettings/:key/value',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: "A company setting of the request's tenant, e.g. contactNumber (E.164)",
        params: SettingParamsSchema,
        response: { 200: CompanySettingSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => service.companySetting(request.tenant, request.params.key),
  );
};
