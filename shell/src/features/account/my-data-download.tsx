import { EVIDENCE_PATHS } from '@lending/contracts';
import { api, errorMessage, saveFile, useT } from '@lending/platform';
import { Button, ErrorNotice, Heading, Stack, SuccessNotice, Text } from '@lending/ui';
import { useState } from 'react';

/**
 * "Your data" (PDPA access request): the signed-in person downloads what the lender keeps about
 * them, as JSON inside a ZIP, without writing in. The API answers only for the caller's own
 * account and records each download.
 */
export function MyDataDownload() {
  const { t } = useT('shell');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const run = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const response = await api.core.get<Blob>(EVIDENCE_PATHS.myData, { responseType: 'blob' });
      const disposition = String(response.headers['content-disposition'] ?? '');
      const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'personal-data.zip';
      saveFile(response.data, fileName);
      setNotice({ tone: 'success', text: t('profile.dataDone') });
    } catch (error) {
      setNotice({ tone: 'error', text: t('profile.dataFailed', { message: errorMessage(error) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={3} as="section" aria-labelledby="my-data-heading" data-testid="my-data">
      <Heading as="h2" size="md" id="my-data-heading">
        {t('profile.dataHeading')}
      </Heading>
      <Text fontSize="sm">{t('profile.dataIntro')}</Text>
      <Button
        variant="outline"
        alignSelf="flex-start"
        loading={busy}
        loadingText={t('profile.dataBusy')}
        onClick={() => void run()}
      >
        {t('profile.dataDownload')}
      </Button>
      {notice?.tone === 'success' ? <SuccessNotice title={notice.text} /> : null}
      {notice?.tone === 'error' ? <ErrorNotice title={notice.text} /> : null}
    </Stack>
  );
}
