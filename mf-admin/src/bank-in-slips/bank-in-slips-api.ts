import {
  BANK_IN_SLIP_PATHS,
  type RejectBankInSlipBody,
  type StaffBankInSlipsResponse,
  type StaffBankInSlipView,
} from '@lending/contracts';
import { api } from '@lending/platform';

export type SlipQueueStatus = 'OPEN' | 'ALL';

/** The back office's bank-in slip calls, through the one staff API client. */
export const slipAdminApi = {
  list: async (status: SlipQueueStatus) =>
    (
      await api.admin.get<StaffBankInSlipsResponse>(BANK_IN_SLIP_PATHS.queue, {
        params: { status },
      })
    ).data,
  /** The slip itself: the request carries the staff token, which a plain link could not. */
  file: async (slipId: string) =>
    (await api.admin.get<Blob>(BANK_IN_SLIP_PATHS.file(slipId), { responseType: 'blob' })).data,
  approve: async (slipId: string) =>
    (await api.admin.post<StaffBankInSlipView>(BANK_IN_SLIP_PATHS.approve(slipId))).data,
  reject: async (slipId: string, body: RejectBankInSlipBody) =>
    (await api.admin.post<StaffBankInSlipView>(BANK_IN_SLIP_PATHS.reject(slipId), body)).data,
};
