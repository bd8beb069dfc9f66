// @ts-check
// The few guards of the local gateway that no Fastify plugin provides (nginx has each built in:
// limit_conn, client_body_timeout, its own upstream error statuses).
import { pipeline, Transform } from 'node:stream';

/**
 * Closes a client's connection beyond `max` open at once from its address, before a byte of it
 * is read. A count per address is all this needs, and Node's server offers no such limit.
 * @param {import('node:net').Server} server @param {number} max
 */
export function limitConnectionsPerAddress(server, max) {
  /** @type {Map<string, number>} */
  const open = new Map();
  server.on('connection', (/** @type {import('node:net').Socket} */ socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * The body as it arrives, failed with a 408 once the client has sent nothing for `idleMs`: a
 * client that stops half-way through an upload is let go instead of being waited for.
 * @param {import('node:stream').Readable} payload @param {number} idleMs
 * @returns {import('node:stream').Readable}
 */
export function watchBodyIdle(payload, idleMs) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const watched = new Transform({
    transform(chunk, _encoding, done) {
      arm();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
  });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      watched.destroy(
        Object.assign(new Error('The request body stopped arriving'), { statusCode: 408 }),
      );
    }, idleMs);
  };
  arm();
  pipeline(payload, watched, () => clearTimeout(timer));
  return watched;
}

/**
 * After a refusal sent before the body was read (413), the connection closes the way nginx's
 * `lingering_close` does: the answer and a FIN go out, then what the client still sends is read
 * and dropped for up to `lingerMs` before the socket is destroyed. Node destroys it at once, and
 * a client still writing its body then meets a reset that can wipe the answer from its receive
 * buffer before it reads it. Node offers no such option, hence this.
 * @param {import('node:net').Socket} socket @param {number} lingerMs
 */
export function lingerOnClose(socket, lingerMs) {
  socket.destroySoon = function lingeringDestroySoon() {
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    // The client has read the answer and closed its side: nothing more to wait for.
    socket.once('end', () => socket.destroy());
    socket.end();
    socket.resume();
  };
}

/** No API took the connection: nothing listened, or no connection could be made. */
const NOT_REACHED = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * What a failed call to the API is answered with: 503 when no API took the request, 504 when it
 * took too long, 502 when it failed on the way (it stopped, or its answer broke off).
 * @param {unknown} error @returns {502 | 503 | 504}
 */
export function proxyFailureStatus(error) {
  const { code, cause, statusCode } =
    /** @type {{ code?: unknown, cause?: { code?: unknown }, statusCode?: unknown }} */ (
      error ?? {}
    );
  const reason = typeof cause?.code === 'string' ? cause.code : code;
  if (typeof reason === 'string' && NOT_REACHED.has(reason)) return 503;
  if ((typeof reason === 'string' && TIMED_OUT.has(reason)) || statusCode === 504) return 504;
  return 502;
}
