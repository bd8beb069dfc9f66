// The video-meeting service a live attestation call runs on: the platform books a room for the
// slot and hands each side its own link; the vendor (or the sandbox) hosts the call itself.

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
  readonly provider: 'sandbox';
  create(room: { title: string; startsAt: Date }): Promise<MeetingRoom>;
  /** Moves the room to another time (a rescheduled call keeps its links). */
  reschedule(meetingId: string, startsAt: Date): Promise<void>;
  links(meetingId: string): MeetingRoom;
}
