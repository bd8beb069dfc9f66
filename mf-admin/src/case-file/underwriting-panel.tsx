import type { CaseFile } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';
import { Box, SimpleGrid, Stack, SummaryCard, SummaryRow, Text } from '@lending/ui';

import { dateTimeText, staffText } from './format';

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)}%`;

/** What underwriting has recorded on the file: the interview, referrals back, the offer. */
export function UnderwritingCards({ file }: { file: CaseFile }) {
  const { t } = useT('admin-case-file');
  const language = useLanguage();
  const { interview, referbacks, recommendation } = file;
  return (
    <Stack gap={4}>
      <SummaryCard title={t('interview.title')} testId="case-interview">
        {interview ? (
          <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
            <SummaryRow
              label={t('interview.scheduledAt')}
              value={dateTimeText(interview.scheduledAt, language)}
            />
            <SummaryRow
              label={t('interview.mode')}
              value={t(`interview.modes.${interview.mode}`)}
            />
            {interview.details ? (
              <SummaryRow label={t('interview.details')} value={interview.details} />
            ) : null}
            <SummaryRow
              label={t('interview.requestedBy')}
              value={staffText(interview.requestedBy) ?? '-'}
            />
            <SummaryRow
              label={t('interview.outcome')}
              value={
                interview.outcome
                  ? t(`interview.outcomes.${interview.outcome}`)
                  : t('interview.noOutcome')
              }
            />
            {interview.outcomeNote ? (
              <SummaryRow label={t('interview.outcomeNote')} value={interview.outcomeNote} />
            ) : null}
          </SimpleGrid>
        ) : (
          <Text>{t('interview.none')}</Text>
        )}
      </SummaryCard>

      <SummaryCard title={t('referbacks.title')} testId="case-referbacks">
        {referbacks.length === 0 ? (
          <Text>{t('referbacks.none')}</Text>
        ) : (
          <Stack as="ul" gap={3} listStyleType="none" m={0} p={0}>
            {referbacks.map((one) => (
              <Box as="li" key={one.id} borderWidth="1px" borderRadius="md" p={3}>
                <Text fontSize="sm" color="gray.600">
                  {t('referbacks.by', {
                    who: staffText(one.requestedBy) ?? '-',
                    when: dateTimeText(one.requestedAt, language),
                  })}
                  {' · '}
                  {one.resolvedAt
                    ? t('referbacks.resolved', { when: dateTimeText(one.resolvedAt, language) })
                    : t('referbacks.open')}
                </Text>
                <Stack as="ul" gap={1} mt={2} ps={4}>
                  {one.items.map((item, index) => (
                    <Text as="li" key={index}>
                      {item.kind === 'document'
                        ? t(`documentTypes.${item.target}`)
                        : t(`sections.${item.target}`)}
                      : {item.reason}
                    </Text>
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </SummaryCard>

      <SummaryCard title={t('recommendation.title')} testId="case-recommendation">
        {recommendation ? (
          <Stack gap={3}>
            <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
              <SummaryRow
                label={t('labels.amount')}
                value={formatRinggit(recommendation.amountSen)}
              />
              <SummaryRow
                label={t('labels.tenure')}
                value={t('labels.months', { count: recommendation.tenureMonths })}
              />
              <SummaryRow
                label={t('recommendation.rate')}
                value={percent(recommendation.annualRateBp)}
              />
              <SummaryRow
                label={t('recommendation.security')}
                value={t(
                  recommendation.secured ? 'recommendation.secured' : 'recommendation.unsecured',
                )}
              />
              <SummaryRow
                label={t('recommendation.by')}
                value={staffText(recommendation.recommendedBy) ?? '-'}
              />
              <SummaryRow
                label={t('recommendation.levels')}
                value={recommendation.approvalLevels}
              />
            </SimpleGrid>
            {recommendation.complianceReview ? (
              <Text color="red.700" fontWeight="bold">
                {t('recommendation.complianceReview')}
              </Text>
            ) : null}
            <Box>
              <Text as="h3" fontWeight="bold">
                {t('recommendation.approvals')}
              </Text>
              {recommendation.approvals.length === 0 ? (
                <Text>{t('recommendation.noApprovals')}</Text>
              ) : (
                <Stack as="ul" gap={1} ps={4}>
                  {recommendation.approvals.map((approval) => (
                    <Text as="li" key={approval.level}>
                      {t('recommendation.approval', {
                        level: approval.level,
                        who: staffText(approval.approver) ?? '-',
                        when: dateTimeText(approval.approvedAt, language),
                      })}
                    </Text>
                  ))}
                </Stack>
              )}
            </Box>
          </Stack>
        ) : (
          <Text>{t('recommendation.none')}</Text>
        )}
      </SummaryCard>
    </Stack>
  );
}
