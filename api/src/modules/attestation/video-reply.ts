import type { FastifyReply } from 'fastify';

import { HttpError } from '../../kernel/errors';
import type { VideoStream } from './service';

/**
 * Answers a video read: the whole file (200), the part asked for (206 with Content-Range), or 416
 * with the size for a range outside it. Players seek by ranges, so every answer says so.
 */
export function sendVideo(
  reply: FastifyReply,
  result: VideoStream | { unsatisfiable: number },
  contentType = 'video/mp4',
) {
  reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
  if ('unsatisfiable' in result) {
    reply.header('content-range', `bytes */${result.unsatisfiable}`);
    throw new HttpError(416, 'Range Not Satisfiable', 'RANGE_NOT_SATISFIABLE');
  }
  reply.type(contentType);
  if (result.range) {
    reply
      .code(206)
      .header('content-range', `bytes ${result.range.start}-${result.range.end}/${result.size}`)
      .header('content-length', result.range.end - result.range.start + 1);
  } else {
    reply.header('content-length', result.size);
  }
  return reply.send(result.stream);
}
