import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { BorrowerLoanFigures, InstalmentRow } from '@lending/contracts';
import { useT } from '@lending/platform';
import { useId } from 'react';

import { SummaryRow } from '../layout/summary-card';

/** Basis points as a percentage with two decimals: 1680 -> "16.80%". */
export function formatRateBp(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(Math.abs(bp % 100)).padStart(2, '0');
  return `${whole}.${fraction}%`;
}

export interface LoanFiguresProps {
  /** The domain engine's figures as the API gives them. */
  figures: BorrowerLoanFigures;
  /** The legal cap on the all-in rate, shown beside it. */
  capBp: number;
  campaignCode?: string | null;
  /** Money as the product shows it (`formatRinggit` of the domain). */
  formatMoney: (sen: number) => string;
  testId?: string;
}

/**
 * Every figure of an approved loan, in one definition list: what is lent and repaid, each fee,
 * the loan protection premium when opted in, what reaches the borrower, and the all-in rate beside
 * the legal cap. The offer, the agreement and the repayment screens all show it this way.
 */
export function LoanFigures({
  figures,
  capBp,
  campaignCode,
  formatMoney,
  testId = 'loan-figures',
}: LoanFiguresProps) {
  const { t } = useT('ui');
  const money = (sen: number, key: string) => (
    <span data-testid={`${testId}-${key}`}>{formatMoney(sen)}</span>
  );
  const protection = figures.loanProtection;
  return (
    <Stack as="dl" gap={3} data-testid={testId}>
      <SummaryRow label={t('loanFigures.amount')} value={money(figures.approvedSen, 'amount')} />
      <SummaryRow
        label={t('loanFigures.tenure')}
        value={t('loanFigures.months', { count: figures.tenureMonths })}
      />
      <SummaryRow
        label={t('loanFigures.annualRate')}
        value={t('loanFigures.perYear', { rate: formatRateBp(figures.annualRateBp) })}
      />
      <SummaryRow
        label={t('loanFigures.monthlyInstalment', { count: figures.tenureMonths - 1 })}
        value={money(figures.monthlyInstalmentSen, 'monthly')}
      />
      <SummaryRow
        label={t('loanFigures.lastInstalment')}
        value={money(figures.lastInstalmentSen, 'last')}
      />
      <SummaryRow
        label={t('loanFigures.totalInterest')}
        value={money(figures.totalInterestSen, 'interest')}
      />
      <SummaryRow
        label={t('loanFigures.totalRepayable')}
        value={money(figures.totalRepayableSen, 'repayable')}
      />
      <SummaryRow
        label={t('loanFigures.stampDuty')}
        value={money(figures.stampDutySen, 'stampDuty')}
      />
      <SummaryRow
        label={t('loanFigures.attestationFee')}
        value={money(figures.attestationFeeSen, 'attestationFee')}
      />
      {figures.referralWaiverSen > 0 ? (
        <SummaryRow
          label={t('loanFigures.referralWaiver')}
          value={money(figures.referralWaiverSen, 'waiver')}
        />
      ) : null}
      {campaignCode ? (
        <SummaryRow label={t('loanFigures.campaignCode')} value={campaignCode} />
      ) : null}
      {protection ? (
        <>
          <SummaryRow
            label={t('loanFigures.protectionGross')}
            value={money(protection.grossPremiumSen, 'protectionGross')}
          />
          <SummaryRow
            label={t('loanFigures.protectionTax')}
            value={money(protection.serviceTaxSen, 'protectionTax')}
          />
          <SummaryRow
            label={t('loanFigures.protectionTotal')}
            value={
              <>
                {money(protection.totalPremiumSen, 'protectionTotal')}{' '}
                <Text as="span" fontWeight="normal" color="gray.600">
                  {protection.deducted
                    ? t('loanFigures.protectionDeducted')
                    : t('loanFigures.protectionSeparate')}
                </Text>
              </>
            }
          />
        </>
      ) : (
        <SummaryRow label={t('loanFigures.protection')} value={t('loanFigures.protectionNone')} />
      )}
      <SummaryRow
        label={t('loanFigures.netReceived')}
        value={
          <Text as="span" fontSize="lg" color="brand.primary">
            {money(figures.netReceivedSen, 'net')}
          </Text>
        }
      />
      <SummaryRow
        label={t('loanFigures.effectiveRate')}
        value={
          <span data-testid={`${testId}-effectiveRate`}>
            {t('loanFigures.effectiveBesideCap', {
              rate: formatRateBp(figures.effectiveAnnualRateBp),
              cap: formatRateBp(capBp),
            })}
          </span>
        }
      />
    </Stack>
  );
}

export interface InstalmentTableProps {
  instalments: readonly InstalmentRow[];
  /** What the instalments add up to, as the domain gave it (the total repayable). */
  totalSen: number;
  formatMoney: (sen: number) => string;
  /** A due date per instalment, once the schedule has dates (after disbursement). */
  dueDates?: readonly string[];
  testId?: string;
}

/** The instalments, one row each, the last absorbing the rounding; their total below. */
export function InstalmentTable({
  instalments,
  totalSen,
  formatMoney,
  dueDates,
  testId = 'instalment-table',
}: InstalmentTableProps) {
  const { t } = useT('ui');
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="sm" id={headingId} mb={2}>
        {t('loanFigures.tableTitle')}
      </Heading>
      <Table.ScrollArea
        borderWidth="1px"
        borderRadius="md"
        maxH="28rem"
        overflowY="auto"
        tabIndex={0}
        aria-labelledby={headingId}
      >
        <Table.Root size="sm" stickyHeader data-testid={testId}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader scope="col">{t('loanFigures.tableNumber')}</Table.ColumnHeader>
              {dueDates ? (
                <Table.ColumnHeader scope="col">{t('loanFigures.tableDueDate')}</Table.ColumnHeader>
              ) : null}
              <Table.ColumnHeader scope="col" textAlign="end">
                {t('loanFigures.tableAmount')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {instalments.map((row, index) => (
              <Table.Row key={row.number}>
                <Table.Cell as="th" scope="row" fontWeight="normal">
                  {row.number}
                </Table.Cell>
                {dueDates ? <Table.Cell>{dueDates[index] ?? ''}</Table.Cell> : null}
                <Table.Cell textAlign="end">{formatMoney(row.amountSen)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Table.Row fontWeight="semibold">
              <Table.Cell as="th" scope="row">
                {t('loanFigures.tableTotal')}
              </Table.Cell>
              {dueDates ? <Table.Cell /> : null}
              <Table.Cell textAlign="end" data-testid={`${testId}-total`}>
                {formatMoney(totalSen)}
              </Table.Cell>
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
