import { BehaviorSubject, type Observable } from 'rxjs';

export interface AccountSummary {
  user: {
    id: string;
    firstName: string;
    /** Set after a rejection or a ban: no new application before this time (ISO). */
    allowToApplyNewLoanAfterDateTime?: string | null;
  } | null;
  application?: { id: string; status: string } | null;
  agreement: { id: string; signDate: string | null } | null;
}

const EMPTY: AccountSummary = { user: null, application: null, agreement: null };

/** A rejected applicant may not start again before `allowToApplyNewLoanAfterDateTime`; every
 *  route sends them to /not-allow-new-loan until then (spec section 4). */
export function blockedUntil(account: AccountSummary, now: Date): string | null {
  const until = account.user?.allowToApplyNewLoanAfterDateTime;
  if (!until || account.application?.status !== 'REJECTED') return null;
  return new Date(until).getTime() > now.getTime() ? until : null;
}

/** What the layout needs to know about the signed-in person (their name, whether an agreement
 *  exists and is signed), loaded after sign-in and shared by every root. */
class AccountStore {
  private readonly state$ = new BehaviorSubject<AccountSummary>(EMPTY);

  get current(): AccountSummary {
    return this.state$.value;
  }

  get changes(): Observable<AccountSummary> {
    return this.state$.asObservable();
  }

  set(summary: AccountSummary): void {
    this.state$.next(summary);
  }

  clear(): void {
    this.state$.next(EMPTY);
  }
}

export const accountStore = new AccountStore();
