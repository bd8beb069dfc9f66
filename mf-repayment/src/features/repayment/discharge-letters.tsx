import type { DischargeLetterView } from '@lending/contracts';
import { saveFile, useLanguage, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { Button, LoadStatus, Stack, SummaryCard, Text } from '@lending/ui';
import { useState } from 'react';

import { businessDateText } from './format';
import { dischargeLettersKey, repaymentApi } from './repayment-api';

function LetterRow({ letter }: { letter: DischargeLetterView }) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const closedOn = businessDateText(letter.closedOn, language);
  return (
    <Stack as="li" gap={2} data-testid={`discharge-letter-${letter.version}`}>
      <Text>
        {t('discharge.letterLine', {
          version: letter.version,
          how: t(`discharge.closedBy.${letter.closedBy}`),
          date: closedOn,
        })}
      </Text>
      <Button
        alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        colorPalette="brand"
        loading={state === 'busy'}
        loadingText={t('discharge.downloading')}
        aria-label={t('discharge.downloadLabel', { version: letter.version })}
        onClick={() => {
          setState('busy');
          repaymentApi
            .dischargeLetter(letter.id)
            .then((blob) => {
              saveFile(blob, `discharge-letter-v${letter.version}.pdf`);
              setState('idle');
            })
            .catch(() => setState('failed'));
        }}
      >
        {t('discharge.download')}
      </Button>
      {state === 'failed' ? (
        <Text role="alert" color="red.700">
          {t('discharge.downloadFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A closed loan's discharge letters (newest first), each downloadable. */
export function DischargeLetters({ agreementId }: { agreementId: string }) {
  const { t } = useT('mf-repayment');
  const letters = useServerQuery({
    queryKey: dischargeLettersKey(agreementId),
    queryFn: () => repaymentApi.dischargeLetters(agreementId),
  });
  return (
    <SummaryCard title={t('discharge.title')} testId="discharge-letters">
      <Stack gap={3}>
        <LoadStatus
          {...loadStatusOf(letters)}
          loadingLabel={t('discharge.loading')}
          errorTitle={t('discharge.loadFailed')}
        />
        {letters.data && letters.data.items.length === 0 ? (
          <Text>{t('discharge.preparing')}</Text>
        ) : null}
        {letters.data && letters.data.items.length > 0 ? (
          <>
            <Text>{t('discharge.intro')}</Text>
            <Stack as="ul" gap={4} listStyleType="none" m={0} p={0}>
              {letters.data.items.map((letter) => (
                <LetterRow key={letter.id} letter={letter} />
              ))}
            </Stack>
          </>
        ) : null}
      </Stack>
    </SummaryCard>
  );
}
