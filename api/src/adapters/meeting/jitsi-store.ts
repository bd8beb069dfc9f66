// The live-call rooms on the meeting server, and each webhook it sent about them. A webhook is
// booked once by its idempotency key; a join keeps the earliest time it was seen, so a repeated
// or late webhook never moves the evidence.
import { eq, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { meetingEvents, meetingRooms } from '../../db/schema';

export type MeetingRoomRow = typeof meetingRooms.$inferSelect;

export function createMeetingRoomStore(db: Orm, provider: string) {
  return {
    async create(values: { id: string; title: string; startsAt: Date }): Promise<void> {
      await db.insert(meetingRooms).values({ ...values, provider });
    },
    async room(id: string): Promise<MeetingRoomRow | undefined> {
      const [row] = await db.select().from(meetingRooms).where(eq(meetingRooms.id, id));
      return row;
    },
    async reschedule(id: string, startsAt: Date): Promise<void> {
      await db.update(meetingRooms).set({ startsAt }).where(eq(meetingRooms.id, id));
    },
    /** Books the event once; false when it was booked before or names no room of ours. */
    async event(event: {
      idempotencyKey: string;
      meetingId: string;
      eventType: string;
      role: 'host' | 'guest' | null;
      occurredAt: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [room] = await tx
          .select({ id: meetingRooms.id })
          .from(meetingRooms)
          .where(eq(meetingRooms.id, event.meetingId))
          .for('update');
        if (!room) return false;
        const inserted = await tx
          .insert(meetingEvents)
          .values(event)
          .onConflictDoNothing()
          .returning({ key: meetingEvents.idempotencyKey });
        if (inserted.length === 0) return false;
        if (event.eventType === 'PARTICIPANT_JOINED' && event.role) {
          const column =
            event.role === 'host' ? meetingRooms.hostJoinedAt : meetingRooms.guestJoinedAt;
          const at = event.occurredAt.toISOString();
          await tx
            .update(meetingRooms)
            .set({
              [event.role === 'host' ? 'hostJoinedAt' : 'guestJoinedAt']:
                sql`least(coalesce(${column}, ${at}::timestamptz), ${at}::timestamptz)`,
            })
            .where(eq(meetingRooms.id, event.meetingId));
        }
        return true;
      });
    },
  };
}

export type MeetingRoomStore = ReturnType<typeof createMeetingRoomStore>;
