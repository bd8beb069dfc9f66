import type {
  EarlySettlementQuote,
  RepaymentScheduleResponse,
  ScheduleInstalmentView,
} from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { useLanguage, useT } from '@lending/platform';
import {
  Box,
  Button,
  Card,
  Heading,
  SimpleGrid,
  Stack,
  SummaryCard,
  SummaryRow,
  Text,
  useBreakpointValue,
  VisuallyHidden,
} from '@lending/ui';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { businessDateText, instantText, monthText } from './format';
import { InstalmentStatusBadge } from './instalment-status';

/** Where the borrower pays what is due now on this loan. */
export const payNowHref = (agreementId: string) =>
  `/pay-instalment-now?agreementId=${encodeURIComponent(agreementId)}`;

/** The first instalment with something left to pay: the borrower's next due date. */
export function nextInstalment(
  instalments: readonly ScheduleInstalmentView[],
): ScheduleInstalmentView | null {
  return instalments.find((instalment) => instalment.unpaidSen > 0) ?? null;
}

/** The loan's figures at a glance, with the next payment and a way to pay it. */
export function ScheduleSummary({ schedule }: { schedule: RepaymentScheduleResponse }) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  // After termination nothing is due later: the whole balance is due now.
  const terminated = schedule.accountStatus === 'TERMINATED';
  const next = terminated ? null : nextInstalment(schedule.instalments);
  const money = (sen: number, key: string) => (
    <span data-testid={`summary-${key}`}>{formatRinggit(sen)}</span>
  );
  // A terminated loan's whole balance is due: it is paid like any other.
  const canPay =
    (schedule.accountStatus === 'ACTIVE' || schedule.accountStatus === 'TERMINATED') &&
    schedule.outstandingSen > 0;
  return (
    <SummaryCard
      title={t('schedule.summaryTitle')}
      testId="schedule-summary"
      action={
        canPay ? (
          <Button asChild colorPalette="brand">
            <RouterLink to={payNowHref(schedule.agreementId)}>{t('schedule.payNow')}</RouterLink>
          </Button>
        ) : null
      }
    >
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap={3}>
        <SummaryRow label={t('schedule.agreementNo')} value={schedule.agreementNo} />
        <SummaryRow
          label={t('schedule.accountStatus')}
          value={t(`schedule.accountStatuses.${schedule.accountStatus}`)}
        />
        <SummaryRow
          label={t('schedule.principal')}
          value={money(schedule.principalSen, 'principal')}
        />
        <SummaryRow
          label={t('schedule.totalRepayable')}
          value={money(schedule.totalRepayableSen, 'total')}
        />
        <SummaryRow label={t('schedule.paid')} value={money(schedule.paidSen, 'paid')} />
        <SummaryRow
          label={t('schedule.outstanding')}
          value={money(schedule.outstandingSen, 'outstanding')}
        />
        {schedule.lateChargesOutstandingSen > 0 ? (
          <SummaryRow
            label={t('schedule.lateChargesOutstanding')}
            value={money(schedule.lateChargesOutstandingSen, 'late')}
          />
        ) : null}
        {schedule.creditSen > 0 ? (
          <SummaryRow label={t('schedule.credit')} value={money(schedule.creditSen, 'credit')} />
        ) : null}
        {schedule.interestRebatedSen > 0 ? (
          <SummaryRow
            label={t(terminated ? 'schedule.rebatedOnTermination' : 'schedule.rebated')}
            value={money(schedule.interestRebatedSen, 'rebated')}
          />
        ) : null}
        {next ? (
          <SummaryRow
            label={t('schedule.nextDue')}
            value={
              <span data-testid="summary-next">
                {t('schedule.nextDueValue', {
                  amount: formatRinggit(next.unpaidSen),
                  date: businessDateText(next.dueDate, language),
                })}
              </span>
            }
          />
        ) : null}
        {schedule.amountDue.dueNowSen > 0 ? (
          <SummaryRow
            label={t(terminated ? 'schedule.dueNowTerminated' : 'schedule.dueNow')}
            value={money(schedule.amountDue.dueNowSen, 'due-now')}
          />
        ) : null}
      </SimpleGrid>
      <Text mt={3} fontSize="sm" color="gray.700">
        {t('schedule.asOf', { date: businessDateText(schedule.asOf, language) })}
      </Text>
    </SummaryCard>
  );
}

