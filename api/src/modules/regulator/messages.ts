// What the regulator module says to staff, in the API's language (English; the back office
// shows its own bilingual text around it, and translates each bad row's problem itself).
export const IDEAL_EXPORT_REFUSED =
  'The return cannot be exported: some loans have a value missing or outside the regulator’s list. Correct the accounts listed and export again.';
export const PERIOD_INVALID = 'Give a period of two dates, the start not after the end';
export const PERIOD_NOT_ENDED = 'The period must end today or earlier';
