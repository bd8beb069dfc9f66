import {
  ATTESTATION_PATHS,
  type AttestationLanguage,
  type AttestationOption,
  type AttestationSlotView,
  type AttestationView,
  type ExplainBackAnswer,
} from '@lending/contracts';
import { api, session } from '@lending/platform';

/** The applicant's attestation calls, through the one API client (tokens, refresh, tenant). */
export const attestationApi = {
  mine: async () => (await api.core.get<AttestationView>(ATTESTATION_PATHS.mine)).data,
  choose: async (agreementId: string, option: AttestationOption) =>
    (await api.core.post<AttestationView>(ATTESTATION_PATHS.option(agreementId), { option })).data,
  videoStarted: async (agreementId: string) =>
    (
      await api.core.post<{ viewingId: string; durationMs: number }>(
        ATTESTATION_PATHS.videoStarted(agreementId),
      )
    ).data,
  videoEnded: async (agreementId: string, viewingId: string) =>
    (
      await api.core.post<AttestationView>(ATTESTATION_PATHS.videoEnded(agreementId), {
        viewingId,
      })
    ).data,
  check: async (agreementId: string, answers: ExplainBackAnswer[]) =>
    (await api.core.post<AttestationView>(ATTESTATION_PATHS.check(agreementId), { answers })).data,
  slots: async (agreementId: string) =>
    (await api.core.get<AttestationSlotView[]>(ATTESTATION_PATHS.slots(agreementId))).data,
  book: async (agreementId: string, slotId: string, reschedule: boolean) =>
    (
      await (reschedule ? api.core.put : api.core.post)<AttestationView>(
        ATTESTATION_PATHS.booking(agreementId),
        { slotId },
      )
    ).data,
  cancel: async (agreementId: string) =>
    (await api.core.delete<AttestationView>(ATTESTATION_PATHS.booking(agreementId))).data,
};

/** The video element cannot send headers: the access token travels in the query, as for files. */
export function videoSource(language: AttestationLanguage): string {
  const token = session.current.accessToken;
  const query = new URLSearchParams({ take: '1', language });
  if (token) query.set('token', token);
  return `${ATTESTATION_PATHS.video}?${query.toString()}`;
}

export const attestationKey = (userId: string) => ['attestation', userId] as const;