function Th({ children }: { children: ReactNode }) {
  return (
    <Box asChild textAlign="start" px={2} py={2} fontWeight="semibold">
      <th scope="col">{children}</th>
    </Box>
  );
}

function Td({ children, numeric }: { children: ReactNode; numeric?: boolean }) {
  return (
    <Box as="td" px={2} py={2} textAlign={numeric ? 'end' : 'start'} verticalAlign="top">
      {children}
    </Box>
  );
}

function LateCharges({ instalment }: { instalment: ScheduleInstalmentView }) {
  const { t } = useT('mf-repayment');
  if (instalment.lateChargesSen === 0) return <>{t('schedule.none')}</>;
  return (
    <>
      {formatRinggit(instalment.lateChargesSen)}
      {instalment.lateChargesPaidSen > 0 ? (
        <Text as="span" display="block" fontSize="xs" color="gray.700">
          {t('schedule.lateChargesPaid', { amount: formatRinggit(instalment.lateChargesPaidSen) })}
        </Text>
      ) : null}
    </>
  );
}

/** Paid so far towards an instalment that is only partly paid. */
function PaidPart({ instalment }: { instalment: ScheduleInstalmentView }) {
  const { t } = useT('mf-repayment');
  if (instalment.status === 'PAID' || instalment.paidSen === 0) return null;
  return (
    <Text as="span" display="block" fontSize="xs" color="gray.700">
      {t('schedule.paidPart', { amount: formatRinggit(instalment.paidSen) })}
    </Text>
  );
}

