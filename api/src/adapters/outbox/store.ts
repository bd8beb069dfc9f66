import type { OutboxMessage } from '@lending/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { outbox } from '../../db/schema';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  links: string[];
}

/** Where the sandbox email and SMS providers keep what they would have sent. */
export function createOutboxStore(db: Orm) {
  return {
    async add(message: OutgoingMessage): Promise<void> {
      await db.insert(outbox).values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        links: message.links,
      });
    },
    async list(filter: { to?: string; limit: number }): Promise<OutboxMessage[]> {
      const conditions: SQL[] = [];
      if (filter.to) conditions.push(eq(outbox.recipient, filter.to));
      const rows = await db
        .select()
        .from(outbox)
        .where(and(...conditions))
        .orderBy(desc(outbox.createdAt))
        .limit(filter.limit);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        body: row.body,
        links: row.links,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
