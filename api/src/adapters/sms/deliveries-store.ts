// The messages a gateway took and where their delivery receipts say they stand. A receipt moves a
// message from SENT to a final status once; a repeated, late or out-of-order receipt never moves a
// final status again.
import { and, eq, gte, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { smsDeliveries } from '../../db/schema';
import type { SmsDeliveryStatus } from './port';

export function createSmsDeliveryStore(db: Orm, provider: string) {
  return {
    async sent(row: {
      providerRef: string;
      recipientMasked: string;
      parts: number;
      at: Date;
    }): Promise<void> {
      await db
        .insert(smsDeliveries)
        .values({
          provider,
          providerRef: row.providerRef,
          recipientMasked: row.recipientMasked,
          parts: row.parts,
          status: 'SENT',
          sentAt: row.at,
          statusAt: row.at,
        })
        .onConflictDoNothing();
    },

    /** True when the message is ours (whether or not the receipt changed it). */
    async receipt(
      providerRef: string,
      status: SmsDeliveryStatus,
      detail: string,
      at: Date,
    ): Promise<boolean> {
      const [row] = await db
        .select({ status: smsDeliveries.status })
        .from(smsDeliveries)
        .where(
          and(eq(smsDeliveries.provider, provider), eq(smsDeliveries.providerRef, providerRef)),
        );
      if (!row) return false;
      if (status === 'SENT') return true;
      // Only a message still SENT takes a final status: the first final receipt stands.
      await db
        .update(smsDeliveries)
        .set({ status, statusDetail: detail.slice(0, 60), statusAt: at })
        .where(
          and(
            eq(smsDeliveries.provider, provider),
            eq(smsDeliveries.providerRef, providerRef),
            eq(smsDeliveries.status, 'SENT'),
          ),
        );
      return true;
    },

    async counts(since: Date): Promise<Record<SmsDeliveryStatus, number>> {
      const rows = await db
        .select({ status: smsDeliveries.status, count: sql<number>`count(*)::int` })
        .from(smsDeliveries)
        .where(and(eq(smsDeliveries.provider, provider), gte(smsDeliveries.sentAt, since)))
        .groupBy(smsDeliveries.status);
      const counts = { SENT: 0, DELIVERED: 0, FAILED: 0, EXPIRED: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    async status(providerRef: string) {
      const [row] = await db
        .select()
        .from(smsDeliveries)
        .where(
          and(eq(smsDeliveries.provider, provider), eq(smsDeliveries.providerRef, providerRef)),
        );
      return row;
    },
  };
}

export type SmsDeliveryStore = ReturnType<typeof createSmsDeliveryStore>;
