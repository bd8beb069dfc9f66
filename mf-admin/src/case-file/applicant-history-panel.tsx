import type { CaseFile } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { navigate, useLanguage, useT } from '@lending/platform';
import { Alert, Box, Link, Stack, SummaryCard, Text } from '@lending/ui';

import { dateText } from './format';

/** The applicant's other applications, and whether they may apply again yet. */
export function ApplicantHistoryCard({ applicant }: { applicant: CaseFile['applicant'] }) {
  const { t } = useT('admin-case-file');
  const language = useLanguage();
  return (
    <SummaryCard title={t('history.title')} testId="case-history">
      <Stack gap={4}>
        {applicant.ban ? (
          <Alert.Root status="warning" data-testid="case-ban">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t(`history.ban.${applicant.ban.kind ?? 'UNKNOWN'}`)}</Alert.Title>
              <Alert.Description>
                {t('history.ban.until', { date: dateText(applicant.ban.until, language) })}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Text>{t('history.noBan')}</Text>
        )}
        {applicant.earlierApplications.length === 0 ? (
          <Text>{t('history.none')}</Text>
        ) : (
          <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
            {applicant.earlierApplications.map((one) => (
              <Box as="li" key={one.id} borderWidth="1px" borderRadius="md" p={3}>
                <Link
                  href={`/admin/applications/${one.id}`}
                  fontWeight="bold"
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(`/admin/applications/${one.id}`);
                  }}
                >
                  {one.referenceNo}
                </Link>
                <Text>
                  {t(`statuses.${one.status}`)} ·{' '}
                  {one.requestedAmountSen !== null ? formatRinggit(one.requestedAmountSen) : '-'} ·{' '}
                  {dateText(one.createdAt, language)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </SummaryCard>
  );
}
