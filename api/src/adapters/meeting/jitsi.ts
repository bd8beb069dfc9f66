// Jitsi Meet with JWT rooms (self-hosted with token authentication, or 8x8 JaaS), the real meeting
// server of live attestation calls. A room is named by an unguessable id; each participant gets
// their own platform link, signed for that room and role, which opens the call only from 15
// minutes before its start until the room's lifetime is over: opening it mints a JWT for that
// window (room, role, moderator for the officer, no personal data) and sends the browser to the
// server. The server's webhooks say who joined and when; they are signed, and booked once.
//
// The token's claims follow Jitsi's token authentication (iss = app id, aud = "jitsi", sub = the
// server's host, room, nbf/exp, context.user); the webhooks follow JaaS's (idempotencyKey,
// eventType, timestamp, fqn "<app>/<room>", data; header `x-jaas-signature: t=..,v1=..`). A
// self-hosted server needs its event module set to post that shape (docs/providers.md).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Clock } from '../../kernel/clock';
import type { JitsiSettings } from '../../kernel/config-providers';
import type { PublicUrl } from '../../kernel/public-url';
import type { MeetingRoomStore } from './jitsi-store';
import { type MeetingPresence, type MeetingProvider, type MeetingRoom, presenceOf } from './port';

/** The platform's join link of a participant: what the officer and the borrower are given. */
export const MEETING_JOIN_PATH = (key: string) => `/api/meetings/join/${key}`;
/** How early before its start a call's links open. */
export const OPENS_BEFORE_MS = 15 * 60 * 1000;
const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

type Role = 'host' | 'guest';

export type JoinOutcome =
  | { ok: true; url: string }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'early'; opensAt: Date }
  | { ok: false; reason: 'over' };

export interface MeetingWebhooks {
  authentic(signatureHeader: string | undefined, body: Buffer): boolean;
  /** Books the webhook once; false when it was seen before, names no room, or cannot be read. */
  book(body: unknown): Promise<boolean>;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// Signed here rather than with jose: links() is synchronous in the port (screens build them as
// they answer), and jose signs asynchronously. HS256 is one HMAC; the suites verify with jose.
function signJwt(payload: Record<string, unknown>, secret: string): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

export function jitsiMeeting(
  settings: Omit<JitsiSettings, 'provider'>,
  deps: { store: MeetingRoomStore; clock: Clock; publicUrl: PublicUrl },
): MeetingProvider & { join(key: string): Promise<JoinOutcome>; webhooks: MeetingWebhooks } {
  const { store, clock } = deps;
  const server = new URL(settings.url);
  const keyOf = (meetingId: string, role: Role) => {
    const signature = createHmac('sha256', settings.appSecret)
      .update(`join:${meetingId}:${role}`)
      .digest('base64url')
      .slice(0, 32);
    return `${meetingId}.${role}.${signature}`;
  };

  function links(meetingId: string): MeetingRoom {
    const link = (role: Role) => `${deps.publicUrl()}${MEETING_JOIN_PATH(keyOf(meetingId, role))}`;
    return { meetingId, hostUrl: link('host'), guestUrl: link('guest') };
  }

  async function presence(meetingId: string): Promise<MeetingPresence | null> {
    return presenceOf(await store.room(meetingId));
  }

  return {
    provider: 'jitsi',
    links,
    presence,

    async create({ title, startsAt }) {
      // Lower-case letters and digits: the room name is the last part of the server's address.
      const meetingId = randomBytes(12).toString('hex');
      await store.create({ id: meetingId, title, startsAt });
      return links(meetingId);
    },

    async reschedule(meetingId, startsAt) {
      await store.reschedule(meetingId, startsAt);
    },

    async join(key) {
      const match = /^([0-9a-f]{24})\.(host|guest)\.([A-Za-z0-9_-]{32})$/.exec(key);
      if (!match || !same(key, keyOf(match[1]!, match[2] as Role))) {
        return { ok: false, reason: 'unknown' };
      }
      const [, meetingId, role] = match as unknown as [string, string, Role];
      const room = await store.room(meetingId);
      if (!room) return { ok: false, reason: 'unknown' };
      const now = clock.now().getTime();
      const opensAt = room.startsAt.getTime() - OPENS_BEFORE_MS;
      const closesAt = room.startsAt.getTime() + settings.roomMinutes * 60 * 1000;
      if (now < opensAt) return { ok: false, reason: 'early', opensAt: new Date(opensAt) };
      if (now >= closesAt) return { ok: false, reason: 'over' };
      const jwt = signJwt(
        {
          aud: 'jitsi',
          iss: settings.appId,
          sub: server.host,
          room: meetingId,
          nbf: Math.floor(opensAt / 1000),
          exp: Math.floor(closesAt / 1000),
          context: {
            user: {
              id: `${meetingId}:${role}`,
              name: role === 'host' ? 'Attestation officer' : 'Borrower',
              moderator: role === 'host',
            },
          },
        },
        settings.appSecret,
      );
      const url = new URL(`${settings.url}/${meetingId}`);
      url.searchParams.set('jwt', jwt);
      return { ok: true, url: url.toString() };
    },

    webhooks: {
      authentic(header, body) {
        const parts = Object.fromEntries(
          (header ?? '').split(',').map((part) => {
            const at = part.indexOf('=');
            return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
          }),
        );
        const t = parts.t;
        const v1 = parts.v1;
        if (!t || !v1 || !/^\d{9,13}$/.test(t)) return false;
        const seconds = t.length > 11 ? Number(t) / 1000 : Number(t);
        if (Math.abs(clock.now().getTime() - seconds * 1000) > WEBHOOK_TOLERANCE_MS) return false;
        const expected = createHmac('sha256', settings.webhookSecret)
          .update(`${t}.`)
          .update(body)
          .digest('base64');
        return same(v1, expected);
      },

      async book(body) {
        const event = body as {
          idempotencyKey?: unknown;
          eventType?: unknown;
          timestamp?: unknown;
          fqn?: unknown;
          data?: { id?: unknown; moderator?: unknown };
        };
        if (
          typeof event.idempotencyKey !== 'string' ||
          event.idempotencyKey.length > 200 ||
          typeof event.eventType !== 'string' ||
          typeof event.fqn !== 'string'
        ) {
          return false;
        }
        const meetingId = event.fqn.split('/').pop() ?? '';
        if (!/^[0-9a-f]{24}$/.test(meetingId)) return false;
        const at = new Date(typeof event.timestamp === 'number' ? event.timestamp : Number.NaN);
        const id = typeof event.data?.id === 'string' ? event.data.id : '';
        const role: Role | null = id.endsWith(':host')
          ? 'host'
          : id.endsWith(':guest')
            ? 'guest'
            : event.data?.moderator === true
              ? 'host'
              : event.data
                ? 'guest'
                : null;
        return store.event({
          idempotencyKey: event.idempotencyKey,
          meetingId,
          eventType: event.eventType.slice(0, 40),
          role,
          occurredAt: Number.isNaN(at.getTime()) ? clock.now() : at,
        });
      },
    },
  };
}
