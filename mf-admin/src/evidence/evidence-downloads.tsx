import { EVIDENCE_ROLES } from '@lending/contracts';
import { errorMessage, registerTranslations, saveFile, useSession, useT } from '@lending/platform';
import { Button, ErrorNotice, Flex, Stack, SuccessNotice, Text } from '@lending/ui';
import { useState } from 'react';

import { staffIdentity } from '../app/staff-session';
import { exportFailure } from '../audit/audit-api';
import en from '../locales/en/admin-evidence.json';
import ms from '../locales/ms/admin-evidence.json';
import { evidenceApi } from './evidence-api';

registerTranslations('admin-evidence', { en, ms });

type Kind = 'pack' | 'userData';

/**
 * The case file's downloads for an auditor and for a person's data request: the evidence pack of
 * the application and its agreement, and the applicant's own data. Admins only (the API refuses
 * anyone else too); every download is recorded in the audit log, which the hint says.
 */
export function EvidenceDownloads(props: { applicationId: string; userId: string }) {
  const { t } = useT('admin-evidence');
  const { staffAccessToken } = useSession();
  const [busy, setBusy] = useState<Kind | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const roles = staffIdentity(staffAccessToken)?.roles ?? [];
  if (!roles.some((role) => EVIDENCE_ROLES.includes(role))) return null;

  const run = async (kind: Kind) => {
    setBusy(kind);
    setNotice(null);
    try {
      const file =
        kind === 'pack'
          ? await evidenceApi.pack(props.applicationId)
          : await evidenceApi.userData(props.userId);
      saveFile(file.blob, file.fileName);
      setNotice({ tone: 'success', text: t('done', { file: file.fileName }) });
    } catch (error) {
      const failure = await exportFailure(error);
      setNotice({
        tone: 'error',
        text: t('failed', { message: failure.message ?? errorMessage(error) }),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap={2} mb={6} data-testid="evidence-downloads">
      <Flex gap={3} align="center" wrap="wrap">
        <Button
          variant="outline"
          loading={busy === 'pack'}
          loadingText={t('busy')}
          disabled={busy !== null}
          onClick={() => void run('pack')}
          aria-describedby="evidence-hint"
        >
          {t('pack')}
        </Button>
        <Button
          variant="outline"
          loading={busy === 'userData'}
          loadingText={t('busy')}
          disabled={busy !== null}
          onClick={() => void run('userData')}
          aria-describedby="evidence-hint"
        >
          {t('userData')}
        </Button>
      </Flex>
      <Text id="evidence-hint" fontSize="sm" color="gray.600">
        {t('hint')}
      </Text>
      {notice?.tone === 'success' ? <SuccessNotice title={notice.text} /> : null}
      {notice?.tone === 'error' ? <ErrorNotice title={notice.text} /> : null}
    </Stack>
  );
}
