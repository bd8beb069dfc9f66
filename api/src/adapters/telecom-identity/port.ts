// The telecom partner's identity service: its customers sign in to the redcash tenant with the
// account they hold at the telecom (their line's number, the callerId, and the telecom's
// password), or with the telecom's customer-portal login. The telecom answers who the subscriber
// is: the NRIC the line was registered with (SIM registration in Malaysia is by identity card),
// prepaid or postpaid, and how many completed months the line has been on postpaid. Our platform
// never keeps the telecom's passwords.

export type TelecomAccountType = 'PREPAID' | 'POSTPAID';

export interface TelecomSubscriber {
  /** E.164, e.g. `+60111000001`. */
  callerId: string;
  /** The subscriber's name as the telecom registered it. */
  name: string;
  /** Twelve digits, no separators. */
  nric: string;
  accountType: TelecomAccountType;
  /** Completed months on postpaid; null for a prepaid line. */
  postpaidTenureMonths: number | null;
}

/** The service could not answer (down, timed out): neither a yes nor a no. */
export class TelecomIdentityUnavailable extends Error {
  constructor(message = 'The telecom identity service could not be reached') {
    super(message);
    this.name = 'TelecomIdentityUnavailable';
  }
}

export interface TelecomIdentity {
  readonly name: string;
  /** The subscriber when the line exists, is active and the password is its own; null otherwise.
   *  Throws `TelecomIdentityUnavailable` when it cannot tell. */
  authenticate(callerId: string, password: string): Promise<TelecomSubscriber | null>;
  /** The same with the telecom's customer-portal login (email and portal password). */
  authenticatePortal(email: string, password: string): Promise<TelecomSubscriber | null>;
  /** The active line's subscriber, without a password: only for a line the caller already
   *  proved (the redOne token). */
  subscriberOf(callerId: string): Promise<TelecomSubscriber | null>;
  /** Asks the telecom to reset the line's password; the telecom texts the new one to the line
   *  itself. False when the number is not an active line of the telecom's. */
  resetPassword(callerId: string): Promise<boolean>;
}
