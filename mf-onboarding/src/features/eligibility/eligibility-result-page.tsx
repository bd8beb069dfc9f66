import { formatRinggit } from '@lending/domain';
import { navigate, useT } from '@lending/platform';
import { Badge, Box, Button, HStack, PageFrame, Stack, Text } from '@lending/ui';
import { useMemo } from 'react';

import { readEligibility } from './eligibility-answer';

/** /testing-eligibility/result/{eligible|not-eligible}: every rule, each failure explained. */
export function EligibilityResultPage() {
  const { t } = useT('onboarding-registration');
  const stored = useMemo(readEligibility, []);

  if (!stored) {
    return (
      <PageFrame title={t('eligibility.title')}>
        <Stack gap="4" align="flex-start">
          <Text role="status">{t('result.missing')}</Text>
          <Button onClick={() => navigate('/testing-eligibility')}>{t('result.checkAgain')}</Button>
        </Stack>
      </PageFrame>
    );
  }

  const { response } = stored;
  const limits = response.limits;
  const values = {
    min: limits.minAge,
    max: limits.maxAge,
    months: 0,
    amount: '',
  };
  const ruleValues = (rule: string) => {
    switch (rule) {
      case 'businessAge':
        return { ...values, months: limits.minBusinessAgeMonths };
      case 'annualTurnover':
        return { ...values, amount: formatRinggit(limits.minAnnualTurnoverSen) };
      case 'grossMonthlyIncome':
        return { ...values, amount: formatRinggit(limits.minGrossMonthlyIncomeSen) };
      case 'telecomPostpaid':
        return { ...values, months: limits.minTelecomPostpaidMonths };
      default:
        return values;
    }
  };

  return (
    <PageFrame
      title={response.eligible ? t('result.eligibleTitle') : t('result.notEligibleTitle')}
      description={response.eligible ? t('result.eligibleBody') : t('result.notEligibleBody')}
    >
      <Stack gap="4" maxW="3xl">
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {response.rules.map((rule) => (
            <Box as="li" key={rule.rule} borderWidth="1px" borderRadius="md" p="4">
              <HStack justify="space-between" align="flex-start" gap="3">
                <Text fontWeight="semibold">
                  {t(`result.rules.${rule.rule}`, ruleValues(rule.rule))}
                </Text>
                <Badge colorPalette={rule.pass ? 'green' : 'red'}>
                  {rule.pass ? t('result.pass') : t('result.fail')}
                </Badge>
              </HStack>
              {!rule.pass && rule.reason ? (
                <Text mt="2" color="red.700">
                  {t(`result.reasons.${rule.reason}`, ruleValues(rule.rule))}
                </Text>
              ) : null}
            </Box>
          ))}
        </Stack>
        {response.eligible ? (
          <Button alignSelf="flex-start" onClick={() => navigate('/application')}>
            {t('result.apply')}
          </Button>
        ) : (
          <Stack gap="3">
            <Text>{t('result.nextNotEligible')}</Text>
            <HStack gap="3" wrap="wrap">
              <Button onClick={() => navigate('/contact-us')}>{t('result.contactUs')}</Button>
              <Button variant="outline" onClick={() => navigate('/testing-eligibility')}>
                {t('result.checkAgain')}
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </PageFrame>
  );
}
