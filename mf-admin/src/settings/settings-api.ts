import { SETTINGS_PATHS, type SettingsVersion } from '@lending/contracts';
import type { ProductSettings } from '@lending/domain';
import { api } from '@lending/platform';

export const settingsApi = {
  current: async () => (await api.admin.get<SettingsVersion>(SETTINGS_PATHS.current)).data,
  version: async (version: number) =>
    (await api.admin.get<SettingsVersion>(SETTINGS_PATHS.version(version))).data,
  save: async (settings: ProductSettings) =>
    (await api.admin.put<SettingsVersion>(SETTINGS_PATHS.current, settings)).data,
};
