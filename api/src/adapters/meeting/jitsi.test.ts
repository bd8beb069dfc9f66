// Jitsi Meet with JWT rooms against its contract fake: each side's own signed link, a room that
// opens shortly before the call and closes after its lifetime, and who joined when taken from
// signed webhooks, booked once and never moved by a repeated or late one.
import { jwtVerify } from 'jose';

import type { Post } from '../../testing/fakes/fake-server';
import { type JitsiFake, startJitsiFake } from '../../testing/fakes/jitsi';
import { openTestDatabase, type TestDatabase } from '../../testing/test-db';
import { jitsiMeeting } from './jitsi';
import { createMeetingRoomStore } from './jitsi-store';

const APP = {
  appId: 'lender-attest',
  appSecret: 'jitsi-app-secret-7d2f91c0',
  webhookSecret: 'jitsi-hook-secret-3a8e',
};

describe('Jitsi Meet with JWT rooms against its contract fake', () => {
  let fake: JitsiFake;
  let database: TestDatabase;
  let now = Date.now();
  const clock = { now: () => new Date(now) };
  let meeting: ReturnType<typeof jitsiMeeting>;
  /** The platform's webhook route, as modules/providers answers it. */
  const route: Post = async (_url, body, headers) => {
    if (!meeting.webhooks.authentic(headers['x-jaas-signature'], Buffer.from(body))) {
      return { status: 401, body: '' };
    }
    return { status: 200, body: String(await meeting.webhooks.book(JSON.parse(body))) };
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    fake = await startJitsiFake({
      ...APP,
      webhookUrl: 'https://lend.example.com/hook',
      post: route,
    });
    meeting = jitsiMeeting(
      { url: fake.url, ...APP, roomMinutes: 60 },
      {
        store: createMeetingRoomStore(database.db.orm, 'jitsi'),
        clock,
        publicUrl: () => 'https://lend.example.com',
      },
    );
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });
  beforeEach(() => {
    now = Date.now();
  });

  const keyOf = (link: string) => link.split('/').pop()!;

  it('gives each side its own platform link, with no token or secret in it', async () => {
    const room = await meeting.create({ title: 'Attestation', startsAt: new Date(now + 60_000) });
    expect(room.hostUrl).not.toBe(room.guestUrl);
    expect(room.hostUrl).toMatch(/^https:\/\/lend\.example\.com\/api\/meetings\/join\//);
    expect(meeting.links(room.meetingId)).toEqual(room);
    for (const link of [room.hostUrl, room.guestUrl]) {
      expect(link).not.toContain(APP.appSecret);
      expect(link).not.toContain('jwt');
    }
  });

  it('lets each side in with a token for that room and role, inside the call’s window', async () => {
    const startsAt = new Date(now + 5 * 60_000);
    const room = await meeting.create({ title: 'Attestation', startsAt });
    const host = await meeting.join(keyOf(room.hostUrl));
    expect(host.ok).toBe(true);
    const url = new URL((host as { url: string }).url);
    expect(url.origin + url.pathname).toBe(`${fake.url}/${room.meetingId}`);
    const { payload } = await jwtVerify(
      url.searchParams.get('jwt')!,
      new TextEncoder().encode(APP.appSecret),
      {
        audience: 'jitsi',
        issuer: APP.appId,
      },
    );
    expect(payload).toMatchObject({
      room: room.meetingId,
      nbf: Math.floor((startsAt.getTime() - 15 * 60_000) / 1000),
      exp: Math.floor((startsAt.getTime() + 60 * 60_000) / 1000),
      context: { user: { id: `${room.meetingId}:host`, moderator: true } },
    });
    expect(JSON.stringify(payload)).not.toMatch(/Aminah|\d{12}/);
    expect(await fake.open(url.toString())).toBe(200);
    const guest = await meeting.join(keyOf(room.guestUrl));
    expect(await fake.open((guest as { url: string }).url)).toBe(200);
    const presence = await meeting.presence(room.meetingId);
    expect(presence?.hostJoinedAt).toBeInstanceOf(Date);
    expect(presence?.guestJoinedAt).toBeInstanceOf(Date);
  });

  it('keeps the room closed before its window and after its lifetime', async () => {
    const room = await meeting.create({ title: 'Later', startsAt: new Date(now + 3 * 3600_000) });
    expect(await meeting.join(keyOf(room.guestUrl))).toMatchObject({ ok: false, reason: 'early' });
    now += 3 * 3600_000 + 61 * 60_000;
    expect(await meeting.join(keyOf(room.guestUrl))).toEqual({ ok: false, reason: 'over' });
  });

  it('refuses a link altered to another role or room', async () => {
    const room = await meeting.create({ title: 'Tamper', startsAt: new Date(now) });
    const guestKey = keyOf(room.guestUrl);
    expect(await meeting.join(guestKey.replace('.guest.', '.host.'))).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(await meeting.join(`${'a'.repeat(24)}${guestKey.slice(24)}`)).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  it('books who joined once: a repeat and a late earlier join keep the first time', async () => {
    const room = await meeting.create({ title: 'Evidence', startsAt: new Date(now) });
    const first = now - 60_000;
    const guest = {
      room: room.meetingId,
      id: `${room.meetingId}:guest`,
      name: 'Borrower',
      moderator: false,
      at: now,
    };
    expect(await fake.webhook(guest, { idempotencyKey: 'evt-1' })).toEqual({
      status: 200,
      body: 'true',
    });
    expect(await fake.webhook(guest, { idempotencyKey: 'evt-1' })).toEqual({
      status: 200,
      body: 'false',
    });
    await fake.webhook({ ...guest, at: first }, { idempotencyKey: 'evt-0' });
    await fake.webhook({ ...guest, at: now + 120_000 }, { idempotencyKey: 'evt-2' });
    expect((await meeting.presence(room.meetingId))?.guestJoinedAt?.getTime()).toBe(first);
    expect((await meeting.presence(room.meetingId))?.hostJoinedAt).toBeNull();
  });

  it('refuses a webhook not signed with the secret, or signed too long ago', async () => {
    const room = await meeting.create({ title: 'Forged', startsAt: new Date(now) });
    const host = {
      room: room.meetingId,
      id: `${room.meetingId}:host`,
      name: 'x',
      moderator: true,
      at: now,
    };
    expect(await fake.webhook(host, { secret: 'guessed' })).toMatchObject({ status: 401 });
    const body = Buffer.from('{}');
    expect(meeting.webhooks.authentic(`t=${now - 3600_000},v1=x`, body)).toBe(false);
    expect(meeting.webhooks.authentic(undefined, body)).toBe(false);
    expect((await meeting.presence(room.meetingId))?.hostJoinedAt).toBeNull();
  });
});
