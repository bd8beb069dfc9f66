// The attestation module's one way into the database: videos, viewings, explain-back checks, the
// officers' calendar and live-call bookings.
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type VideoRow = typeof t.attestationVideos.$inferSelect;
export type AttestationRow = typeof t.attestations.$inferSelect;
export type ViewingRow = typeof t.attestationViewings.$inferSelect;
export type CheckRow = typeof t.attestationChecks.$inferSelect;
export type SlotRow = typeof t.attestationSlots.$inferSelect;
export type BookingRow = typeof t.attestationBookings.$inferSelect;
export type BookingStatus = BookingRow['status'];

/** A unique index refused the row: the slot (or the agreement) already has an open booking. */
export function isOpenBookingTaken(error: unknown): boolean {
  const text =
    String((error as { message?: string })?.message ?? '') +
    String((error as { cause?: { message?: string } })?.cause?.message ?? '') +
    String((error as { constraint?: string })?.constraint ?? '') +
    String((error as { cause?: { constraint?: string } })?.cause?.constraint ?? '');
  return /attestation_bookings_(slot|agreement)_open_idx|attestation_slots_officer_id_starts_at_key/.test(
    text,
  );
}

export function createAttestationStore(db: Orm) {
  return {
    async currentVideo(
      tenant: string,
      language: 'EN' | 'MS',
      executor: OrmExecutor = db,
    ): Promise<VideoRow | undefined> {
      const [row] = await executor
        .select()
        .from(t.attestationVideos)
        .where(
          and(eq(t.attestationVideos.tenant, tenant), eq(t.attestationVideos.language, language)),
        )
        .orderBy(desc(t.attestationVideos.createdAt))
        .limit(1);
      return row;
    },

    async videoById(id: string): Promise<VideoRow | undefined> {
      const [row] = await db
        .select()
        .from(t.attestationVideos)
        .where(eq(t.attestationVideos.id, id));
      return row;
    },

    async insertVideo(tx: OrmTransaction, values: typeof t.attestationVideos.$inferInsert) {
      const [row] = await tx.insert(t.attestationVideos).values(values).returning();
      return row!;
    },

    async attestation(agreementId: string, executor: OrmExecutor = db) {
      const [row] = await executor
        .select()
        .from(t.attestations)
        .where(eq(t.attestations.agreementId, agreementId));
      return row;
    },

    async chooseOption(
      tx: OrmTransaction,
      agreementId: string,
      option: 'VIDEO' | 'LIVE_CALL',
      at: Date,
    ): Promise<void> {
      await tx
        .insert(t.attestations)
        .values({ agreementId, option, chosenAt: at })
        .onConflictDoUpdate({ target: t.attestations.agreementId, set: { option, chosenAt: at } });
    },

    async markReviewer(
      tx: OrmTransaction,
      agreementId: string,
      set: Partial<Pick<AttestationRow, 'completedBy' | 'approvedBy'>>,
    ): Promise<void> {
      await tx.update(t.attestations).set(set).where(eq(t.attestations.agreementId, agreementId));
    },

    async startViewing(
      tx: OrmTransaction,
      values: typeof t.attestationViewings.$inferInsert,
    ): Promise<ViewingRow> {
      const [row] = await tx.insert(t.attestationViewings).values(values).returning();
      return row!;
    },

    async viewing(viewingId: string, executor: OrmExecutor = db) {
      const [row] = await executor
        .select()
        .from(t.attestationViewings)
        .where(eq(t.attestationViewings.id, viewingId));
      return row;
    },

    async endViewing(tx: OrmTransaction, viewingId: string, at: Date): Promise<void> {
      await tx
        .update(t.attestationViewings)
        .set({ endedAt: at })
        .where(and(eq(t.attestationViewings.id, viewingId), isNull(t.attestationViewings.endedAt)));
    },

    async viewings(agreementId: string): Promise<ViewingRow[]> {
      return db
        .select()
        .from(t.attestationViewings)
        .where(eq(t.attestationViewings.agreementId, agreementId))
        .orderBy(asc(t.attestationViewings.startedAt));
    },

    async insertCheck(tx: OrmTransaction, values: typeof t.attestationChecks.$inferInsert) {
      const [row] = await tx.insert(t.attestationChecks).values(values).returning();
      return row!;
    },

    async checks(agreementId: string): Promise<CheckRow[]> {
      return db
        .select()
        .from(t.attestationChecks)
        .where(eq(t.attestationChecks.agreementId, agreementId))
        .orderBy(asc(t.attestationChecks.submittedAt));
    },

    async openSlots(
      tx: OrmTransaction,
      rows: (typeof t.attestationSlots.$inferInsert)[],
    ): Promise<SlotRow[]> {
      if (rows.length === 0) return [];
      return tx.insert(t.attestationSlots).values(rows).onConflictDoNothing().returning();
    },

    async slot(slotId: string, executor: OrmExecutor = db): Promise<SlotRow | undefined> {
      const [row] = await executor
        .select()
        .from(t.attestationSlots)
        .where(eq(t.attestationSlots.id, slotId));
      return row;
    },

    async removeSlot(tx: OrmTransaction, slotId: string): Promise<void> {
      await tx.delete(t.attestationSlots).where(eq(t.attestationSlots.id, slotId));
    },

    /** The calendar between two instants, each slot with its open booking (if any). */
    async calendar(tenant: string, from: Date, to: Date) {
      return db
        .select({
          slot: t.attestationSlots,
          officerName: t.staffUsers.name,
          booking: t.attestationBookings,
          agreementNo: t.agreements.agreementNo,
          applicantName: t.users.firstName,
        })
        .from(t.attestationSlots)
        .innerJoin(t.staffUsers, eq(t.staffUsers.id, t.attestationSlots.officerId))
        .leftJoin(
          t.attestationBookings,
          and(
            eq(t.attestationBookings.slotId, t.attestationSlots.id),
            inArray(t.attestationBookings.status, [
              'BOOKED',
              'ATTESTED',
              'NOT_ATTESTED',
              'NO_SHOW',
            ]),
          ),
        )
        .leftJoin(t.agreements, eq(t.agreements.id, t.attestationBookings.agreementId))
        .leftJoin(t.users, eq(t.users.id, t.agreements.userId))
        .where(
          and(
            eq(t.attestationSlots.tenant, tenant),
            gte(t.attestationSlots.startsAt, from),
            lt(t.attestationSlots.startsAt, to),
          ),
        )
        .orderBy(asc(t.attestationSlots.startsAt), asc(t.staffUsers.name));
    },

    /** Slots no one has booked, between two instants. */
    async freeSlots(tenant: string, from: Date, to: Date): Promise<SlotRow[]> {
      return db
        .select()
        .from(t.attestationSlots)
        .where(
          and(
            eq(t.attestationSlots.tenant, tenant),
            gte(t.attestationSlots.startsAt, from),
            lt(t.attestationSlots.startsAt, to),
            sql`not exists (select 1 from attestation_bookings b where b.slot_id = ${t.attestationSlots.id} and b.status <> 'CANCELLED' and b.status <> 'RESCHEDULED')`,
          ),
        )
        .orderBy(asc(t.attestationSlots.startsAt));
    },

    async openBooking(agreementId: string, executor: OrmExecutor = db) {
      const [row] = await executor
        .select()
        .from(t.attestationBookings)
        .where(
          and(
            eq(t.attestationBookings.agreementId, agreementId),
            eq(t.attestationBookings.status, 'BOOKED'),
          ),
        );
      return row;
    },

    async latestBooking(agreementId: string) {
      const [row] = await db
        .select()
        .from(t.attestationBookings)
        .where(eq(t.attestationBookings.agreementId, agreementId))
        .orderBy(desc(t.attestationBookings.createdAt))
        .limit(1);
      return row;
    },

    async bookingsOf(agreementId: string): Promise<BookingRow[]> {
      return db
        .select()
        .from(t.attestationBookings)
        .where(eq(t.attestationBookings.agreementId, agreementId))
        .orderBy(asc(t.attestationBookings.createdAt));
    },

    async booking(bookingId: string, executor: OrmExecutor = db) {
      const [row] = await executor
        .select()
        .from(t.attestationBookings)
        .where(eq(t.attestationBookings.id, bookingId));
      return row;
    },

    async book(tx: OrmTransaction, values: typeof t.attestationBookings.$inferInsert) {
      const [row] = await tx.insert(t.attestationBookings).values(values).returning();
      return row!;
    },

    /** Closes an open booking; false when it was no longer open. */
    async closeBooking(
      tx: OrmTransaction,
      bookingId: string,
      set: Partial<BookingRow> & { status: BookingStatus; closedAt: Date },
    ): Promise<boolean> {
      const rows = await tx
        .update(t.attestationBookings)
        .set(set)
        .where(
          and(eq(t.attestationBookings.id, bookingId), eq(t.attestationBookings.status, 'BOOKED')),
        )
        .returning({ id: t.attestationBookings.id });
      return rows.length > 0;
    },

    /** Open bookings starting before `until` that have had no reminder yet. */
    async dueReminders(from: Date, until: Date) {
      return db
        .select({ booking: t.attestationBookings, slot: t.attestationSlots, user: t.users })
        .from(t.attestationBookings)
        .innerJoin(t.attestationSlots, eq(t.attestationSlots.id, t.attestationBookings.slotId))
        .innerJoin(t.agreements, eq(t.agreements.id, t.attestationBookings.agreementId))
        .innerJoin(t.users, eq(t.users.id, t.agreements.userId))
        .where(
          and(
            eq(t.attestationBookings.status, 'BOOKED'),
            isNull(t.attestationBookings.remindedAt),
            gte(t.attestationSlots.startsAt, from),
            lt(t.attestationSlots.startsAt, until),
          ),
        );
    },

    async markReminded(bookingId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(t.attestationBookings)
        .set({ remindedAt: at })
        .where(
          and(eq(t.attestationBookings.id, bookingId), isNull(t.attestationBookings.remindedAt)),
        )
        .returning({ id: t.attestationBookings.id });
      return rows.length > 0;
    },

    /** Agreements waiting for staff: attested and not yet completed, or completed and not yet
     *  approved. */
    async awaitingReview(tenant: string) {
      return db
        .select({
          agreement: t.agreements,
          option: t.attestations.option,
          applicantName: t.users.firstName,
        })
        .from(t.agreements)
        .innerJoin(t.users, eq(t.users.id, t.agreements.userId))
        .leftJoin(t.attestations, eq(t.attestations.agreementId, t.agreements.id))
        .where(
          and(
            eq(t.agreements.tenant, tenant),
            inArray(t.agreements.status, [
              'DONE_LIVE_ATTESTATION',
              'DONE_VIDEO_ATTESTATION',
              'ATTESTATIONCOMPLETED',
            ]),
          ),
        )
        .orderBy(asc(t.agreements.updatedAt));
    },

    async applicant(userId: string) {
      const [row] = await db.select().from(t.users).where(eq(t.users.id, userId));
      return row;
    },

    async staffName(staffId: string) {
      const [row] = await db
        .select({ name: t.staffUsers.name, roles: t.staffUsers.roles })
        .from(t.staffUsers)
        .where(eq(t.staffUsers.id, staffId));
      return row;
    },
  };
}

export type AttestationStore = ReturnType<typeof createAttestationStore>;
