import type { LoanHistoryDetail } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';
import { Box, Heading, Stack, Text } from '@lending/ui';

import { formatDate, formatDateTime } from '../../lib/format';

/** One application: what was asked for and each status it went through, oldest first. */
export function LoanTimeline({ detail }: { detail: LoanHistoryDetail }) {
  const { t } = useT('mf-loan-status');
  const language = useLanguage();
  return (
    <Stack gap={5}>
      <Box
        as="dl"
        display="grid"
        gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}
        gap={3}
      >
        <Box>
          <Text as="dt" fontSize="sm" color="gray.600">
            {t('history.reference')}
          </Text>
          <Text as="dd" ms={0} fontWeight="semibold">
            {detail.referenceNo}
          </Text>
        </Box>
        <Box>
          <Text as="dt" fontSize="sm" color="gray.600">
            {t('history.status')}
          </Text>
          <Text as="dd" ms={0}>
            {detail.account
              ? t(`history.loanStatus.${detail.account.status}`)
              : t(`status.${detail.status}`)}
          </Text>
        </Box>
        <Box>
          <Text as="dt" fontSize="sm" color="gray.600">
            {t('history.amount')}
          </Text>
          <Text as="dd" ms={0}>
            {detail.requestedAmountSen === null
              ? t('history.notSet')
              : formatRinggit(detail.requestedAmountSen)}
            {detail.tenureMonths !== null
              ? `, ${t('history.tenure', { months: detail.tenureMonths })}`
              : ''}
          </Text>
        </Box>
        {detail.submittedAt ? (
          <Box>
            <Text as="dt" fontSize="sm" color="gray.600">
              {t('history.submitted')}
            </Text>
            <Text as="dd" ms={0}>
              {formatDate(detail.submittedAt, language)}
            </Text>
          </Box>
        ) : null}
      </Box>
      <Box>
        <Heading as="h2" size="md" mb={3}>
          {t('history.timeline')}
        </Heading>
        <Stack as="ol" gap={3} ps={0} listStyleType="none" data-testid="loan-timeline">
          {detail.timeline.map((entry, index) => (
            <Box
              as="li"
              key={`${entry.at}-${index}`}
              borderStartWidth="3px"
              borderStartColor="brand.secondaryFill"
              ps={3}
            >
              <Text fontWeight="semibold">{t(`status.${entry.status}`)}</Text>
              <Text fontSize="sm" color="gray.700">
                <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                {' · '}
                {entry.by === 'applicant' ? t('history.byApplicant') : t('history.byLender')}
              </Text>
            </Box>
          ))}
          {/* After approval the loan's own life: paid out, repaid, settled, closed. */}
          {(detail.account?.life ?? []).map((entry, index) => (
            <Box
              as="li"
              key={`${entry.event}-${index}`}
              borderStartWidth="3px"
              borderStartColor="brand.secondaryFill"
              ps={3}
            >
              <Text fontWeight="semibold">
                {t(`history.life.${entry.event}`, {
                  amount: entry.amountSen === null ? '' : formatRinggit(entry.amountSen),
                })}
              </Text>
              <Text fontSize="sm" color="gray.700">
                {/* The day on the books, which a sandbox may have moved ahead of the wall clock. */}
                <time dateTime={entry.on}>{formatDate(entry.on, language)}</time>
              </Text>
            </Box>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
