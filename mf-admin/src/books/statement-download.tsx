import type { StatementLanguage } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Button, Stack, Text } from '@lending/ui';
import { useState } from 'react';

import { booksApi, saveFile } from './books-api';

/** Downloads an agreement's statement of account in English or Bahasa Melayu. */
export function StatementDownload({
  agreementId,
  agreementNo,
}: {
  agreementId: string;
  agreementNo: string;
}) {
  const { t } = useT('admin-books');
  const [busy, setBusy] = useState<StatementLanguage | null>(null);
  const [failed, setFailed] = useState(false);
  async function download(language: StatementLanguage) {
    setBusy(language);
    setFailed(false);
    try {
      saveFile(
        await booksApi.statement(agreementId, language),
        `statement-${agreementNo}-${language}.pdf`,
      );
    } catch {
      // A blob answer carries no readable reason: say what happened in words.
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack gap={1}>
      <Stack direction="row" gap={2} wrap="wrap">
        {(['en', 'bm'] as const).map((language) => (
          <Button
            key={language}
            size="sm"
            variant="outline"
            loading={busy === language}
            loadingText={t('statements.downloading')}
            disabled={busy !== null && busy !== language}
            aria-label={t(`statements.downloadLabel.${language}`, { agreementNo })}
            onClick={() => void download(language)}
          >
            {t(`statements.download.${language}`)}
          </Button>
        ))}
      </Stack>
      {failed ? (
        <Text role="alert" fontSize="sm" color="red.700">
          {t('statements.downloadFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}
