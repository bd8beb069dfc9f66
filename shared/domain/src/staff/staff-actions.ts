import type { StaffRole } from '../decisions/decision-matrix';

/**
 * Why a member of staff may not take an action on a record now. The API answers these with the
 * record, beside the actions it allows, so a screen offers only what the person may do and says
 * why not; the screens word each code in both languages.
 */
export const STAFF_ACTION_REFUSALS = [
  /** The action belongs to other roles (`roles` names them). */
  'roleNotAllowed',
  /** Four eyes: the person who made it may not also check it. */
  'sameStaff',
  /** The record is not at the stage the action is for. */
  'notWaiting',
  /** One is already on its way (a payout recorded, a request proposed). */
  'inProgress',
  /** Nothing waits for this action. */
  'nothingToDecide',
  /** There is nothing the action could apply to (no late charges to waive). */
  'nothingOutstanding',
] as const;
export type StaffActionRefusal = (typeof STAFF_ACTION_REFUSALS)[number];

export type StaffActionVerdict =
  { allowed: true } | { allowed: false; reason: StaffActionRefusal; roles?: StaffRole[] };

export const ALLOWED: StaffActionVerdict = Object.freeze({ allowed: true });

/** A refusal by role when the member holds none of `needed`; null when they hold one. */
export function refusedByRole(
  held: readonly StaffRole[],
  needed: readonly StaffRole[],
): StaffActionVerdict | null {
  return held.some((role) => needed.includes(role))
    ? null
    : { allowed: false, reason: 'roleNotAllowed', roles: [...needed] };
}

/** The first refusal of the checks, in order, or ALLOWED when none refuses. */
export function firstRefusal(
  ...checks: (StaffActionVerdict | StaffActionRefusal | null | false)[]
): StaffActionVerdict {
  for (const check of checks) {
    if (!check) continue;
    if (typeof check === 'string') return { allowed: false, reason: check };
    if (!check.allowed) return check;
  }
  return ALLOWED;
}
