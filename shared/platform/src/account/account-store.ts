import { isApplicationStatus, isBlockedFromNewLoan } from '@lending/domain';
import { BehaviorSubject, type Observable } from 'rxjs';

export interface AccountSummary {
  user: {
    id: string;
    firstName: string;
    /** Set after a rejection or a ban: no new application before this time (ISO). */
    allowToApplyNewLoanAfterDateTime?: string | null;
    /** Why the user waits: a rejection's wait or a temporary ban (known once the loan status
     *  has been read). */
    newLoanBlockKind?: 'REJECTION' | 'TEMPORARY_BAN' | null;
  } | null;
  application?: { id: string; status: string } | null;
  agreement: { id: string; signDate: string | null } | null;
}

const EMPTY: AccountSummary = { user: null, application: null, agreement: null };

/**
 * A rejected or temporarily banned applicant may not start again before
 * `allowToApplyNewLoanAfterDateTime`; every route sends them to /not-allow-new-loan until then
 * (spec section 4). A loan still in progress (submitted, approved) keeps its own screens: the
 * block is about new applications, as the home card's state says (`isBlockedFromNewLoan`).
 */
export function blockedUntil(account: AccountSummary, now: Date): string | null {
  const until = account.user?.allowToApplyNewLoanAfterDateTime;
  if (!until) return null;
  const status = account.application?.status;
  const blocked = isBlockedFromNewLoan({
    user: {
      allowToApplyNewLoanAfterDateTime: until,
      temporarilyBanned: account.user?.newLoanBlockKind === 'TEMPORARY_BAN',
    },
    application: status && isApplicationStatus(status) ? { status } : null,
    agreement: null,
    account: null,
    now,
  });
  return blocked ? until : null;
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

/** What a page rendered ahead of time knows of the account: nothing (see SIGNED_OUT). */
export const NO_ACCOUNT: AccountSummary = EMPTY;
