import type { Language, StaffRef } from '@lending/contracts';
import { dayText, momentText } from '@lending/platform';

/** A moment as staff in Malaysia read it: date and time, Malaysia time. */
export function dateTimeText(iso: string, language: Language): string {
  return momentText(iso, language);
}

/** The day of a moment, Malaysia time. */
export function dateText(iso: string, language: Language): string {
  return dayText(iso, language);
}

/** A staff member by name, with the email when the name is the email (accounts made early). */
export function staffText(staff: StaffRef | null): string | null {
  if (!staff) return null;
  return staff.name === staff.email ? staff.email : `${staff.name} (${staff.email})`;
}

/** Who an actor reference (`user:…`, `staff:…`, `system:…`) names, for people to read. */
export function actorKind(actor: string | null): 'applicant' | 'staff' | 'system' | 'unknown' {
  if (!actor) return 'unknown';
  if (actor.startsWith('user:')) return 'applicant';
  if (actor.startsWith('staff:')) return 'staff';
  if (actor.startsWith('system:')) return 'system';
  return 'unknown';
}
