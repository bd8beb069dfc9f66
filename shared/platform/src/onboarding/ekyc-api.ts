import {
  EKYC_PATHS,
  type EkycSession,
  type EkycStartRequest,
  type EkycStartResponse,
} from '@lending/contracts';

import { api } from '../api/api-client';

/** Identity verification: a capture link for the phone, its progress, and confirming it. */
export const ekycApi = {
  async start(request: EkycStartRequest): Promise<EkycStartResponse> {
    return (await api.core.post<EkycStartResponse>(EKYC_PATHS.start, request)).data;
  },
  async session(sessionId: string): Promise<EkycSession> {
    return (await api.core.get<EkycSession>(EKYC_PATHS.session(sessionId))).data;
  },
  async confirm(sessionId: string): Promise<EkycSession> {
    return (await api.core.post<EkycSession>(EKYC_PATHS.confirm(sessionId), {})).data;
  },
};
