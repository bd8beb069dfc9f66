import type { RefundLetterView } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { saveFile, useLanguage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { LoadStatus, Stack, SummaryCard, Text } from '@lending/ui';
import { DownloadChoices } from '@lending/ui/screens';

import { businessDateText } from './format';
import { refundLettersKey, repaymentApi } from './repayment-api';

export type RefundLetterDownload = (letter: RefundLetterView) => Promise<void>;

/** The letters of credit refunded on a closed loan, newest first; nothing when there are none. */
export function RefundLetterList({
  items,
  download,
}: {
  items: readonly RefundLetterView[];
  download: RefundLetterDownload;
}) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  if (items.length === 0) return null;
  return (
    <SummaryCard title={t('refundLetters.title')} testId="refund-letters">
      <Stack gap={3}>
        <Text>{t('refundLetters.intro')}</Text>
        <Stack
          as="ul"
          gap={4}
          listStyleType="none"
          m={0}
          p={0}
          aria-label={t('refundLetters.listLabel')}
        >
          {items.map((letter) => {
            const date = businessDateText(letter.refundedOn, language);
            return (
              <Stack as="li" key={letter.id} gap={2} data-testid={`refund-letter-${letter.id}`}>
                <Text>
                  {t('refundLetters.letterLine', {
                    amount: formatRinggit(letter.amountSen),
                    date,
                    last4: letter.accountLast4,
                  })}
                </Text>
                <Text fontSize="sm">
                  {t('refundLetters.reference', { reference: letter.reference })}
                </Text>
                <DownloadChoices
                  choices={[
                    {
                      key: 'letter',
                      label: t('refundLetters.download'),
                      ariaLabel: t('refundLetters.downloadLabel', {
                        reference: letter.reference,
                        date,
                      }),
                    },
                  ]}
                  download={() => download(letter)}
                  loadingText={t('refundLetters.downloading')}
                  failedText={t('refundLetters.downloadFailed')}
                />
              </Stack>
            );
          })}
        </Stack>
      </Stack>
    </SummaryCard>
  );
}

async function downloadRefundLetter(letter: RefundLetterView) {
  saveFile(await repaymentApi.refundLetter(letter.id), `refund-letter-${letter.reference}.pdf`);
}

/** A closed loan's refund letters, read from the server; nothing while there are none. */
export function RefundLetters({ agreementId }: { agreementId: string }) {
  const { t } = useT('mf-repayment');
  const letters = useServerQuery({
    queryKey: refundLettersKey(agreementId),
    queryFn: () => repaymentApi.refundLetters(agreementId),
  });
  return (
    <>
      <LoadStatus
        {...loadStatusOf(letters)}
        loadingLabel={t('refundLetters.loading')}
        errorTitle={t('refundLetters.loadFailed')}
      />
      {letters.data ? (
        <RefundLetterList items={letters.data.items} download={downloadRefundLetter} />
      ) : null}
    </>
  );
}
