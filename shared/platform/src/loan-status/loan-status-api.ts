import {
  type HomeLoanStatusResponse,
  LOAN_HISTORY_DEFAULTS,
  LOAN_STATUS_PATHS,
  type LoanHistoryDetail,
  type LoanHistoryPage,
  type LoanStatusCheckResponse,
} from '@lending/contracts';

import { api } from '../api/api-client';

/** What the applicant reads of their loans after submitting (home card, history, status check). */
export const loanStatusApi = {
  async home(): Promise<HomeLoanStatusResponse> {
    return (await api.core.get<HomeLoanStatusResponse>(LOAN_STATUS_PATHS.home)).data;
  },
  async history(
    page: number = LOAN_HISTORY_DEFAULTS.page,
    size: number = LOAN_HISTORY_DEFAULTS.size,
  ): Promise<LoanHistoryPage> {
    return (
      await api.core.get<LoanHistoryPage>(LOAN_STATUS_PATHS.history, { params: { page, size } })
    ).data;
  },
  async historyItem(applicationId: string): Promise<LoanHistoryDetail> {
    return (await api.core.get<LoanHistoryDetail>(LOAN_STATUS_PATHS.historyItem(applicationId)))
      .data;
  },
  async check(referenceNo: string): Promise<LoanStatusCheckResponse> {
    return (
      await api.core.get<LoanStatusCheckResponse>(LOAN_STATUS_PATHS.check, {
        params: { referenceNo },
      })
    ).data;
  },
};
