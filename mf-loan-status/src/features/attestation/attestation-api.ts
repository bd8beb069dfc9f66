import {
  ATTESTATION_PATHS,
  type AttestationLanguage,
  type AttestationOption,
  type AttestationSlotView,
  type AttestationView,
  type ExplainBackAnswer,
  type FileLink,
} from '@lending/contracts';
import { api } from '@lending/platform';

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

/** The video element cannot send headers: it streams by a short-lived link made for the video
 *  in this language (never the access token, which would open everything from an address). */
export async function videoSource(language: AttestationLanguage): Promise<string> {
  return (await api.core.post<FileLink>(ATTESTATION_PATHS.videoLink, { language })).data.url;
}

export const attestationKey = (userId: string) => ['attestation', userId] as const;
