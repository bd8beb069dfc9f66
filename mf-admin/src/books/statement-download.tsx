import { saveFile, useT } from '@lending/platform';
import { DownloadChoices } from '@lending/ui/screens';

import { booksApi } from './books-api';

/** Downloads an agreement's statement of account in English or Bahasa Melayu. */
export function StatementDownload({
  agreementId,
  agreementNo,
}: {
  agreementId: string;
  agreementNo: string;
}) {
  const { t } = useT('admin-books');
  return (
    <DownloadChoices
      choices={(['en', 'bm'] as const).map((language) => ({
        key: language,
        label: t(`statements.download.${language}`),
        ariaLabel: t(`statements.downloadLabel.${language}`, { agreementNo }),
      }))}
      download={async (language) =>
        saveFile(
          await booksApi.statement(agreementId, language),
          `statement-${agreementNo}-${language}.pdf`,
        )
      }
      loadingText={t('statements.downloading')}
      failedText={t('statements.downloadFailed')}
    />
  );
}

/** Downloads an agreement's borrower ledger (Lampiran A): PDF in either language, or CSV. */
export function LedgerDownload({
  agreementId,
  agreementNo,
}: {
  agreementId: string;
  agreementNo: string;
}) {
  const { t } = useT('admin-books');
  return (
    <DownloadChoices
      choices={(['en', 'bm', 'csv'] as const).map((format) => ({
        key: format,
        label: t(`ledger.download.${format}`),
        ariaLabel: t(`ledger.downloadLabel.${format}`, { agreementNo }),
      }))}
      download={async (format) =>
        format === 'csv'
          ? saveFile(await booksApi.ledgerCsv(agreementId), `lampiran-a-${agreementNo}.csv`)
          : saveFile(
              await booksApi.ledgerPdf(agreementId, format),
              `lampiran-a-${agreementNo}-${format}.pdf`,
            )
      }
      loadingText={t('statements.downloading')}
      failedText={t('ledger.downloadFailed')}
    />
  );
}
