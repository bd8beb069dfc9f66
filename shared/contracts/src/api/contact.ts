import type { ContactMessageStatus, StaffRole } from '@lending/domain';

import type { TenantId } from '../brand';
import type { Language } from '../events';
import type { Page } from './master';

export const CONTACT_PATHS = {
  contactUs: '/arkcash/api/v1.0/contact-us',
} as const;

/** The contact-us form. The server trims the fields and lower-cases the email. */
export interface ContactMessageRequest {
  /** At most 200 characters. */
  name?: string;
  email: string;
  /** Not empty after trimming; at most 2000 characters. */
  comments: string;
  language: Language;
}

export interface ContactMessageResponse {
  id: string;
  /** What the sender quotes, also in the acknowledgement emailed to them (`CU-000123`). */
  referenceNo: string;
  /** ISO 8601 time the message was stored. */
  createdAt: string;
}

/** Messages one client (address) may send in ten minutes before the API answers 429; the API
 *  reads another number from CONTACT_RATE_LIMIT. */
export const CONTACT_RATE_LIMIT_DEFAULT = 20;

/**
 * The back office's contact inbox (`/admin/contact-messages`): every message sent from the
 * contact page, read, assigned to a member of staff, answered by email from the screen (the
 * answer kept in the message's thread) and closed. Each step is audited.
 */
export const CONTACT_INBOX_PATHS = {
  list: '/api/admin/contact-messages',
  detail: (messageId: string) => `/api/admin/contact-messages/${messageId}`,
  assign: (messageId: string) => `/api/admin/contact-messages/${messageId}/assign`,
  answer: (messageId: string) => `/api/admin/contact-messages/${messageId}/replies`,
  resend: (messageId: string, replyId: string) =>
    `/api/admin/contact-messages/${messageId}/replies/${replyId}/send`,
  close: (messageId: string) => `/api/admin/contact-messages/${messageId}/close`,
} as const;

/** Who works the inbox: customer service, and admins. */
export const CONTACT_INBOX_ROLES: readonly StaffRole[] = ['ADMIN', 'CUSTOMER_SERVICE'];

export const CONTACT_INBOX_PAGE_SIZE = 20;
export const CONTACT_INBOX_MAX_PAGE_SIZE = 100;
export const CONTACT_REPLY_MAX_LENGTH = 5000;
export const CONTACT_CLOSE_NOTE_MAX_LENGTH = 500;

/** `OPEN` is any status but `CLOSED`. */
export type ContactInboxStatusFilter = ContactMessageStatus | 'OPEN';

export interface ContactInboxQuery {
  page?: number;
  pageSize?: number;
  status?: ContactInboxStatusFilter;
  /** `me`, `none` (nobody holds it) or a staff member's id. */
  assignee?: string;
  tenant?: TenantId;
  /** Part of the sender's name or email, or a whole reference number. */
  q?: string;
}

export interface ContactStaffMember {
  id: string;
  name: string;
}

export interface ContactInboxItem {
  id: string;
  referenceNo: string;
  tenant: TenantId;
  name: string | null;
  email: string;
  language: Language;
  /** The start of the message, for the list. */
  excerpt: string;
  status: ContactMessageStatus;
  assignee: ContactStaffMember | null;
  replies: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactInboxPage extends Page<ContactInboxItem> {
  /** Staff who may be given a message (customer service and admins, not disabled). */
  assignees: ContactStaffMember[];
}

export interface ContactReply {
  id: string;
  body: string;
  /** The language it was emailed in: the sender's. */
  language: Language;
  author: ContactStaffMember | null;
  createdAt: string;
  /** When the email left; null when sending failed (the reply may be sent again). */
  emailedAt: string | null;
}

export interface ContactMessageDetail extends Omit<ContactInboxItem, 'excerpt' | 'replies'> {
  comments: string;
  /** Changes with every step: a step names the version it was taken on. */
  version: number;
  closedAt: string | null;
  replies: ContactReply[];
  assignees: ContactStaffMember[];
  /** What the message's status lets staff do now. */
  actions: { assign: boolean; answer: boolean; close: boolean };
}

export interface ContactAssignRequest {
  version: number;
  staffId: string;
}

export interface ContactAnswerRequest {
  version: number;
  /** Sent to the sender in their language as written; 1 to 5000 characters. */
  body: string;
}

export interface ContactCloseRequest {
  version: number;
  /** Why, for the audit log; at most 500 characters. */
  note?: string;
}
