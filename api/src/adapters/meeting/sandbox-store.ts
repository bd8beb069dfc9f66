// The sandbox meeting provider's own records: one row per room, with who has joined it.
import { eq } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { sandboxMeetings } from '../../db/schema';

export type SandboxMeetingRow = typeof sandboxMeetings.$inferSelect;

export function createSandboxMeetingStore(db: Orm) {
  return {
    async room(meetingId: string): Promise<SandboxMeetingRow | undefined> {
      const [row] = await db
        .select()
        .from(sandboxMeetings)
        .where(eq(sandboxMeetings.id, meetingId));
      return row;
    },
    async create(values: { id: string; title: string; startsAt: Date }): Promise<void> {
      await db.insert(sandboxMeetings).values(values);
    },
    async update(
      meetingId: string,
      set: Partial<Pick<SandboxMeetingRow, 'startsAt' | 'hostJoinedAt' | 'guestJoinedAt'>>,
    ): Promise<void> {
      await db.update(sandboxMeetings).set(set).where(eq(sandboxMeetings.id, meetingId));
    },
  };
}

export type SandboxMeetingStore = ReturnType<typeof createSandboxMeetingStore>;
