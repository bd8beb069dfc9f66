export const NOT_MOVABLE =
  'The business date follows Malaysia time here: only a sandbox or staging may move it';
export const ONLY_FORWARD = 'The business date moves forward only: give a date after {current}';
export const TOO_FAR = 'Move the business date at most {days} days at a time';
export const COB_BUSY = 'Close of business is already running; wait for it to finish';
