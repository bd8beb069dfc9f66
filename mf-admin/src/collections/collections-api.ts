import {
  COLLECTION_PATHS,
  type CollectionAccountDetail,
  type CollectionAccountsResponse,
  type CollectionStageValue,
} from '@lending/contracts';
import { api, saveFile } from '@lending/platform';

/** The back office's collection calls, through the one staff API client. */
export const collectionsAdminApi = {
  accounts: async (stage?: CollectionStageValue) =>
    (
      await api.admin.get<CollectionAccountsResponse>(
        stage ? `${COLLECTION_PATHS.accounts}?stage=${stage}` : COLLECTION_PATHS.accounts,
      )
    ).data,
  account: async (agreementId: string) =>
    (await api.admin.get<CollectionAccountDetail>(COLLECTION_PATHS.account(agreementId))).data,
  issueDefaultNotice: async (agreementId: string, warningDays: number) =>
    (
      await api.admin.post<CollectionAccountDetail>(COLLECTION_PATHS.defaultNotice(agreementId), {
        warningDays,
      })
    ).data,
  /** The letter's PDF, fetched with the staff token (a plain link could not carry it). */
  async downloadLetter(letterId: string): Promise<void> {
    const response = await api.admin.get<Blob>(COLLECTION_PATHS.staffLetter(letterId), {
      responseType: 'blob',
    });
    const disposition = String(response.headers['content-disposition'] ?? '');
    saveFile(response.data, /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'letter.pdf');
  },
};

/** The least and most days a default notice gives; the server holds the same bounds. */
export const WARNING_DAYS = { min: 14, max: 90 } as const;

/** Whether the typed warning is a whole number of days the law and the product allow. */
export function warningDaysProblem(text: string): 'notWhole' | 'outOfRange' | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return 'notWhole';
  const days = Number(text.trim());
  return days < WARNING_DAYS.min || days > WARNING_DAYS.max ? 'outOfRange' : null;
}
