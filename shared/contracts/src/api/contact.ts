import type { Language } from '../events';

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
  /** ISO 8601 time the message was stored. */
  createdAt: string;
}

/** Messages one client (address) may send in ten minutes before the API answers 429; the API
 *  reads another number from CONTACT_RATE_LIMIT. */
export const CONTACT_RATE_LIMIT_DEFAULT = 20;
