import { formatRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import { Box, Heading, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import { useParams } from 'react-router-dom';

import { displayDate } from '../books/format';
import { type AccountLedgerResponse, financeApi, type FinanceSpan } from './finance-api';
import {
  Caption,
  InternalLink,
  TableBox,
  Td,
  Th,
  trialBalancePath,
  useAccountName,
  useFinanceSpan,
} from './finance-parts';

function LedgerTable({ ledger, name }: { ledger: AccountLedgerResponse; name: string }) {
  const { t } = useT('admin-finance');
  const caption = t('ledger.caption', {
    name,
    from: displayDate(ledger.from),
    to: displayDate(ledger.to),
  });
  return (
    <TableBox label={caption} testId="account-ledger">
      <Caption>{caption}</Caption>
      <thead>
        <tr>
          <Th>{t('ledger.columns.date')}</Th>
          <Th>{t('ledger.columns.entry')}</Th>
          <Th>{t('ledger.columns.description')}</Th>
          <Th numeric>{t('ledger.columns.debit')}</Th>
          <Th numeric>{t('ledger.columns.credit')}</Th>
          <Th numeric>{t('ledger.columns.balance')}</Th>
        </tr>
      </thead>
      <tbody>
        <tr data-testid="ledger-opening">
          <Td>{displayDate(ledger.from)}</Td>
          <Th scope="row">{t('ledger.broughtForward')}</Th>
          <Td />
          <Td />
          <Td />
          <Td numeric>{formatRinggit(ledger.openingSen)}</Td>
        </tr>
        {ledger.lines.map((line, index) => (
          <tr key={`${line.entryId}-${index}`} data-testid="ledger-line">
            <Td>{displayDate(line.postingDate)}</Td>
            <Th scope="row">
              <Stack gap={0} fontWeight="normal">
                <span>{t('ledger.entryNo', { entryNo: line.entryNo })}</span>
                <Text as="span" overflowWrap="anywhere" color="fg.muted">
                  {line.reference}
                </Text>
              </Stack>
            </Th>
            <Td>
              {t(`events.${line.event}`, { defaultValue: line.event })}
              {line.lateForPeriod
                ? ` (${t('ledger.latePeriod', { period: line.lateForPeriod })})`
                : ''}
            </Td>
            <Td numeric>{line.debitSen ? formatRinggit(line.debitSen) : ''}</Td>
            <Td numeric>{line.creditSen ? formatRinggit(line.creditSen) : ''}</Td>
            <Td numeric>{formatRinggit(line.balanceSen)}</Td>
          </tr>
        ))}
      </tbody>
      <Box as="tfoot" fontWeight="semibold">
        <tr data-testid="ledger-closing">
          <Td>{displayDate(ledger.to)}</Td>
          <Th scope="row">{t('ledger.carriedForward')}</Th>
          <Td />
          <Td />
          <Td />
          <Td numeric>{formatRinggit(ledger.closingSen)}</Td>
        </tr>
      </Box>
    </TableBox>
  );
}

function Ledger({ span, accountKey }: { span: FinanceSpan; accountKey: string }) {
  const { t } = useT('admin-finance');
  const nameOf = useAccountName();
  const ledger = useServerQuery({
    queryKey: queryKeys.staffFinance.accountLedger(span.tenant, accountKey, span.from, span.to),
    queryFn: () => financeApi.accountLedger(span, accountKey),
  });
  // The account's code and names come with the trial balance of the same span, usually read
  // already on the way here.
  const report = useServerQuery({
    queryKey: queryKeys.staffFinance.trialBalance(span.tenant, span.from, span.to),
    queryFn: () => financeApi.trialBalance(span),
  });
  const row = report.data?.rows.find((one) => one.key === accountKey);
  const name = row ? nameOf(row) : accountKey;
  return (
    <Stack gap={4}>
      <Heading as="h2" size="md">
        {row ? t('ledger.title', { code: row.code, name }) : name}
      </Heading>
      <LoadStatus
        {...loadStatusOf(ledger)}
        loadingLabel={t('ledger.loading')}
        errorTitle={t('ledger.loadFailed')}
      />
      {ledger.data ? (
        <>
          <LedgerTable ledger={ledger.data} name={row ? `${row.code} ${name}` : name} />
          {ledger.data.lines.length === 0 ? <Text>{t('ledger.empty')}</Text> : null}
        </>
      ) : null}
    </Stack>
  );
}

/** `/admin/finance/accounts/:key`: one account's postings in the span, with its running balance. */
export function AccountLedgerPage() {
  const { t } = useT('admin-finance');
  const { key = '' } = useParams();
  const { span, periods } = useFinanceSpan();
  return (
    <PageFrame title={t('nav.label')}>
      <Stack gap={5}>
        {span ? (
          <>
            <Box>
              <InternalLink href={trialBalancePath(span)}>← {t('ledger.back')}</InternalLink>
            </Box>
            <Ledger span={span} accountKey={key} />
          </>
        ) : (
          <LoadStatus
            {...loadStatusOf(periods)}
            loadingLabel={t('ledger.loading')}
            errorTitle={t('ledger.loadFailed')}
          />
        )}
      </Stack>
    </PageFrame>
  );
}
