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

type LedgerFormat = 'en' | 'bm' | 'csv';

/** Downloads an agreement's borrower ledger (Lampiran A): PDF in either language, or CSV. */
export function LedgerDownload({
  agreementId,
  agreementNo,
}: {
  agreementId: string;
  agreementNo: string;
}) {
  const { t } = useT('admin-books');
  const [busy, setBusy] = useState<LedgerFormat | null>(null);
  const [failed, setFailed] = useState(false);
  async function download(format: LedgerFormat) {
    setBusy(format);
    setFailed(false);
    try {
      saveFile(
        format === 'csv'
          ? await booksApi.ledgerCsv(agreementId)
          : await booksApi.ledgerPdf(agreementId, format),
        format === 'csv'
          ? `lampiran-a-${agreementNo}.csv`
          : `lampiran-a-${agreementNo}-${format}.pdf`,
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack gap={1}>
      <Stack direction="row" gap={2} wrap="wrap">
        {(['en', 'bm', 'csv'] as const).map((format) => (
          <Button
            key={format}
            size="sm"
            variant="outline"
            loading={busy === format}
            loadingText={t('statements.downloading')}
            disabled={busy !== null && busy !== format}
            aria-label={t(`ledger.downloadLabel.${format}`, { agreementNo })}
            onClick={() => void download(format)}
          >
            {t(`ledger.download.${format}`)}
          </Button>
        ))}
      </Stack>
      {failed ? (
        <Text role="alert" fontSize="sm" color="red.700">
          {t('ledger.downloadFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}
