import {
  DISBURSEMENT_PATHS,
  type DisbursementDetail,
  type DisbursementQueue,
  type RecordPayoutRequest,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The back office's disbursement calls, through the one staff API client. */
export const disbursementAdminApi = {
  queue: async () => (await api.admin.get<DisbursementQueue>(DISBURSEMENT_PATHS.queue)).data,
  detail: async (agreementId: string) =>
    (await api.admin.get<DisbursementDetail>(DISBURSEMENT_PATHS.detail(agreementId))).data,
  record: async (agreementId: string, body: RecordPayoutRequest) =>
    (await api.admin.post<DisbursementDetail>(DISBURSEMENT_PATHS.record(agreementId), body)).data,
  confirm: async (agreementId: string, payoutId: string) =>
    (
      await api.admin.post<DisbursementDetail>(DISBURSEMENT_PATHS.confirm(agreementId), {
        payoutId,
      })
    ).data,
};

/** What the record form refuses before asking the server, as the server would. */
export function recordProblems(values: {
  bankId: string;
  accountName: string;
  accountNumber: string;
}): ('bankRequired' | 'accountNameRequired' | 'accountNumberInvalid')[] {
  const problems: ('bankRequired' | 'accountNameRequired' | 'accountNumberInvalid')[] = [];
  if (!values.bankId) problems.push('bankRequired');
  if (!values.accountName.trim()) problems.push('accountNameRequired');
  if (!/^\d{6,20}$/.test(values.accountNumber.replace(/[\s-]/g, ''))) {
    problems.push('accountNumberInvalid');
  }
  return problems;
}
