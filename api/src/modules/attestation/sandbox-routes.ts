import { randomBytes } from 'node:crypto';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { SANDBOX_MEETING_PATH, type SandboxMeeting } from '../../adapters/meeting/sandbox';
import { access } from '../../http/access';
import { HttpError } from '../../kernel/errors';
import { malaysiaDateTime } from './messages';
import { MeetingParamsSchema, MeetingQuerySchema } from './schemas';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The sandbox meeting provider's room page: what the officer's and the borrower's links open. Each
 * side presses "Join"; the page shows both sides whether the other is in the room, as a hosted
 * meeting's lobby would, so the call can be rehearsed on one machine.
 */
function roomPage(
  nonce: string,
  meetingId: string,
  role: 'host' | 'guest',
  title: string,
  at: Date,
) {
  const presence = `${SANDBOX_MEETING_PATH(meetingId)}/presence`;
  return `<!doctype html>
<html lang="ms"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;margin:0;background:#0f2942;color:#fff}
main{max-width:40rem;margin:0 auto;padding:1.5rem}
.tiles{display:grid;grid-template-columns:1fr 1fr;gap:1rem;margin:1.5rem 0}
.tile{background:#1d3f63;border-radius:.5rem;padding:1rem;min-height:6rem}
.tile strong{display:block;margin-bottom:.5rem}
button{font-size:1rem;padding:.75rem 1.5rem;border-radius:.375rem;border:0;background:#f5b400;color:#111;cursor:pointer}
button:focus-visible{outline:3px solid #fff;outline-offset:2px}
</style></head>
<body><main>
<h1>${escape(title)}</h1>
<p>${escape(malaysiaDateTime(at))} (MYT) · Sandbox video meeting / Mesyuarat video kotak pasir</p>
<div class="tiles" aria-live="polite">
<div class="tile"><strong>Attestation officer / Pegawai pengakuan</strong><span id="host">…</span></div>
<div class="tile"><strong>Borrower / Peminjam</strong><span id="guest">…</span></div>
</div>
<button id="join" type="button">Join the call / Sertai panggilan</button>
<p id="you" role="status"></p>
</main>
<script nonce="${nonce}">
const role = ${JSON.stringify(role)};
const url = ${JSON.stringify(presence)};
function show(state) {
  for (const side of ['host', 'guest']) {
    const at = state[side + 'JoinedAt'];
    document.getElementById(side).textContent = at
      ? 'In the room / Dalam bilik'
      : 'Not joined yet / Belum menyertai';
  }
  if (state[role + 'JoinedAt']) {
    document.getElementById('join').hidden = true;
    document.getElementById('you').textContent = 'You are in the call / Anda dalam panggilan';
  }
}
async function poll() {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (response.ok) show(await response.json());
}
document.getElementById('join').addEventListener('click', async () => {
  const response = await fetch(url + '?role=' + role, { method: 'POST' });
  if (response.ok) show(await response.json());
});
poll();
setInterval(poll, 3000);
</script>
</body></html>`;
}

export const sandboxMeetingRoutes: FastifyPluginAsyncTypebox<{ meeting: SandboxMeeting }> = async (
  app,
  { meeting },
) => {
  const config = { access: access.public, rateLimit: { max: 120, timeWindow: '1 minute' } };

  app.get(
    SANDBOX_MEETING_PATH(':meetingId'),
    {
      config,
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox video-meeting room page',
        params: MeetingParamsSchema,
        querystring: MeetingQuerySchema,
        hide: true,
      },
    },
    async (request, reply) => {
      const room = await meeting.presence(request.params.meetingId);
      if (!room) throw new HttpError(404, 'Meeting not found');
      const nonce = randomBytes(16).toString('base64');
      return reply
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'`,
        )
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          roomPage(nonce, room.meetingId, request.query.role ?? 'guest', room.title, room.startsAt),
        );
    },
  );

  const presenceSchema = {
    tags: ['sandbox'],
    params: MeetingParamsSchema,
    querystring: MeetingQuerySchema,
    hide: true,
  };

  app.get(
    `${SANDBOX_MEETING_PATH(':meetingId')}/presence`,
    { config, schema: { ...presenceSchema, summary: 'Who is in the sandbox meeting' } },
    async (request) => {
      const room = await meeting.presence(request.params.meetingId);
      if (!room) throw new HttpError(404, 'Meeting not found');
      return room;
    },
  );

  app.post(
    `${SANDBOX_MEETING_PATH(':meetingId')}/presence`,
    { config, schema: { ...presenceSchema, summary: 'Join the sandbox meeting' } },
    async (request) => {
      const room = await meeting.join(request.params.meetingId, request.query.role ?? 'guest');
      if (!room) throw new HttpError(404, 'Meeting not found');
      return room;
    },
  );
};
