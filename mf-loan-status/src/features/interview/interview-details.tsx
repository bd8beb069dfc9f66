import type { LoanInterview } from '@lending/contracts';
import { useLanguage, useT } from '@lending/platform';
import { Box, Text } from '@lending/ui';

import { formatDateTime } from '../../lib/format';

/** The interview a credit officer asked for: when (Malaysia time), how, and where or how to join. */
export function InterviewDetails({ interview }: { interview: LoanInterview | null }) {
  const { t } = useT('mf-loan-status');
  const language = useLanguage();
  if (!interview) {
    return <Text data-testid="no-interview">{t('interview.none')}</Text>;
  }
  const rows = [
    {
      term: t('interview.when'),
      value: `${formatDateTime(interview.scheduledAt, language)} (${t('interview.timeZone')})`,
    },
    { term: t('interview.mode'), value: t(`interview.modes.${interview.mode}`) },
    { term: t('interview.details'), value: interview.details ?? t('interview.noDetails') },
  ];
  return (
    <Box as="dl" data-testid="interview-details" display="grid" gap={3}>
      {rows.map((row) => (
        <Box key={row.term}>
          <Text as="dt" fontWeight="semibold">
            {row.term}
          </Text>
          <Text as="dd" ms={0} wordBreak="break-word">
            {row.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
