import {
  type CaseOfficersResponse,
  COLLECTION_PATHS,
  type CollectionWorkView,
  type ContactView,
  type PromiseView,
  type RecordContactRequest,
  type RecordPromiseRequest,
  type TerminationView,
} from '@lending/contracts';
import { isIsoDate, type IsoDate, MAX_PROMISE_DAYS_AHEAD, parseRinggit } from '@lending/domain';
import { api } from '@lending/platform';

/** The collection case's calls, through the one staff API client. */
export const caseWorkApi = {
  work: async (agreementId: string) =>
    (await api.admin.get<CollectionWorkView>(COLLECTION_PATHS.work(agreementId))).data,
  officers: async () =>
    (await api.admin.get<CaseOfficersResponse>(COLLECTION_PATHS.caseOfficers)).data,
  assign: async (agreementId: string, staffId: string) =>
    (
      await api.admin.put<CollectionWorkView>(COLLECTION_PATHS.caseAssignment(agreementId), {
        assignedTo: staffId,
      })
    ).data,
  recordContact: async (agreementId: string, body: RecordContactRequest) =>
    (await api.admin.post<ContactView>(COLLECTION_PATHS.contacts(agreementId), body)).data,
  recordPromise: async (agreementId: string, body: RecordPromiseRequest) =>
    (await api.admin.post<{ items: PromiseView[] }>(COLLECTION_PATHS.promises(agreementId), body))
      .data,
  proposeTermination: async (agreementId: string, reason: string) =>
    (
      await api.admin.post<TerminationView>(COLLECTION_PATHS.proposeTermination(agreementId), {
        reason,
      })
    ).data,
  decideTermination: async (terminationId: string, approve: boolean, note: string) =>
    (
      await api.admin.post<TerminationView>(
        approve
          ? COLLECTION_PATHS.approveTermination(terminationId)
          : COLLECTION_PATHS.rejectTermination(terminationId),
        note.trim() ? { note: note.trim() } : {},
      )
    ).data,
};

export type PromiseProblem = 'amount' | 'date' | 'dateTooFar' | null;

/** The promise form's own check (the server checks again, with what is owed today). */
export function promiseProblem(amount: string, date: string, today: IsoDate): PromiseProblem {
  const parsed = parseRinggit(amount);
  if (!parsed.ok || parsed.sen <= 0) return 'amount';
  if (!isIsoDate(date) || date < today) return 'date';
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + MAX_PROMISE_DAYS_AHEAD);
  return date > last.toISOString().slice(0, 10) ? 'dateTooFar' : null;
}

/** A reason is 5 to 500 characters, as the server asks. */
export function reasonProblem(reason: string): boolean {
  const length = reason.trim().length;
  return length < 5 || length > 500;
}
