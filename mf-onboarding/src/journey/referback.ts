import type { Application, ReferredItem } from '@lending/contracts';
import { isEditableApplicationStatus } from '@lending/domain';

/** A referral back as the forms use it: not one, still loading, or the items to fix (null when
 *  the lender left no list, which restricts nothing). */
export type Referback =
  { status: 'none' } | { status: 'loading' } | { status: 'ready'; items: ReferredItem[] | null };

export function referbackOf(
  application: Application | null,
  items: ReferredItem[] | null | undefined,
  failed = false,
): Referback {
  if (application?.status !== 'REFERBACK') return { status: 'none' };
  if (items === undefined) return failed ? { status: 'ready', items: null } : { status: 'loading' };
  return { status: 'ready', items };
}

export interface ReferredPart {
  kind: 'section' | 'document';
  /** A section name, `loan`, or a document file type. */
  target: string;
}

/** The items of the referral back about one part of the application. */
export function referredItems(referback: Referback, part: ReferredPart): ReferredItem[] {
  if (referback.status !== 'ready' || !referback.items) return [];
  return referback.items.filter((item) => item.kind === part.kind && item.target === part.target);
}

/**
 * Whether the applicant may change this part now: a draft may change anything; a referred-back
 * application only what the lender listed (the server holds the same rule); a submitted one
 * nothing.
 */
export function mayChange(application: Application, referback: Referback, part: ReferredPart) {
  if (!isEditableApplicationStatus(application.status)) return false;
  if (application.status !== 'REFERBACK') return true;
  if (referback.status !== 'ready') return false;
  return referback.items === null || referredItems(referback, part).length > 0;
}
