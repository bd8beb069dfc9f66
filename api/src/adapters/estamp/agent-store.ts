// Where each stamping at the agent stands, from its webhooks: booked once per status, and a final
// status (issued, rejected) never moved back by a webhook that comes late or out of order.
import { eq, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { estampSubmissions } from '../../db/schema';

type Status = (typeof estampSubmissions.$inferSelect)['status'];

const RANK = sql`case ${estampSubmissions.status} when 'SUBMITTED' then 0 when 'PROCESSING' then 1 else 2 end`;
const rankOf = (status: Status) => (status === 'SUBMITTED' ? 0 : status === 'PROCESSING' ? 1 : 2);

export function createEstampSubmissionStore(db: Orm) {
  return {
    async record(event: {
      agentRef: string;
      reference: string | null;
      status: Status;
      certificateNo: string | null;
      reason: string | null;
      issuedAt: Date | null;
      at: Date;
    }): Promise<void> {
      const values = {
        agentRef: event.agentRef,
        reference: event.reference?.slice(0, 60) ?? null,
        status: event.status,
        certificateNo: event.certificateNo?.slice(0, 60) ?? null,
        reason: event.reason,
        issuedAt: event.issuedAt && !Number.isNaN(event.issuedAt.getTime()) ? event.issuedAt : null,
        updatedAt: event.at,
      };
      await db
        .insert(estampSubmissions)
        .values(values)
        .onConflictDoUpdate({
          target: estampSubmissions.agentRef,
          set: {
            status: values.status,
            certificateNo: sql`coalesce(${values.certificateNo}, ${estampSubmissions.certificateNo})`,
            reason: values.reason,
            issuedAt: sql`coalesce(${values.issuedAt?.toISOString() ?? null}::timestamptz, ${estampSubmissions.issuedAt})`,
            updatedAt: values.updatedAt,
          },
          setWhere: sql`${RANK} < ${rankOf(event.status)}`,
        });
    },

    async byAgentRef(agentRef: string) {
      const [row] = await db
        .select()
        .from(estampSubmissions)
        .where(eq(estampSubmissions.agentRef, agentRef));
      return row;
    },

    async counts(): Promise<Record<Status, number>> {
      const rows = await db
        .select({ status: estampSubmissions.status, count: sql<number>`count(*)::int` })
        .from(estampSubmissions)
        .groupBy(estampSubmissions.status);
      const counts = { SUBMITTED: 0, PROCESSING: 0, ISSUED: 0, REJECTED: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },
  };
}

export type EstampSubmissionStore = ReturnType<typeof createEstampSubmissionStore>;
