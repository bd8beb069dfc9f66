import fs from 'node:fs';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ATTESTATION_OFFICER_ROLES,
  ATTESTATION_PATHS,
  ATTESTATION_REVIEWER_ROLES,
  ATTESTATION_VIDEO_ROLES,
} from '@lending/contracts';
import type { FastifyRequest } from 'fastify';

import { access, applicantOf, bearerPrincipal, type Principal } from '../../http/access';
import { FILE_LINK_INVALID, FILE_LINK_PARAM, type FileLinks } from '../../http/file-links';
import { errorResponses } from '../../http/schema';
import { HttpError } from '../../kernel/errors';
import type { Sessions } from '../auth/service';
import type { TokenIssuer } from '../auth/tokens';
import { VIDEO_NOT_FOUND } from './messages';
import {
  AgreementParamsSchema,
  BookBodySchema,
  BookingParamsSchema,
  CheckBodySchema,
  LanguageParamsSchema,
  OpenSlotsBodySchema,
  OptionBodySchema,
  OutcomeBodySchema,
  SlotParamsSchema,
  SlotQuerySchema,
  VersionBodySchema,
  VideoLinkBodySchema,
  VideoLinkSchema,
  VideoQuerySchema,
  ViewingBodySchema,
} from './schemas';
import { type AttestationService, captionsFile, MAX_VIDEO_BYTES } from './service';
import { sendVideo } from './video-reply';

export interface AttestationRoutesOptions {
  service: AttestationService;
  tokens: TokenIssuer;
  sessions: Sessions;
  links: FileLinks;
}

/** A video link outlives a watch of the video with pauses; the player asks again when it ends. */
const VIDEO_LINK_LIFETIME_S = 30 * 60;
const videoResource = (language: string) => `attestation-video:${language}`;

function staffOf(request: FastifyRequest): Extract<Principal, { kind: 'staff' }> {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw new HttpError(403, 'Forbidden');
  return principal;
}

/** Attestation (spec sections 2 and 7): the applicant's video and live-call journey, and the
 *  back office's calendar, call outcomes, review and video replacement. */
