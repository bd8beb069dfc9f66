import type { CollectionStage } from '../status/collection-stage';
import type { IsoDate } from '../time/calendar-date';
import { addDays, compareDates } from '../time/calendar-date';

/** Buckets of days past due a case is worked by; where each starts is a product setting. */
export const CASE_BUCKETS = ['EARLY', 'MIDDLE', 'LATE', 'SEVERE'] as const;
export type CaseBucket = (typeof CASE_BUCKETS)[number];

/** The first day past due of each bucket after EARLY (which starts on day 1). */
export interface CaseBucketStarts {
  MIDDLE: number;
  LATE: number;
  SEVERE: number;
}

export const DEFAULT_CASE_BUCKET_STARTS: Readonly<CaseBucketStarts> = {
  MIDDLE: 8,
  LATE: 29,
  SEVERE: 61,
};

export function isValidCaseBucketStarts(starts: CaseBucketStarts): boolean {
  const days = [starts.MIDDLE, starts.LATE, starts.SEVERE];
  return (
    days.every((day) => Number.isSafeInteger(day) && day >= 2 && day <= 365) &&
    days[0]! < days[1]! &&
    days[1]! < days[2]!
  );
}

/** The bucket of an account `daysPastDue` days behind; null when nothing is overdue. */
export function caseBucket(daysPastDue: number, starts: CaseBucketStarts): CaseBucket | null {
  if (daysPastDue <= 0) return null;
  if (daysPastDue >= starts.SEVERE) return 'SEVERE';
  if (daysPastDue >= starts.LATE) return 'LATE';
  if (daysPastDue >= starts.MIDDLE) return 'MIDDLE';
  return 'EARLY';
}

export const CASE_ACTIONS = [
  'SEND_MESSAGE',
  'CALL',
  'ISSUE_DEFAULT_NOTICE',
  'PROPOSE_TERMINATION',
  'AWAIT_PROMISE',
] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

/**
 * The case's next action and its date, as the daily job reads it: wait for a promise standing;
 * once a default notice ran its course, terminate; ready for default, issue the notice; else a
 * message in the early bucket and a call later, the day after the last contact (or today).
 */
export function nextCaseAction(input: {
  stage: CollectionStage;
  bucket: CaseBucket | null;
  asOf: IsoDate;
  openPromiseFor: IsoDate | null;
  terminationFrom: IsoDate | null;
  lastContactOn: IsoDate | null;
}): { action: CaseAction; on: IsoDate } | null {
  const { asOf } = input;
  if (input.stage === 'CURRENT' || input.bucket === null) return null;
  if (input.openPromiseFor)
    return { action: 'AWAIT_PROMISE', on: addDays(input.openPromiseFor, 1) };
  if (input.stage === 'DEFAULT_NOTICE_ISSUED') {
    const from = input.terminationFrom ?? asOf;
    return { action: 'PROPOSE_TERMINATION', on: compareDates(from, asOf) > 0 ? from : asOf };
  }
  if (input.stage === 'READY_FOR_DEFAULT') return { action: 'ISSUE_DEFAULT_NOTICE', on: asOf };
  const next = input.lastContactOn ? addDays(input.lastContactOn, 1) : asOf;
  return {
    action: input.bucket === 'EARLY' ? 'SEND_MESSAGE' : 'CALL',
    on: compareDates(next, asOf) > 0 ? next : asOf,
  };
}
