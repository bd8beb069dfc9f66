import {
  RECONCILIATION_PATHS,
  type ReconciliationProposal,
  type ReconciliationRunRequest,
  type ReconciliationRunsResponse,
  type ReconciliationRunView,
  type TenantId,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** Settlement reconciliation's calls, through the one staff API client. */
export const reconciliationApi = {
  start: async (request: ReconciliationRunRequest) =>
    (await api.admin.post<ReconciliationRunView>(RECONCILIATION_PATHS.runs, request)).data,
  runs: async (tenant: TenantId) =>
    (
      await api.admin.get<ReconciliationRunsResponse>(RECONCILIATION_PATHS.runs, {
        params: { tenant },
      })
    ).data,
  run: async (runId: string) =>
    (await api.admin.get<ReconciliationRunView>(RECONCILIATION_PATHS.run(runId))).data,
  propose: async (lineId: string, proposal: ReconciliationProposal) =>
    (await api.admin.post<ReconciliationRunView>(RECONCILIATION_PATHS.propose(lineId), proposal))
      .data,
  confirm: async (lineId: string) =>
    (await api.admin.post<ReconciliationRunView>(RECONCILIATION_PATHS.confirm(lineId), {})).data,
};