export const attestationRoutes: FastifyPluginAsyncTypebox<AttestationRoutesOptions> = async (
  app,
  { service, tokens, sessions, links },
) => {
  const tags = ['attestation'];
  const reviewers = access.staff(...ATTESTATION_REVIEWER_ROLES);
  const officers = access.staff(...ATTESTATION_OFFICER_ROLES);

  // A replacement video arrives as the request body itself, not multipart.
  app.addContentTypeParser(
    'video/mp4',
    { parseAs: 'buffer', bodyLimit: MAX_VIDEO_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    ATTESTATION_PATHS.mine,
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The attestation of the applicant’s newest agreement',
        response: errorResponses(401, 404),
      },
    },
    async (request) => service.mine(applicantOf(request)),
  );

  app.get(
    ATTESTATION_PATHS.ofAgreement(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The attestation of the applicant’s agreement: option, video, check, booking',
        params: AgreementParamsSchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request) => service.get(applicantOf(request), request.params.agreementId),
  );

  app.post(
    ATTESTATION_PATHS.option(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary:
          'Choose the live call or the recorded video (PENDING_ATTESTATION -> ATTESTATIONOPTION)',
        params: AgreementParamsSchema,
        body: OptionBodySchema,
        response: errorResponses(400, 401, 404, 409),
      },
    },
    async (request) =>
      service.choose(
        applicantOf(request),
        request.params.agreementId,
        request.body.option,
        request.ip,
      ),
  );

  /** The bearer, or for the video element (which sends no headers) a link minted for the video
   *  in the language asked. */
  async function viewerOf(
    request: FastifyRequest,
    language: string | undefined,
    link: string | undefined,
  ): Promise<Principal> {
    const bearer = await bearerPrincipal(request, { tokens, sessions });
    if (bearer) return bearer;
    if (!link || !language) throw new HttpError(401, 'Unauthorized');
    const linked = await links.open(link, videoResource(language));
    if (!linked) throw new HttpError(401, FILE_LINK_INVALID, 'FILE_LINK_INVALID');
    return linked;
  }

  app.post(
    ATTESTATION_PATHS.videoLink,
    {
      config: { access: access.applicant },
      schema: {
        tags: ['files'],
        summary: 'A short-lived link that streams the attestation video to the video element',
        body: VideoLinkBodySchema,
        response: { 200: VideoLinkSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = applicantOf(request);
      const language = request.body.language ?? (await service.languageOf(viewer.userId));
      const link = links.mint(viewer, videoResource(language), VIDEO_LINK_LIFETIME_S);
      const query = new URLSearchParams({ take: '1', language, [FILE_LINK_PARAM]: link.token });
      return {
        url: `${ATTESTATION_PATHS.video}?${query.toString()}`,
        expiresAt: link.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    ATTESTATION_PATHS.video,
    {
      config: { access: access.public },
      schema: {
        tags: ['files'],
        summary: 'Stream the current attestation video (HTTP Range; bearer or a minted `?link=`)',
        description:
          'In the applicant’s language unless `language` is given. `Range: bytes=start-end` ' +
          'answers 206 with that part; a range outside the file answers 416.',
        querystring: VideoQuerySchema,
        response: errorResponses(400, 401, 404, 416),
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request, request.query.language, request.query.link);
      const tenant = viewer.kind === 'applicant' ? viewer.tenant : request.tenant;
      const language =
        request.query.language ??
        (viewer.kind === 'applicant' ? await service.languageOf(viewer.userId) : 'EN');
      return sendVideo(reply, await service.videoStream(tenant, language, request.headers.range));
    },
  );

  app.get(
    ATTESTATION_PATHS.captions(':language'),
    {
      config: { access: access.public },
      schema: {
        tags: ['files'],
        summary: 'WebVTT captions of the attestation video (English or Bahasa Melayu)',
        params: LanguageParamsSchema,
        response: errorResponses(400, 404),
      },
    },
    async (request, reply) => {
      const file = captionsFile(request.params.language);
      if (!fs.existsSync(file)) throw new HttpError(404, VIDEO_NOT_FOUND, 'VIDEO_NOT_FOUND');
      return reply
        .type('text/vtt; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(fs.createReadStream(file));
    },
  );

  app.post(
    ATTESTATION_PATHS.videoStarted(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The player began the video: the server starts timing this viewing',
        params: AgreementParamsSchema,
        response: errorResponses(400, 401, 404, 409),
      },
    },
    async (request) =>
      service.videoStarted(applicantOf(request), request.params.agreementId, request.ip),
  );

  app.post(
    ATTESTATION_PATHS.videoEnded(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'The player reached the end (refused when the video cannot have been watched)',
        params: AgreementParamsSchema,
        body: ViewingBodySchema,
        response: errorResponses(400, 401, 404, 409),
      },
    },
    async (request) =>
      service.videoEnded(
        applicantOf(request),
        request.params.agreementId,
        request.body.viewingId,
        request.ip,
      ),
  );

  app.post(
    ATTESTATION_PATHS.check(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary:
          'Answer the explain-back check (all right: DONE_VIDEO_ATTESTATION, then completed)',
        params: AgreementParamsSchema,
        body: CheckBodySchema,
        response: errorResponses(400, 401, 404, 409, 422),
      },
    },
    async (request) =>
      service.check(
        applicantOf(request),
        request.params.agreementId,
        request.body.answers,
        request.ip,
      ),
  );

  app.get(
    ATTESTATION_PATHS.slots(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Free live-call slots, Monday to Friday in office hours, Malaysia time',
        params: AgreementParamsSchema,
        querystring: SlotQuerySchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request) =>
      service.freeSlots(
        applicantOf(request),
        request.params.agreementId,
        request.query.from,
        request.query.days,
      ),
  );

  app.post(
    ATTESTATION_PATHS.booking(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Book a live call (-> REQUESTED_FOR_LIVE_ATTESTATION); email and SMS confirm it',
        params: AgreementParamsSchema,
        body: BookBodySchema,
        response: errorResponses(400, 401, 404, 409),
      },
    },
    async (request) =>
      service.book(
        applicantOf(request),
        request.params.agreementId,
        request.body.slotId,
        request.ip,
      ),
  );

  app.put(
    ATTESTATION_PATHS.booking(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Move the booked call to another slot',
        params: AgreementParamsSchema,
        body: BookBodySchema,
        response: errorResponses(400, 401, 404, 409),
      },
    },
    async (request) =>
      service.book(
        applicantOf(request),
        request.params.agreementId,
        request.body.slotId,
        request.ip,
        true,
      ),
  );

  app.delete(
    ATTESTATION_PATHS.booking(':agreementId'),
    {
      config: { access: access.applicant },
      schema: {
        tags,
        summary: 'Cancel the booked call (another may be booked, or the video watched)',
        params: AgreementParamsSchema,
        response: errorResponses(400, 401, 404),
      },
    },
    async (request) =>
      service.cancelBooking(applicantOf(request), request.params.agreementId, request.ip),
  );

  // ---- back office ------------------------------------------------------------------------

  app.get(
    ATTESTATION_PATHS.staffReviews,
    {
      config: { access: reviewers },
      schema: {
        tags: ['staff'],
        summary: 'Agreements whose attestation awaits completion or approval',
        response: errorResponses(401, 403),
      },
    },
    async (request) => service.reviews(request.tenant),
  );

  app.get(
    ATTESTATION_PATHS.staffReview(':agreementId'),
    {
      config: { access: reviewers },
      schema: {
        tags: ['staff'],
        summary: 'The evidence of one attestation: viewings, checks with timings, calls, history',
        params: AgreementParamsSchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => service.review(staffOf(request), request.params.agreementId),
  );

  app.post(
    ATTESTATION_PATHS.staffComplete(':agreementId'),
    {
      config: { access: reviewers },
      schema: {
        tags: ['staff'],
        summary: 'Complete a live attestation (-> ATTESTATIONCOMPLETED)',
        params: AgreementParamsSchema,
        body: VersionBodySchema,
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) =>
      service.complete(
        staffOf(request),
        request.params.agreementId,
        request.body.version,
        request.ip,
      ),
  );

  app.post(
    ATTESTATION_PATHS.staffApprove(':agreementId'),
    {
      config: { access: reviewers },
      schema: {
        tags: ['staff'],
        summary:
          'Approve the attestation (ATTESTATIONCOMPLETED -> RnRApproved), by a second person',
        params: AgreementParamsSchema,
        body: VersionBodySchema,
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) =>
      service.approve(
        staffOf(request),
        request.params.agreementId,
        request.body.version,
        request.ip,
      ),
  );

  app.get(
    ATTESTATION_PATHS.staffSlots,
    {
      config: { access: officers },
      schema: {
        tags: ['staff'],
        summary: 'The attestation officers’ calendar with bookings',
        querystring: SlotQuerySchema,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request) =>
      service.calendar(staffOf(request), request.tenant, request.query.from, request.query.days),
  );

  app.post(
    ATTESTATION_PATHS.staffSlots,
    {
      config: { access: officers },
      schema: {
        tags: ['staff'],
        summary: 'Open live-call slots in an officer’s calendar (office hours only)',
        body: OpenSlotsBodySchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) =>
      service.openSlots(staffOf(request), request.tenant, request.body, request.ip),
  );

  app.delete(
    ATTESTATION_PATHS.staffSlot(':slotId'),
    {
      config: { access: officers },
      schema: {
        tags: ['staff'],
        summary: 'Remove a slot no one has booked',
        params: SlotParamsSchema,
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      await service.removeSlot(staffOf(request), request.params.slotId, request.ip);
      return reply.code(204).send();
    },
  );

  app.post(
    ATTESTATION_PATHS.staffOutcome(':bookingId'),
    {
      config: { access: officers },
      schema: {
        tags: ['staff'],
        summary: 'Record a call’s outcome with notes (ATTESTED: -> DONE_LIVE_ATTESTATION)',
        params: BookingParamsSchema,
        body: OutcomeBodySchema,
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) =>
      service.recordOutcome(staffOf(request), request.params.bookingId, request.body, request.ip),
  );

  app.get(
    ATTESTATION_PATHS.staffVideos,
    {
      config: { access: access.staff(...ATTESTATION_VIDEO_ROLES) },
      schema: {
        tags: ['staff'],
        summary: 'The current attestation video of each language',
        response: errorResponses(401, 403),
      },
    },
    async (request) => service.videos(request.tenant),
  );

  app.put(
    ATTESTATION_PATHS.staffVideo(':language'),
    {
      config: { access: access.staff(...ATTESTATION_VIDEO_ROLES) },
      schema: {
        tags: ['staff'],
        summary: 'Replace one language’s attestation video (body: the MP4 file, video/mp4)',
        params: LanguageParamsSchema,
        consumes: ['video/mp4'],
        response: errorResponses(400, 401, 403, 413, 415),
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, 'Send the video as video/mp4');
      return service.replaceVideo(
        staffOf(request),
        request.tenant,
        request.params.language,
        request.body,
        request.ip,
      );
    },
  );
};
