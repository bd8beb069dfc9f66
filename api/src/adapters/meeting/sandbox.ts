// The sandbox video-meeting provider: a room is a row, and its page (served by the attestation
// module's sandbox routes) shows both sides who has joined, as a hosted meeting's lobby would.
import { randomBytes } from 'node:crypto';

import type { Clock } from '../../kernel/clock';
import type { PublicUrl } from '../../kernel/public-url';
import { type MeetingPresence, type MeetingProvider, type MeetingRoom, presenceOf } from './port';
import type { SandboxMeetingStore } from './sandbox-store';

export const SANDBOX_MEETING_PATH = (meetingId: string) => `/api/sandbox/meeting/${meetingId}`;

export interface SandboxMeeting extends MeetingProvider {
  join(meetingId: string, role: 'host' | 'guest'): Promise<MeetingPresence | null>;
}

export function sandboxMeeting(deps: {
  store: SandboxMeetingStore;
  clock: Clock;
  publicUrl: PublicUrl;
}): SandboxMeeting {
  const { store, clock, publicUrl } = deps;
  function links(meetingId: string): MeetingRoom {
    const base = `${publicUrl()}${SANDBOX_MEETING_PATH(meetingId)}`;
    return { meetingId, hostUrl: `${base}?role=host`, guestUrl: `${base}?role=guest` };
  }
  async function presence(meetingId: string): Promise<MeetingPresence | null> {
    return presenceOf(await store.room(meetingId));
  }
  return {
    provider: 'sandbox',
    links,
    presence,
    async create({ title, startsAt }) {
      // Unguessable, like a hosted meeting's room name: the link alone lets one in.
      const meetingId = randomBytes(12).toString('base64url');
      await store.create({ id: meetingId, title, startsAt });
      return links(meetingId);
    },
    async reschedule(meetingId, startsAt) {
      await store.update(meetingId, { startsAt });
    },
    async join(meetingId, role) {
      await store.update(
        meetingId,
        role === 'host' ? { hostJoinedAt: clock.now() } : { guestJoinedAt: clock.now() },
      );
      return presence(meetingId);
    },
  };
}