function InstalmentTableView({ instalments }: { instalments: readonly ScheduleInstalmentView[] }) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  return (
    <Box overflowX="auto">
      <Box
        as="table"
        width="100%"
        fontSize="sm"
        css={{ borderCollapse: 'collapse' }}
        data-testid="instalment-table"
      >
        <VisuallyHidden as="caption">{t('schedule.tableCaption')}</VisuallyHidden>
        <thead>
          <tr>
            <Th>{t('schedule.month')}</Th>
            <Th>{t('schedule.dueDate')}</Th>
            <Th>{t('schedule.instalment')}</Th>
            <Th>{t('schedule.status.label')}</Th>
            <Th>{t('schedule.lateCharges')}</Th>
          </tr>
        </thead>
        <tbody>
          {instalments.map((instalment) => (
            <Box
              as="tr"
              key={instalment.instalmentNo}
              borderTopWidth="1px"
              data-testid={`instalment-${instalment.instalmentNo}`}
            >
              <Box asChild textAlign="start" px={2} py={2} fontWeight="normal">
                <th scope="row">
                  {t('schedule.monthValue', {
                    no: instalment.instalmentNo,
                    month: monthText(instalment.dueDate, language),
                  })}
                </th>
              </Box>
              <Td>
                <time dateTime={instalment.dueDate}>
                  {businessDateText(instalment.dueDate, language)}
                </time>
              </Td>
              <Td>
                {formatRinggit(instalment.instalmentSen)}
                <PaidPart instalment={instalment} />
              </Td>
              <Td>
                <InstalmentStatusBadge
                  status={instalment.status}
                  daysOverdue={instalment.daysOverdue}
                />
              </Td>
              <Td>
                <LateCharges instalment={instalment} />
              </Td>
            </Box>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** On a phone each instalment is a card: a five-column table does not fit 375 px. */
function InstalmentCards({ instalments }: { instalments: readonly ScheduleInstalmentView[] }) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  return (
    <Stack as="ul" gap={3} listStyleType="none" m={0} p={0} aria-label={t('schedule.tableCaption')}>
      {instalments.map((instalment) => (
        <Card.Root as="li" key={instalment.instalmentNo} size="sm">
          <Card.Body data-testid={`instalment-${instalment.instalmentNo}`}>
            <Stack direction="row" justify="space-between" align="start" gap={2} mb={2}>
              <Heading as="h3" size="sm">
                {t('schedule.monthValue', {
                  no: instalment.instalmentNo,
                  month: monthText(instalment.dueDate, language),
                })}
              </Heading>
              <InstalmentStatusBadge
                status={instalment.status}
                daysOverdue={instalment.daysOverdue}
              />
            </Stack>
            <SimpleGrid as="dl" columns={2} gap={2}>
              <SummaryRow
                label={t('schedule.dueDate')}
                value={businessDateText(instalment.dueDate, language)}
              />
              <SummaryRow
                label={t('schedule.instalment')}
                value={
                  <>
                    {formatRinggit(instalment.instalmentSen)}
                    <PaidPart instalment={instalment} />
                  </>
                }
              />
              <SummaryRow
                label={t('schedule.lateCharges')}
                value={<LateCharges instalment={instalment} />}
              />
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

export function InstalmentList({
  instalments,
}: {
  instalments: readonly ScheduleInstalmentView[];
}) {
  const { t } = useT('mf-repayment');
  const layout = useBreakpointValue({ base: 'cards', md: 'table' }, { ssr: false }) ?? 'cards';
  return (
    <Stack gap={3}>
      <Heading as="h2" size="md">
        {t('schedule.tableTitle')}
      </Heading>
      {layout === 'table' ? (
        <InstalmentTableView instalments={instalments} />
      ) : (
        <InstalmentCards instalments={instalments} />
      )}
    </Stack>
  );
}

/** What settles the loan today and what the amount is made of. */
export function SettlementQuote({
  quote,
  children,
}: {
  quote: EarlySettlementQuote;
  /** The way to pay it (Settle now), under the figures. */
  children?: ReactNode;
}) {
  const { t } = useT('mf-repayment');
  const language = useLanguage();
  const row = (label: string, sen: number, key: string) => (
    <SummaryRow
      label={label}
      value={<span data-testid={`quote-${key}`}>{formatRinggit(sen)}</span>}
    />
  );
  return (
    <SummaryCard title={t('settlement.title')} testId="settlement-quote">
      <Stack gap={3}>
        <Text>{t('settlement.intro')}</Text>
        <Box>
          <Text fontSize="sm" color="gray.700">
            {t('settlement.amount')}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="quote-amount">
            {formatRinggit(quote.settlementSen)}
          </Text>
          <Text fontSize="sm" data-testid="quote-valid-until">
            {t('settlement.validUntil', { time: instantText(quote.validUntil, language) })}
          </Text>
        </Box>
        <Heading as="h3" size="sm">
          {t('settlement.madeOf')}
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap={3}>
          {row(t('settlement.unpaidPrincipal'), quote.unpaidPrincipalSen, 'principal')}
          {row(t('settlement.unpaidInterest'), quote.unpaidInterestSen, 'interest')}
          {row(t('settlement.lateCharges'), quote.lateChargesSen, 'late')}
          {quote.creditSen > 0 ? row(t('settlement.credit'), quote.creditSen, 'credit') : null}
        </SimpleGrid>
        {quote.interestForgoneSen > 0 ? (
          <Text data-testid="quote-forgone">
            {t('settlement.forgone', { amount: formatRinggit(quote.interestForgoneSen) })}
          </Text>
        ) : null}
        <Text fontSize="sm" color="gray.700">
          {t('settlement.howToPay')}
        </Text>
        {children}
      </Stack>
    </SummaryCard>
  );
}
