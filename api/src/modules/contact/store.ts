import type { Language, TenantId } from '@lending/contracts';
import type { ContactMessageStatus } from '@lending/domain';
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';

import type { Orm } from '../../db/database';
import { contactMessageReplies, contactMessages, staffUsers, tenants } from '../../db/schema';
import { type AuditEntry, writeAudit } from '../../kernel/audit';
import { inTransaction, type OrmExecutor, type OrmTransaction } from '../../kernel/transaction';

export interface NewContactMessage {
  tenant: TenantId;
  name: string | null;
  email: string;
  comments: string;
  language: Language;
}

/** What a list of the inbox narrows to, already in the table's terms. */
export interface ContactFilters {
  statuses?: readonly ContactMessageStatus[];
  /** A staff member's id, or null for messages nobody holds. */
  assignee?: string | null;
  tenant?: TenantId;
  /** Part of the name or email, or a whole reference number. */
  q?: string;
}

const messages = contactMessages;
const replies = contactMessageReplies;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function conditionsOf(filters: ContactFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.statuses) where.push(inArray(messages.status, [...filters.statuses]));
  if (filters.assignee === null) where.push(isNull(messages.assignedStaffId));
  else if (filters.assignee) where.push(eq(messages.assignedStaffId, filters.assignee));
  if (filters.tenant) where.push(eq(messages.tenant, filters.tenant));
  if (filters.q) {
    const pattern = likeText(filters.q);
    where.push(
      or(
        ilike(messages.name, pattern),
        ilike(messages.email, pattern),
        eq(messages.referenceNo, filters.q.toUpperCase()),
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

type MessageRow = {
  id: string;
  referenceNo: string;
  tenant: string;
  name: string | null;
  email: string;
  comments: string;
  language: Language;
  status: ContactMessageStatus;
  assigneeId: string | null;
  assigneeName: string | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  version: number;
};

const MESSAGE_COLUMNS = {
  id: messages.id,
  referenceNo: messages.referenceNo,
  tenant: messages.tenant,
  name: messages.name,
  email: messages.email,
  comments: messages.comments,
  language: messages.language,
  status: messages.status,
  assigneeId: messages.assignedStaffId,
  assigneeName: staffUsers.name,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
  closedAt: messages.closedAt,
  version: messages.version,
};

/** The contact module's one way into the database: messages, their replies, and who may hold
 *  them. Every change of a message writes its audit row in the same transaction. */
export function createContactStore(db: Orm) {
  const select = (executor: OrmExecutor) =>
    executor
      .select(MESSAGE_COLUMNS)
      .from(messages)
      .leftJoin(staffUsers, eq(staffUsers.id, messages.assignedStaffId));
  const byId = async (id: string, executor: OrmExecutor = db) => {
    const [row] = await select(executor).where(eq(messages.id, id));
    return row;
  };

  return {
    /** Keeps the message with its `contact.received` row; the database numbers it. */
    async insert(message: NewContactMessage, audit: (id: string) => AuditEntry) {
      return inTransaction(db, async (tx) => {
        const [row] = await tx.insert(messages).values(message).returning({
          id: messages.id,
          referenceNo: messages.referenceNo,
          createdAt: messages.createdAt,
        });
        await writeAudit(tx, audit(row!.id));
        return row!;
      });
    },

    async tenantName(tenant: TenantId): Promise<string> {
      const [row] = await db
        .select({ name: tenants.displayName })
        .from(tenants)
        .where(eq(tenants.id, tenant));
      return row?.name ?? tenant;
    },

    async count(filters: ContactFilters): Promise<number> {
      const [row] = await db.select({ n: count() }).from(messages).where(conditionsOf(filters));
      return Number(row?.n ?? 0);
    },

    /** Newest first; rows that arrived together keep a stable order. */
    async page(filters: ContactFilters, page: { page: number; pageSize: number }) {
      const rows = await select(db)
        .where(conditionsOf(filters))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize);
      if (rows.length === 0) return [];
      const counts = await db
        .select({ messageId: replies.messageId, n: count() })
        .from(replies)
        .where(
          inArray(
            replies.messageId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(replies.messageId);
      const byMessage = new Map(counts.map((row) => [row.messageId, Number(row.n)]));
      return rows.map((row) => ({ ...row, replies: byMessage.get(row.id) ?? 0 }));
    },

    byId,

    async replies(messageId: string) {
      return db
        .select({
          id: replies.id,
          body: replies.body,
          language: replies.language,
          authorId: replies.staffId,
          authorName: staffUsers.name,
          createdAt: replies.createdAt,
          emailedAt: replies.emailedAt,
        })
        .from(replies)
        .leftJoin(staffUsers, eq(staffUsers.id, replies.staffId))
        .where(eq(replies.messageId, messageId))
        .orderBy(asc(replies.createdAt), asc(replies.id));
    },

    async reply(messageId: string, replyId: string) {
      const [row] = await db
        .select()
        .from(replies)
        .where(and(eq(replies.id, replyId), eq(replies.messageId, messageId)));
      return row;
    },

    /** Staff who may hold a message: not disabled, with one of `roles`. */
    async assignees(roles: readonly string[]) {
      return db
        .select({ id: staffUsers.id, name: staffUsers.name })
        .from(staffUsers)
        .where(and(isNull(staffUsers.disabledAt), arrayOverlaps(staffUsers.roles, [...roles])))
        .orderBy(asc(staffUsers.name), asc(staffUsers.id));
    },

    /**
     * Runs a step on the message at `version`: `work` gets the message locked for the
     * transaction, or null when it is gone or was changed meanwhile (the caller refuses).
     */
    async step<T>(
      id: string,
      version: number,
      work: (tx: OrmTransaction, message: MessageRow) => Promise<T>,
    ): Promise<{ found: false } | { found: true; stale: true } | { found: true; value: T }> {
      return inTransaction(db, async (tx) => {
        const [locked] = await tx
          .select({ version: messages.version })
          .from(messages)
          .where(eq(messages.id, id))
          .for('update');
        if (!locked) return { found: false };
        if (locked.version !== version) return { found: true, stale: true };
        const message = (await byId(id, tx))!;
        return { found: true, value: await work(tx, message) };
      });
    },

    /** Moves the message on (status, holder) and its version with it. */
    async update(
      tx: OrmTransaction,
      id: string,
      changes: Partial<{
        status: ContactMessageStatus;
        assignedStaffId: string;
        assignedAt: Date;
        closedAt: Date;
      }>,
    ) {
      await tx
        .update(messages)
        .set({ ...changes, updatedAt: new Date(), version: sql`${messages.version} + 1` })
        .where(eq(messages.id, id));
    },

    async addReply(
      tx: OrmTransaction,
      reply: { messageId: string; staffId: string; body: string; language: Language },
    ) {
      const [row] = await tx.insert(replies).values(reply).returning({ id: replies.id });
      return row!.id;
    },

    /** Records that the reply's email left, once; false when it had already. */
    async markEmailed(replyId: string, at: Date, audit: AuditEntry): Promise<boolean> {
      return inTransaction(db, async (tx) => {
        const updated = await tx
          .update(replies)
          .set({ emailedAt: at })
          .where(and(eq(replies.id, replyId), isNull(replies.emailedAt)))
          .returning({ id: replies.id });
        if (updated.length === 0) return false;
        await writeAudit(tx, audit);
        return true;
      });
    },

    audit: (entry: AuditEntry, executor: OrmExecutor = db) => writeAudit(executor, entry),
  };
}

export type ContactStore = ReturnType<typeof createContactStore>;
export type ContactMessageRow = MessageRow;
export type ContactReplyRow = Awaited<ReturnType<ContactStore['replies']>>[number];
