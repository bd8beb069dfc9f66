import type { JompayDetails } from '@lending/contracts';
import { useT } from '@lending/platform';
import { SimpleGrid, Stack, SummaryCard, SummaryRow, Text } from '@lending/ui';

/** Paying at the borrower's own bank: the lender's biller code and this loan's Ref-1. */
export function JompayCard({ details }: { details: JompayDetails }) {
  const { t } = useT('mf-repayment');
  return (
    <SummaryCard title={t('jompay.title')} testId="jompay-details">
      <Stack gap={3}>
        <Text>{t('jompay.intro')}</Text>
        <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap={3}>
          <SummaryRow
            label={t('jompay.billerCode')}
            value={<span data-testid="jompay-biller">{details.billerCode}</span>}
          />
          <SummaryRow
            label={t('jompay.ref1')}
            value={
              <Text as="span" fontFamily="mono" data-testid="jompay-ref1">
                {details.ref1}
              </Text>
            }
          />
        </SimpleGrid>
        <Text fontSize="sm" color="gray.700">
          {t('jompay.note')}
        </Text>
      </Stack>
    </SummaryCard>
  );
}
