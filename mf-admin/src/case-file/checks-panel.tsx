import type {
  CaseFileEkyc,
  CaseFileEligibilityRule,
  CaseFilePsychometric,
} from '@lending/contracts';
import { useLanguage, useT } from '@lending/platform';
import {
  Badge,
  Box,
  Image,
  LoadStatus,
  SimpleGrid,
  Stack,
  SummaryCard,
  SummaryRow,
  Text,
} from '@lending/ui';

import { dateTimeText } from './format';
import { useContent } from './use-content';

const VERDICT_COLOURS = { pass: 'green', fail: 'red', unknown: 'gray' } as const;

function Verdict({ pass }: { pass: boolean | null }) {
  const { t } = useT('admin-case-file');
  const verdict = pass === null ? 'unknown' : pass ? 'pass' : 'fail';
  return <Badge colorPalette={VERDICT_COLOURS[verdict]}>{t(`verdicts.${verdict}`)}</Badge>;
}

function EkycImage({ url, alt }: { url: string; alt: string }) {
  const content = useContent(url);
  return (
    <Box>
      <LoadStatus loading={content.loading} error={content.error} onRetry={content.retry} />
      {content.objectUrl ? (
        <Image src={content.objectUrl} alt={alt} maxW="100%" maxH="16rem" objectFit="contain" />
      ) : null}
    </Box>
  );
}

export function EkycCard({ ekyc }: { ekyc: CaseFileEkyc | null }) {
  const { t } = useT('admin-case-file');
  const language = useLanguage();
  return (
    <SummaryCard title={t('ekyc.title')} testId="case-ekyc">
      {ekyc ? (
        <Stack gap={4}>
          <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
            <SummaryRow label={t('ekyc.status')} value={t(`ekyc.statuses.${ekyc.status}`)} />
            {ekyc.message ? <SummaryRow label={t('ekyc.message')} value={ekyc.message} /> : null}
            {ekyc.completedAt ? (
              <SummaryRow
                label={t('ekyc.completedAt')}
                value={dateTimeText(ekyc.completedAt, language)}
              />
            ) : null}
            {ekyc.consentAt ? (
              <SummaryRow
                label={t('ekyc.consentAt')}
                value={dateTimeText(ekyc.consentAt, language)}
              />
            ) : null}
          </SimpleGrid>
          {ekyc.images.length > 0 ? (
            <SimpleGrid columns={{ base: 1, md: 3 }} gap={3}>
              {ekyc.images.map((image) => (
                <Box as="figure" key={image.kind} m={0}>
                  <EkycImage url={image.url} alt={t(`ekyc.images.${image.kind}`)} />
                  <Text as="figcaption" fontSize="sm">
                    {t(`ekyc.images.${image.kind}`)}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          ) : null}
        </Stack>
      ) : (
        <Text>{t('ekyc.none')}</Text>
      )}
    </SummaryCard>
  );
}

export function PsychometricCard({ result }: { result: CaseFilePsychometric | null }) {
  const { t } = useT('admin-case-file');
  const language = useLanguage();
  return (
    <SummaryCard title={t('psychometric.title')} testId="case-psychometric">
      {result ? (
        <Stack gap={4}>
          <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
            <SummaryRow
              label={t('psychometric.outcome')}
              value={t(`psychometric.outcomes.${result.outcome}`)}
            />
            <SummaryRow label={t('psychometric.score')} value={result.score ?? '-'} />
            <SummaryRow
              label={t('psychometric.submittedAt')}
              value={dateTimeText(result.submittedAt, language)}
            />
            {result.invalidReasons.length > 0 ? (
              <SummaryRow
                label={t('psychometric.invalidReasons')}
                value={result.invalidReasons
                  .map((reason) => t(`psychometric.reasons.${reason}`))
                  .join('; ')}
              />
            ) : null}
            {Object.entries(result.dimensionScores).map(([dimension, score]) => (
              <SummaryRow
                key={dimension}
                label={t(`psychometric.dimensions.${dimension}`)}
                value={score}
              />
            ))}
          </SimpleGrid>
          <Box overflowX="auto">
            <table style={{ width: '100%', borderCollapse: 'collapse' }}>
              <caption style={{ textAlign: 'start', fontWeight: 'bold' }}>
                {t('psychometric.answers')}
              </caption>
              <thead>
                <tr>
                  <th scope="col" style={{ textAlign: 'start' }}>
                    {t('psychometric.question')}
                  </th>
                  <th scope="col" style={{ textAlign: 'end' }}>
                    {t('psychometric.answer')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.answers.map((answer) => (
                  <tr key={answer.questionId} style={{ borderTop: '1px solid #e2e8f0' }}>
                    <td style={{ padding: '0.25rem 0' }}>
                      {(language === 'MS' ? answer.textMs : answer.textEn) ?? answer.questionId}
                    </td>
                    <td style={{ textAlign: 'end' }}>
                      {answer.answer === null ? '-' : t(`psychometric.scale.${answer.answer}`)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </Stack>
      ) : (
        <Text>{t('psychometric.none')}</Text>
      )}
    </SummaryCard>
  );
}

export function EligibilityCard({ rules }: { rules: CaseFileEligibilityRule[] }) {
  const { t } = useT('admin-case-file');
  const statedText = (rule: CaseFileEligibilityRule) =>
    rule.rule === 'citizen'
      ? t(`labels.identity.${rule.stated}`)
      : rule.rule === 'age'
        ? t('labels.years', { count: Number(rule.stated) })
        : rule.stated;
  return (
    <SummaryCard title={t('eligibility.title')} testId="case-eligibility">
      <Text fontSize="sm" color="gray.600" mb={3}>
        {t('eligibility.explanation')}
      </Text>
      <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
        {rules.map((rule) => (
          <Box as="li" key={rule.rule}>
            <Stack direction="row" justify="space-between" gap={2} wrap="wrap">
              <Text>
                {t(`eligibility.rules.${rule.rule}`)}
                {rule.stated ? `: ${statedText(rule)}` : ''}
              </Text>
              <Verdict pass={rule.pass} />
            </Stack>
          </Box>
        ))}
      </Stack>
    </SummaryCard>
  );
}
