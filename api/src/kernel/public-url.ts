import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The address links a person follows start with (emails, the identity-capture QR code, the
 * payment gateway's way back): read when the link is made, so a link made while answering a
 * request names the origin that person reached the platform at.
 */
export type PublicUrl = () => string;

export interface PublicAddress {
  /** For links a person follows. */
  url: PublicUrl;
  /** The address configured (PUBLIC_URL) or served by default: documents that outlive the
   *  request (a QR code printed in an agreement), work with no request behind it (jobs). */
  configured: string;
  /** Whether an origin is one this platform serves (a link to it can be answered in-process). */
  isOwn(origin: string): boolean;
}

const requestOrigin = new AsyncLocalStorage<string | null>();

/** Runs `work` with the origin the request came to (null when it cannot be trusted). */
export function withRequestOrigin<T>(origin: string | null, work: () => T): T {
  return requestOrigin.run(origin, work);
}

/** This machine's names: a page opened at one of them was opened here, by someone here. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * With PUBLIC_URL set, and always in production, every link uses it: the Host header is the
 * client's to write, and a reset link naming a host an attacker chose hands them the token.
 * Without it (a laptop), a request that came to this machine by one of its own names keeps that
 * name: a person who opened 127.0.0.1 is signed in there, not at localhost.
 */
export function createPublicAddress(options: {
  /** PUBLIC_URL, when set. */
  configured: string | undefined;
  /** The address served when PUBLIC_URL is not set. */
  fallback: string;
}): PublicAddress {
  const fixed = options.configured ? options.configured.replace(/\/+$/, '') : null;
  const configured = fixed ?? options.fallback.replace(/\/+$/, '');
  const configuredOrigin = originOf(configured);
  const trusted = (origin: string): boolean => {
    if (origin === configuredOrigin) return true;
    if (fixed) return false;
    return LOOPBACK_HOSTS.has(new URL(origin).hostname);
  };
  return {
    configured,
    isOwn: (origin) => {
      const normalised = originOf(origin);
      return normalised !== null && trusted(normalised);
    },
    url: () => {
      if (fixed) return fixed;
      const origin = requestOrigin.getStore();
      return origin && trusted(origin) ? origin : configured;
    },
  };
}

/** The origin a request names (protocol and Host, or the gateway's forwarded ones), if it is a
 *  well-formed http(s) origin. */
export function requestOriginOf(protocol: string, host: string | undefined): string | null {
  if (!host) return null;
  return originOf(`${protocol}://${host}`);
}
