import { registerTranslations, useSession, useT } from '@lending/platform';
import { loadStatusOf, queryClient, useServerQuery } from '@lending/platform/query';
import { Box, LoadStatus, PageFrame, Stack } from '@lending/ui';
import { useState } from 'react';

import { staffIdentity } from '../app/staff-session';
import { Select } from '../decisions/controls';
import { adminKeys } from '../decisions/decisions-api';
import en from '../locales/en/admin-settings.json';
import ms from '../locales/ms/admin-settings.json';
import { settingsApi } from './settings-api';
import { SettingsForm } from './settings-form';

registerTranslations('admin-settings', { en, ms });

/** An older version, read only: what an offer made under it was priced with. */
function OlderVersion({ version }: { version: number }) {
  const { t } = useT('admin-settings');
  const older = useServerQuery({
    queryKey: [...adminKeys.settings(), 'version', version],
    queryFn: () => settingsApi.version(version),
  });
  if (!older.data) return <LoadStatus {...loadStatusOf(older)} errorTitle={t('loadFailed')} />;
  return (
    <SettingsForm
      key={`version-${version}`}
      settings={older.data.settings}
      editable={false}
      onSave={() => Promise.resolve()}
      onReload={() => undefined}
    />
  );
}

/** `/admin/settings`: an ADMIN edits the product settings; other staff read them. */
export function SettingsPage() {
  const { t } = useT('admin-settings');
  const { staffAccessToken } = useSession();
  const editable = staffIdentity(staffAccessToken)?.roles.includes('ADMIN') ?? false;
  const current = useServerQuery({
    queryKey: adminKeys.settings(),
    queryFn: settingsApi.current,
  });
  const [viewing, setViewing] = useState('');
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const title = t('mf-admin:screens.settings.title');
  if (!current.data) {
    return (
      <PageFrame title={title}>
        <LoadStatus
          {...loadStatusOf(current)}
          loadingLabel={t('loading')}
          errorTitle={t('loadFailed')}
        />
      </PageFrame>
    );
  }
  const { settings } = current.data;
  const olderVersions = Array.from({ length: settings.version - 1 }, (_, index) => index + 1);
  return (
    <PageFrame title={title}>
      <Stack gap={6}>
        <SettingsForm
          key={settings.version}
          settings={settings}
          editable={editable}
          saved={savedVersion === settings.version}
          onSave={async (next) => {
            const stored = await settingsApi.save(next);
            setSavedVersion(stored.settings.version);
            queryClient.setQueryData(adminKeys.settings(), stored);
          }}
          onReload={() => void current.refetch()}
        />
        {olderVersions.length > 0 ? (
          <Box>
            <Select
              label={t('older')}
              value={viewing}
              onChange={setViewing}
              placeholder={t('choose')}
              choices={olderVersions.map((version) => ({
                value: String(version),
                label: t('versionLabel', { version }),
              }))}
            />
            {viewing ? <OlderVersion version={Number(viewing)} /> : null}
          </Box>
        ) : null}
      </Stack>
    </PageFrame>
  );
}
