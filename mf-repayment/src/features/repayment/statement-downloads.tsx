import type { StatementLanguage } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Stack, Text } from '@lending/ui';
import { DownloadChoices } from '@lending/ui/screens';

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
  return (
    <Stack gap={2} as="section" aria-label={t('history.statement.title')}>
      <Text fontWeight="semibold">{t('history.statement.title')}</Text>
      <Text fontSize="sm" color="gray.700">
        {t('history.statement.intro', { agreementNo })}
      </Text>
      <DownloadChoices
        choices={(['en', 'bm'] as const).map((language) => ({
          key: language,
          label: t(`history.statement.${language}`),
        }))}
        download={download}
        loadingText={t('history.downloading')}
        failedText={t('history.statement.failed')}
        stackOnPhone
      />
    </Stack>
  );
}
