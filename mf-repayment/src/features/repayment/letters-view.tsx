import type { CollectionLetterView } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';
import { Card, Heading, Stack, Text } from '@lending/ui';
import { DownloadChoices } from '@lending/ui/screens';

import { businessDateText } from './format';

export type LetterDownload = (letter: CollectionLetterView) => Promise<void>;

function LetterButton({
  letter,
  download,
}: {
  letter: CollectionLetterView;
  download: LetterDownload;
}) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  return (
    <DownloadChoices
      choices={[
        {
          key: 'letter',
          label: t('letters.download'),
          ariaLabel: t('letters.downloadLabel', {
            name: t(`letters.kinds.${letter.kind}`),
            date: businessDateText(letter.issuedOn, language),
          }),
        },
      ]}
      download={() => download(letter)}
      loadingText={t('history.downloading')}
      failedText={t('letters.downloadFailed')}
    />
  );
}

/** The notices sent on the loan, newest first; nothing at all when there are none. */
export function LetterList({
  items,
  download,
}: {
  items: readonly CollectionLetterView[];
  download: LetterDownload;
}) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  if (items.length === 0) return null;
  return (
    <Stack gap={3} as="section" aria-labelledby="letters-title" data-testid="letters">
      <Heading as="h2" size="md" id="letters-title">
        {t('letters.title')}
      </Heading>
      <Text>{t('letters.intro')}</Text>
      <Stack as="ul" gap={3} listStyleType="none" m={0} p={0} aria-label={t('letters.listLabel')}>
        {items.map((letter) => (
          <Card.Root as="li" key={letter.id} size="sm">
            <Card.Body>
              <Stack gap={1}>
                <Text fontWeight="semibold">{t(`letters.kinds.${letter.kind}`)}</Text>
                <Text fontSize="sm">
                  {t('letters.issuedOn', { date: businessDateText(letter.issuedOn, language) })}
                </Text>
                <Text fontSize="sm">
                  {t('letters.overdue', {
                    amount: formatRinggit(letter.overdueSen + letter.lateChargesSen),
                  })}
                </Text>
                {letter.remedyBy ? (
                  <Text fontSize="sm" fontWeight="semibold">
                    {t('letters.remedyBy', { date: businessDateText(letter.remedyBy, language) })}
                  </Text>
                ) : null}
                <LetterButton letter={letter} download={download} />
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Stack>
  );
}
