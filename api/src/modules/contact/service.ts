import {
  CONTACT_INBOX_ROLES,
  type ContactAnswerRequest,
  type ContactAssignRequest,
  type ContactCloseRequest,
  type ContactInboxPage,
  type ContactInboxQuery,
  type ContactMessageDetail,
  type ContactMessageRequest,
  type ContactMessageResponse,
  type ContactReply,
  type TenantId,
} from '@lending/contracts';
import {
  CONTACT_MESSAGE_STATUS_MACHINE,
  type ContactMessageStatus,
  OPEN_CONTACT_MESSAGE_STATUSES,
  transition,
} from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { EmailSender } from '../../adapters/email/port';
import type { Principal } from '../../http/access';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { PublicUrl } from '../../kernel/public-url';
import { type OrmTransaction } from '../../kernel/transaction';
import {
  acknowledgementEmail,
  answerEmail,
  ASSIGNEE_REFUSED,
  type ContactFacts,
  MESSAGE_CHANGED,
  MESSAGE_CLOSED,
  MESSAGE_NOT_FOUND,
  REPLY_ALREADY_SENT,
  REPLY_NOT_FOUND,
  REPLY_NOT_SENT,
} from './messages';
import type { ContactFilters, ContactMessageRow, ContactReplyRow, ContactStore } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;

const EXCERPT_LENGTH = 140;
const staffRef = (staff: Staff) => `staff:${staff.staffId}`;
const entityOf = (messageId: string) => `contact_message:${messageId}`;

const notFound = () => new HttpError(404, MESSAGE_NOT_FOUND, 'CONTACT_MESSAGE_NOT_FOUND');
const changed = () => new HttpError(409, MESSAGE_CHANGED, 'CONTACT_MESSAGE_CHANGED');
const closed = () => new HttpError(409, MESSAGE_CLOSED, 'CONTACT_MESSAGE_CLOSED');

/** What the message's status lets staff do (the status machine's own answer). */
function actionsOf(status: ContactMessageStatus): ContactMessageDetail['actions'] {
  const may = (to: ContactMessageStatus) =>
    transition(CONTACT_MESSAGE_STATUS_MACHINE, status, to, { actor: 'staff' }).ok;
  return {
    // Handing an open message to someone else is no change of status.
    assign: status !== 'CLOSED',
    answer: may('ANSWERED') || status === 'ANSWERED',
    close: may('CLOSED'),
  };
}

