import type { AgreementView } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { navigate } from '@lending/platform';
import { Box, Heading, Link, SimpleGrid, SummaryRow, Text } from '@lending/ui';

import { percentText } from '../hooks/use-product';
import { useFormT } from './use-form-t';

/** The terms the lender approved, in place of the estimate: the figures of the offer itself. */
export function ApprovedFigures({ offer }: { offer: AgreementView }) {
  const t = useFormT();
  return (
    <Box
      as="section"
      aria-labelledby="approved-figures-title"
      borderWidth="1px"
      borderColor="green.300"
      borderRadius="md"
      p={4}
      data-testid="approved-figures"
    >
      <Heading as="h3" size="md" id="approved-figures-title" mb={3}>
        {t('approved.title')}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
        <SummaryRow label={t('approved.amount')} value={formatRinggit(offer.approvedAmountSen)} />
        {offer.amountSen !== offer.approvedAmountSen ? (
          <SummaryRow label={t('approved.chosenAmount')} value={formatRinggit(offer.amountSen)} />
        ) : null}
        <SummaryRow
          label={t('approved.tenure')}
          value={t('common.months', { count: offer.tenureMonths })}
        />
        <SummaryRow
          label={t('approved.rate')}
          value={t('approved.rateValue', { rate: percentText(offer.annualRateBp) })}
        />
        <SummaryRow
          label={t('approved.instalment')}
          value={formatRinggit(offer.figures.monthlyInstalmentSen)}
        />
        <SummaryRow
          label={t('approved.totalRepayable')}
          value={formatRinggit(offer.figures.totalRepayableSen)}
        />
        <SummaryRow
          label={t('approved.netReceived')}
          value={formatRinggit(offer.figures.netReceivedSen)}
        />
      </SimpleGrid>
      <Text fontSize="sm" color="gray.700" mt={3}>
        {t('approved.note')}{' '}
        <Link
          href="/loan-status/approved-loan-summary"
          color="brand.link"
          onClick={(event) => {
            event.preventDefault();
            navigate('/loan-status/approved-loan-summary');
          }}
        >
          {t('approved.open')}
        </Link>
      </Text>
    </Box>
  );
}
