import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COLLECTION_PATHS,
  COLLECTION_WORKER_ROLES,
  TERMINATION_APPROVER_ROLES,
} from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, type Principal } from '../../http/access';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import { AgreementParamsSchema } from './schemas';
import type { CollectionWork } from './work';
import {
  BorrowerMessagesSchema,
  CaseAssignmentBodySchema,
  CaseOfficersSchema,
  CollectionWorkSchema,
  ContactSchema,
  DecideTerminationBodySchema,
  PromisesSchema,
  ProposeTerminationBodySchema,
  RecordContactBodySchema,
  RecordPromiseBodySchema,
  TerminationParamsSchema,
  TerminationSchema,
} from './work-schemas';

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

function applicantOf(request: FastifyRequest): Extract<Principal, { kind: 'applicant' }> {
  const principal = request.principal;
  if (principal?.kind !== 'applicant') throw new HttpError(403, 'Forbidden');
  return principal;
}

/**
 * The collection case's work: its officer and next action, calls and messages within the contact
 * rules, promises to pay, and termination proposed by one member and decided by another; the
 * borrower's own messages.
 */
export const collectionWorkRoutes: FastifyPluginAsyncTypebox<{ work: CollectionWork }> = async (
  app,
  { work },
) => {
  const tags = ['staff'];
  const readers = access.staff('ADMIN', 'CREDIT_OFFICER', 'APPROVER', 'CUSTOMER_SERVICE');
  const workers = access.staff(...COLLECTION_WORKER_ROLES);
  const approvers = access.staff(...TERMINATION_APPROVER_ROLES);

  app.get(
    COLLECTION_PATHS.work(':agreementId'),
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'The collection case: officer, next action, terminations, promises, contact log',
        params: AgreementParamsSchema,
        response: { 200: CollectionWorkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => work.cases.view(staffOf(request), request.params.agreementId),
  );

  app.get(
    COLLECTION_PATHS.caseOfficers,
    {
      config: { access: workers },
      schema: {
        tags,
        summary: 'The staff a case may be assigned to: id and name, by name',
        response: { 200: CaseOfficersSchema, ...errorResponses(401, 403) },
      },
    },
    async () => work.cases.officers(),
  );

  app.put(
    COLLECTION_PATHS.caseAssignment(':agreementId'),
    {
      config: { access: workers },
      schema: {
        tags,
        summary: 'Assign the case’s officer (and its next action, when a person decides it)',
        params: AgreementParamsSchema,
        body: CaseAssignmentBodySchema,
        response: { 200: CollectionWorkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      work.cases.assign(staffOf(request), request.params.agreementId, request.body),
  );

  app.post(
    COLLECTION_PATHS.contacts(':agreementId'),
    {
      config: { access: workers },
      schema: {
        tags,
        summary: 'Record a call or send a message, within the permitted hours and frequency',
        params: AgreementParamsSchema,
        body: RecordContactBodySchema,
        response: { 200: ContactSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      work.contacts.record(staffOf(request), request.params.agreementId, request.body),
  );

  app.post(
    COLLECTION_PATHS.promises(':agreementId'),
    {
      config: { access: workers },
      schema: {
        tags,
        summary: 'Record the borrower’s promise to pay',
        params: AgreementParamsSchema,
        body: RecordPromiseBodySchema,
        response: { 200: PromisesSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      items: await work.promises.record(staffOf(request), request.params.agreementId, request.body),
    }),
  );

  app.post(
    COLLECTION_PATHS.proposeTermination(':agreementId'),
    {
      config: { access: workers },
      schema: {
        tags,
        summary: 'Propose terminating the agreement (more than 28 days in default, notice run out)',
        params: AgreementParamsSchema,
        body: ProposeTerminationBodySchema,
        response: { 200: TerminationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      work.terminations.propose(staffOf(request), request.params.agreementId, request.body.reason),
  );

  for (const [path, outcome] of [
    [COLLECTION_PATHS.approveTermination(':terminationId'), 'APPROVED'],
    [COLLECTION_PATHS.rejectTermination(':terminationId'), 'REJECTED'],
  ] as const) {
    app.post(
      path,
      {
        config: { access: approvers },
        schema: {
          tags,
          summary:
            outcome === 'APPROVED'
              ? 'Approve a proposed termination (never its proposer): the whole balance falls due'
              : 'Reject a proposed termination (never its proposer)',
          params: TerminationParamsSchema,
          body: DecideTerminationBodySchema,
          response: { 200: TerminationSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        work.terminations.decide(
          staffOf(request),
          request.params.terminationId,
          outcome,
          request.body.note,
        ),
    );
  }

  app.get(
    COLLECTION_PATHS.messages(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags: ['repayments'],
        summary: 'The messages and letters sent to the borrower about the loan, newest first',
        params: AgreementParamsSchema,
        response: { 200: BorrowerMessagesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      work.contacts.borrowerMessages(applicantOf(request), request.params.agreementId),
  );
};
