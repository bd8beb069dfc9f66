import type { StatementLanguage } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Button, Stack, Text } from '@lending/ui';
import { useState } from 'react';

export type StatementDownload = (language: StatementLanguage) => Promise<void>;

/** The statement of account of the loan, in English or Bahasa Melayu, made on request. */
export function StatementDownloads({
  agreementNo,
  download,
}: {
  agreementNo: string;
  download: StatementDownload;
}) {
  const { t } = useT('mf-repayment');
  const [busy, setBusy] = useState<StatementLanguage | null>(null);
  const [failed, setFailed] = useState(false);
  async function fetchOne(language: StatementLanguage) {
    setBusy(language);
    setFailed(false);
    try {
      await download(language);
    } catch {
      // A blob answer carries no readable reason: the page says what happened in words.
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack gap={2} as="section" aria-label={t('history.statement.title')}>
      <Text fontWeight="semibold">{t('history.statement.title')}</Text>
      <Text fontSize="sm" color="gray.700">
        {t('history.statement.intro', { agreementNo })}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap={2}>
        {(['en', 'bm'] as const).map((language) => (
          <Button
            key={language}
            size="sm"
            variant="outline"
            loading={busy === language}
            loadingText={t('history.downloading')}
            disabled={busy !== null && busy !== language}
            onClick={() => void fetchOne(language)}
          >
            {t(`history.statement.${language}`)}
          </Button>
        ))}
      </Stack>
      {failed ? (
        <Text role="alert" fontSize="sm" color="red.700">
          {t('history.statement.failed')}
        </Text>
      ) : null}
    </Stack>
  );
}
