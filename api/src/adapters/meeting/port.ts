// The video-meeting service a live attestation call runs on: the platform books a room for the
// slot and hands each side its own link; the vendor (or the sandbox) hosts the call itself, and
// says who joined and when: the evidence the call's outcome rests on.

export interface MeetingRoom {
  meetingId: string;
  /** The officer's link. */
  hostUrl: string;
  /** The borrower's link. */
  guestUrl: string;
}

export interface MeetingPresence {
  meetingId: string;
  title: string;
  startsAt: Date;
  hostJoinedAt: Date | null;
  guestJoinedAt: Date | null;
}

export interface MeetingProvider {
  /** `sandbox`, or the meeting server's name. */
  readonly provider: string;
  create(room: { title: string; startsAt: Date }): Promise<MeetingRoom>;
  /** Moves the room to another time (a rescheduled call keeps its links). */
  reschedule(meetingId: string, startsAt: Date): Promise<void>;
  links(meetingId: string): MeetingRoom;
  /** Who has joined the room, first joins; null for a room that does not exist. */
  presence(meetingId: string): Promise<MeetingPresence | null>;
}

/** A stored room as the attestation reads it: both providers keep the same columns. */
export function presenceOf(
  row: (Omit<MeetingPresence, 'meetingId'> & { id: string }) | undefined | null,
): MeetingPresence | null {
  return row
    ? {
        meetingId: row.id,
        title: row.title,
        startsAt: row.startsAt,
        hostJoinedAt: row.hostJoinedAt,
        guestJoinedAt: row.guestJoinedAt,
      }
    : null;
}
