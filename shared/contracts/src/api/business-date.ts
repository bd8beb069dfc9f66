/**
 * The business date page (`/admin/business-date`, admins): the date the books stand at, the days
 * close of business closed (a report each), and close of business on demand with its progress.
 * In a sandbox an admin moves the business date forward (never back); production follows
 * Malaysia's date and refuses to move it.
 */
export const BUSINESS_DATE_PATHS = {
  view: '/api/admin/business-date',
  move: '/api/admin/business-date',
  closeOfBusiness: '/api/admin/business-date/close-of-business',
} as const;

export interface BusinessDayJobReport {
  name: string;
  outcome: 'completed' | 'failed';
  /** What the job did that day (accounts, late charge days, reminders...). */
  counts: Record<string, number>;
  durationMs: number;
}

export interface BusinessDayReport {
  businessDate: string;
  status: 'RUNNING' | 'CLOSED' | 'FAILED';
  startedAt: string;
  finishedAt: string | null;
  /** `system:close-of-business` for the schedule, `staff:<id>` for an admin's request. */
  startedBy: string;
  loans: number;
  failures: number;
  jobs: BusinessDayJobReport[];
}

export interface CloseOfBusinessProgressView {
  running: boolean;
  from: string | null;
  to: string | null;
  daysTotal: number;
  daysClosed: number;
  day: string | null;
  /** The loans the run brought up to date (each once, however many days it closed). */
  loans: number;
  failures: number;
}

export interface BusinessDateView {
  businessDate: string;
  /** Malaysia's date today, which production's business date is. */
  malaysiaDate: string;
  /** Whether this deployment lets an admin move the business date (sandbox, staging). */
  movable: boolean;
  lastClosed: string | null;
  progress: CloseOfBusinessProgressView;
  /** The latest days closed, the latest first. */
  days: BusinessDayReport[];
}

export interface MoveBusinessDateRequest {
  /** The new business date, `YYYY-MM-DD`, after the current one. */
  businessDate: string;
}

export interface CloseOfBusinessStarted {
  /** The days this run set out to close; null when none was due. */
  from: string | null;
  to: string | null;
}
