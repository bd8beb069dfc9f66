import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APPLICATION_PATHS } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { access, applicantOf } from '../../http/access';
import { refusalWords } from '../../http/error-handler';
import { errorResponses } from '../../http/schema';
import { errorBody, sentence } from '../../kernel/errors';
import {
  ApplicantDetailsBody,
  ApplicationIdParams,
  ApplicationListItemSchema,
  ApplicationSchema,
  CompanyDetailsBody,
  CreateApplicationBody,
  DirectorDetailsBody,
  DisbursementDetailsBody,
  EmailBody,
  EmergencyContactDetailsBody,
  LoanRequestBody,
  OrganizationIdParams,
  OrganizationSchema,
  SubmitRefusalSchema,
  UpdateOrganizationBody,
  UserIdParams,
} from './schemas';
import { type ApplicationService, SUBMIT_REFUSED } from './service';

export interface ApplicationRoutesOptions {
  service: ApplicationService;
}

const byId = APPLICATION_PATHS.byId(':applicationId');

export const applicationRoutes: FastifyPluginAsyncTypebox<ApplicationRoutesOptions> = async (
  app,
  { service },
) => {
  const tags = ['applications'];
  app.addSchema(ApplicationSchema);
  const application = { 200: Type.Ref('Application') };

  app.post(
    APPLICATION_PATHS.create,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Start a draft application with the loan asked for',
        body: CreateApplicationBody,
        response: { 201: Type.Ref('Application'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(applicantOf(request), request.body, request.ip)),
  );

  app.get(
    byId,
    {
      config: { access: access.applicantOrStaff() },
      schema: {
        tags,
        summary: 'An application with its sections and what is missing (own, or staff)',
        params: ApplicationIdParams,
        response: { ...application, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.get(request.principal!, request.params.applicationId),
  );

  app.delete(
    byId,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Cancel the own draft application',
        params: ApplicationIdParams,
        response: { ...application, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.cancelDraft(applicantOf(request), request.params.applicationId, request.ip),
  );

  app.get(
    APPLICATION_PATHS.byUser(':userId'),
    {
      config: { access: access.applicantOrStaff() },
      schema: {
        tags,
        summary: "A user's applications, newest first (own, or staff)",
        params: UserIdParams,
        response: { 200: Type.Array(ApplicationListItemSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.listOf(request.principal!, request.params.userId),
  );

  app.patch(
    APPLICATION_PATHS.loan(':applicationId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Change the loan asked for while the application can be changed',
        params: ApplicationIdParams,
        body: LoanRequestBody,
        response: { ...application, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateLoan(applicantOf(request), request.params.applicationId, request.body),
  );

  const sectionResponses = { ...application, ...errorResponses(400, 401, 403, 404, 409) };

  app.post(
    APPLICATION_PATHS.companyDetails,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Save company details',
        body: CompanyDetailsBody,
        response: sectionResponses,
      },
    },
    async (request) => service.saveCompany(applicantOf(request), request.body),
  );

  app.post(
    APPLICATION_PATHS.applicantDetails,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Save applicant details (birth date, gender and age read from a MyKad number)',
        body: ApplicantDetailsBody,
        response: sectionResponses,
      },
    },
    async (request) => service.saveApplicant(applicantOf(request), request.body),
  );

  app.post(
    APPLICATION_PATHS.disbursementDetails,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Save disbursement details',
        body: DisbursementDetailsBody,
        response: sectionResponses,
      },
    },
    async (request) => service.saveDisbursement(applicantOf(request), request.body),
  );

  app.post(
    APPLICATION_PATHS.emergencyContactDetails,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Save emergency contacts (1 to 3, numbered in order)',
        body: EmergencyContactDetailsBody,
        response: sectionResponses,
      },
    },
    async (request) => service.saveEmergencyContacts(applicantOf(request), request.body),
  );

  app.post(
    APPLICATION_PATHS.directorDetails,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Save partners (partnership, at least 2) or directors (company, at least 1)',
        body: DirectorDetailsBody,
        response: sectionResponses,
      },
    },
    async (request) => service.saveDirectors(applicantOf(request), request.body),
  );

  app.patch(
    APPLICATION_PATHS.submit(':applicationId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Submit (to PENDING); refused with the list of what is missing',
        params: ApplicationIdParams,
        response: {
          ...application,
          ...errorResponses(400, 401, 403, 404),
          409: Type.Union([SubmitRefusalSchema, Type.Ref('ApiError')]),
        },
      },
    },
    async (request, reply) => {
      const result = await service.submit(
        applicantOf(request),
        request.params.applicationId,
        request.ip,
      );
      if (result.ok) return result.application;
      const message = refusalWords(request, reply, sentence(SUBMIT_REFUSED));
      return reply
        .code(409)
        .send({ ...errorBody(409, message, 'SUBMIT_REFUSED'), missing: result.missing });
    },
  );

  const organization = { 200: OrganizationSchema };

  app.get(
    APPLICATION_PATHS.organizationByUser(':userId'),
    {
      config: { access: access.applicantOrStaff() },
      schema: {
        tags,
        summary: "A user's organization (own, or staff)",
        params: UserIdParams,
        response: { ...organization, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.organizationOfUser(request.principal!, request.params.userId),
  );

  app.post(
    APPLICATION_PATHS.organizationByEmail,
    {
      config: { access: access.applicantOrStaff() },
      schema: {
        tags,
        summary: 'The organization registered with an email (own, or staff)',
        description: 'The spec put the email in the address; it is sent in the body.',
        body: EmailBody,
        response: { ...organization, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.organizationByEmail(request.principal!, request.tenant, request.body.email),
  );

  app.patch(
    APPLICATION_PATHS.organization(':organizationId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Change the company name or business contact number of the own organization',
        params: OrganizationIdParams,
        body: UpdateOrganizationBody,
        response: { ...organization, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateOrganization(applicantOf(request), request.params.organizationId, request.body),
  );
};
