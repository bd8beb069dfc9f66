import {
  BUSINESS_DATE_PATHS,
  type BusinessDateView,
  type CloseOfBusinessStarted,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The business date page's calls, through the one staff API client. */
export const businessDateApi = {
  view: async () => (await api.admin.get<BusinessDateView>(BUSINESS_DATE_PATHS.view)).data,
  move: async (businessDate: string) =>
    (await api.admin.put<BusinessDateView>(BUSINESS_DATE_PATHS.move, { businessDate })).data,
  closeOfBusiness: async () =>
    (await api.admin.post<CloseOfBusinessStarted>(BUSINESS_DATE_PATHS.closeOfBusiness, {})).data,
};
