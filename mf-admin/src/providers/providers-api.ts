import { PROVIDER_PATHS, type ProvidersView } from '@lending/contracts';
import { api } from '@lending/platform';

/** The providers page's call, through the one staff API client. */
export const providersApi = {
  list: async () => (await api.admin.get<ProvidersView>(PROVIDER_PATHS.list)).data,
};