function toReply(row: ContactReplyRow): ContactReply {
  return {
    id: row.id,
    body: row.body,
    language: row.language,
    author: row.authorId ? { id: row.authorId, name: row.authorName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    emailedAt: row.emailedAt?.toISOString() ?? null,
  };
}

export interface ContactServiceDeps {
  store: ContactStore;
  email: EmailSender;
  clock: Clock;
  publicUrl: PublicUrl;
  log?: FastifyBaseLogger;
}

/** Fields arrive trimmed (see the route); an empty name is no name. */
export function createContactService(deps: ContactServiceDeps) {
  const { store, clock } = deps;

  async function factsOf(message: {
    tenant: string;
    email: string;
    name: string | null;
    language: 'EN' | 'MS';
    referenceNo: string;
    comments: string;
    createdAt: Date;
  }): Promise<ContactFacts> {
    return {
      to: message.email,
      name: message.name,
      language: message.language,
      referenceNo: message.referenceNo,
      lender: await store.tenantName(message.tenant as TenantId),
      comments: message.comments,
      sentAt: message.createdAt,
      contactUrl: `${deps.publicUrl()}/contact-us`,
    };
  }

  /** Sends a reply kept in the thread; records the time it left, or says it did not. */
  async function emailReply(
    staff: Staff,
    message: ContactMessageRow,
    reply: { id: string; body: string },
    ip: string,
  ): Promise<boolean> {
    try {
      await deps.email.send(answerEmail({ ...(await factsOf(message)), answer: reply.body }));
    } catch (error) {
      deps.log?.warn(
        { messageId: message.id, replyId: reply.id, error: (error as Error).message },
        'contact answer not emailed',
      );
      return false;
    }
    await store.markEmailed(reply.id, clock.now(), {
      action: 'contact.reply_sent',
      actor: staffRef(staff),
      subject: entityOf(message.id),
      entity: entityOf(message.id),
      ip,
      detail: { replyId: reply.id, language: message.language },
    });
    return true;
  }

  async function assignees() {
    return store.assignees(CONTACT_INBOX_ROLES);
  }

  async function detail(messageId: string): Promise<ContactMessageDetail> {
    const row = await store.byId(messageId);
    if (!row) throw notFound();
    const [replies, holders] = await Promise.all([store.replies(row.id), assignees()]);
    return {
      id: row.id,
      referenceNo: row.referenceNo,
      tenant: row.tenant as TenantId,
      name: row.name,
      email: row.email,
      language: row.language,
      comments: row.comments,
      status: row.status,
      assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      version: row.version,
      replies: replies.map(toReply),
      assignees: holders,
      actions: actionsOf(row.status),
    };
  }

  /** Runs a step on the version the caller read; refuses a gone, changed or closed message. */
  async function step<T>(
    messageId: string,
    version: number,
    work: (tx: OrmTransaction, message: ContactMessageRow) => Promise<T>,
  ): Promise<T> {
    const result = await store.step(messageId, version, async (tx, message) => {
      if (message.status === 'CLOSED') throw closed();
      return work(tx, message);
    });
    if (!result.found) throw notFound();
    if ('stale' in result) throw changed();
    return result.value;
  }

  return {
    async send(tenant: TenantId, request: ContactMessageRequest): Promise<ContactMessageResponse> {
      const message = {
        tenant,
        name: request.name || null,
        email: request.email,
        comments: request.comments,
        language: request.language,
      };
      const row = await store.insert(message, (id) => ({
        action: 'contact.received',
        actor: null,
        subject: entityOf(id),
        entity: entityOf(id),
        to: 'NEW',
        detail: { tenant, language: request.language },
      }));
      // The message is kept whatever the mail server says: staff answer it from the inbox.
      try {
        await deps.email.send(
          acknowledgementEmail(
            await factsOf({ ...message, referenceNo: row.referenceNo, createdAt: row.createdAt }),
          ),
        );
      } catch (error) {
        deps.log?.warn(
          { messageId: row.id, error: (error as Error).message },
          'contact acknowledgement not emailed',
        );
      }
      return { id: row.id, referenceNo: row.referenceNo, createdAt: row.createdAt.toISOString() };
    },

    async list(
      staff: Staff,
      query: Required<Pick<ContactInboxQuery, 'page' | 'pageSize'>> & ContactInboxQuery,
    ): Promise<ContactInboxPage> {
      const filters: ContactFilters = {
        ...(query.status === 'OPEN'
          ? { statuses: OPEN_CONTACT_MESSAGE_STATUSES }
          : query.status
            ? { statuses: [query.status] }
            : {}),
        ...(query.assignee === 'me'
          ? { assignee: staff.staffId }
          : query.assignee === 'none'
            ? { assignee: null }
            : query.assignee
              ? { assignee: query.assignee.toLowerCase() }
              : {}),
        ...(query.tenant ? { tenant: query.tenant } : {}),
        ...(query.q ? { q: query.q } : {}),
      };
      const [total, rows, holders] = await Promise.all([
        store.count(filters),
        store.page(filters, query),
        assignees(),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          referenceNo: row.referenceNo,
          tenant: row.tenant as TenantId,
          name: row.name,
          email: row.email,
          language: row.language,
          excerpt:
            row.comments.length > EXCERPT_LENGTH
              ? `${row.comments.slice(0, EXCERPT_LENGTH - 1)}…`
              : row.comments,
          status: row.status,
          assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? '' } : null,
          replies: row.replies,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        assignees: holders,
      };
    },

    /** The message and its thread; reading a sender's words is audited. */
    async read(staff: Staff, messageId: string, ip: string): Promise<ContactMessageDetail> {
      const message = await detail(messageId);
      await store.audit({
        action: 'contact.viewed',
        actor: staffRef(staff),
        subject: entityOf(messageId),
        entity: entityOf(messageId),
        ip,
      });
      return message;
    },

    async assign(
      staff: Staff,
      messageId: string,
      request: ContactAssignRequest,
      ip: string,
    ): Promise<ContactMessageDetail> {
      const staffId = request.staffId.toLowerCase();
      const holders = await assignees();
      if (!holders.some((holder) => holder.id === staffId)) {
        throw new HttpError(422, ASSIGNEE_REFUSED, 'CONTACT_ASSIGNEE_REFUSED');
      }
      await step(messageId, request.version, async (tx, message) => {
        const to: ContactMessageStatus = message.status === 'NEW' ? 'ASSIGNED' : message.status;
        if (to !== message.status) {
          const allowed = transition(CONTACT_MESSAGE_STATUS_MACHINE, message.status, to, {
            actor: 'staff',
          });
          if (!allowed.ok) throw closed();
        }
        await store.update(tx, message.id, {
          status: to,
          assignedStaffId: staffId,
          assignedAt: clock.now(),
        });
        await store.audit(
          {
            action: 'contact.assigned',
            actor: staffRef(staff),
            subject: entityOf(message.id),
            entity: entityOf(message.id),
            from: message.status,
            to,
            ip,
            detail: { assigneeId: staffId, previousAssigneeId: message.assigneeId },
          },
          tx,
        );
      });
      return detail(messageId);
    },

    /** Keeps the answer in the thread, then emails it to the sender in their language. */
    async answer(
      staff: Staff,
      messageId: string,
      request: ContactAnswerRequest,
      ip: string,
    ): Promise<ContactMessageDetail> {
      const kept = await step(messageId, request.version, async (tx, message) => {
        const to: ContactMessageStatus = 'ANSWERED';
        if (message.status !== to) {
          const allowed = transition(CONTACT_MESSAGE_STATUS_MACHINE, message.status, to, {
            actor: 'staff',
          });
          if (!allowed.ok) throw closed();
        }
        const replyId = await store.addReply(tx, {
          messageId: message.id,
          staffId: staff.staffId,
          body: request.body,
          language: message.language,
        });
        // Whoever answers a message nobody held now holds it.
        await store.update(tx, message.id, {
          status: to,
          ...(message.assigneeId
            ? {}
            : { assignedStaffId: staff.staffId, assignedAt: clock.now() }),
        });
        await store.audit(
          {
            action: 'contact.answered',
            actor: staffRef(staff),
            subject: entityOf(message.id),
            entity: entityOf(message.id),
            from: message.status,
            to,
            ip,
            detail: { replyId, language: message.language, length: request.body.length },
          },
          tx,
        );
        return { message, replyId };
      });
      const sent = await emailReply(
        staff,
        kept.message,
        { id: kept.replyId, body: request.body },
        ip,
      );
      if (!sent) throw new HttpError(502, REPLY_NOT_SENT, 'CONTACT_REPLY_NOT_SENT');
      return detail(messageId);
    },

    /** Emails again an answer whose email did not leave. */
    async resend(
      staff: Staff,
      messageId: string,
      replyId: string,
      ip: string,
    ): Promise<ContactMessageDetail> {
      const message = await store.byId(messageId);
      if (!message) throw notFound();
      const reply = await store.reply(messageId, replyId);
      if (!reply) throw new HttpError(404, REPLY_NOT_FOUND, 'CONTACT_MESSAGE_NOT_FOUND');
      if (reply.emailedAt) throw new HttpError(409, REPLY_ALREADY_SENT, 'CONFLICT');
      const sent = await emailReply(staff, message, reply, ip);
      if (!sent) throw new HttpError(502, REPLY_NOT_SENT, 'CONTACT_REPLY_NOT_SENT');
      return detail(messageId);
    },

    async close(
      staff: Staff,
      messageId: string,
      request: ContactCloseRequest,
      ip: string,
    ): Promise<ContactMessageDetail> {
      await step(messageId, request.version, async (tx, message) => {
        const allowed = transition(CONTACT_MESSAGE_STATUS_MACHINE, message.status, 'CLOSED', {
          actor: 'staff',
        });
        if (!allowed.ok) throw closed();
        await store.update(tx, message.id, { status: 'CLOSED', closedAt: clock.now() });
        await store.audit(
          {
            action: 'contact.closed',
            actor: staffRef(staff),
            subject: entityOf(message.id),
            entity: entityOf(message.id),
            from: message.status,
            to: 'CLOSED',
            reason: request.note || null,
            ip,
          },
          tx,
        );
      });
      return detail(messageId);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
