import type { TrialBalanceResponse } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { navigate, saveFile, useLanguage, useT } from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import {
  Box,
  ErrorNotice,
  Heading,
  LoadStatus,
  PageFrame,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { DownloadChoices } from '@lending/ui/screens';

import { displayDate } from '../books/format';
import { financeApi, type FinanceCsv, type FinanceSpan } from './finance-api';
import {
  accountLedgerPath,
  Caption,
  FinanceNav,
  InternalLink,
  SpanForm,
  TableBox,
  Td,
  Th,
  trialBalancePath,
  useAccountName,
  useFinanceSpan,
} from './finance-parts';

/** Whether debits equal credits, said in words and not by colour alone. */
function BalanceNotice({ report }: { report: TrialBalanceResponse }) {
  const { t } = useT('admin-finance');
  const { totals } = report;
  return (
    <Box role="status" data-testid="balance-notice">
      {report.balanced ? (
        <SuccessNotice title={t('trialBalance.balanced')} />
      ) : (
        <ErrorNotice
          title={t('trialBalance.unbalanced')}
          description={t('trialBalance.unbalancedDetail', {
            debit: formatRinggit(totals.debitSen),
            credit: formatRinggit(totals.creditSen),
            closingDebit: formatRinggit(totals.closingDebitSen),
            closingCredit: formatRinggit(totals.closingCreditSen),
          })}
        />
      )}
    </Box>
  );
}

function TrialBalanceTable({ report, span }: { report: TrialBalanceResponse; span: FinanceSpan }) {
  const { t } = useT('admin-finance');
  const nameOf = useAccountName();
  const caption = t('trialBalance.caption', {
    brand: t(`tenant.${span.tenant}`),
    from: displayDate(report.from),
    to: displayDate(report.to),
  });
  if (report.rows.length === 0) return <Text>{t('trialBalance.empty')}</Text>;
  const { totals } = report;
  return (
    <TableBox label={caption} testId="trial-balance">
      <Caption>{caption}</Caption>
      <thead>
        <tr>
          <Th>{t('trialBalance.columns.code')}</Th>
          <Th>{t('trialBalance.columns.account')}</Th>
          <Th numeric>{t('trialBalance.columns.opening')}</Th>
          <Th numeric>{t('trialBalance.columns.debit')}</Th>
          <Th numeric>{t('trialBalance.columns.credit')}</Th>
          <Th numeric>{t('trialBalance.columns.closing')}</Th>
        </tr>
      </thead>
      <tbody>
        {report.rows.map((row) => {
          const name = nameOf(row);
          return (
            <tr key={row.key} data-testid={`tb-${row.key}`}>
              <Td>{row.code}</Td>
              <Th scope="row">
                <InternalLink
                  href={accountLedgerPath(span, row.key)}
                  label={t('trialBalance.open', { code: row.code, name })}
                >
                  {name}
                </InternalLink>
              </Th>
              <Td numeric>{formatRinggit(row.openingSen)}</Td>
              <Td numeric>{formatRinggit(row.debitSen)}</Td>
              <Td numeric>{formatRinggit(row.creditSen)}</Td>
              <Td numeric>{formatRinggit(row.closingSen)}</Td>
            </tr>
          );
        })}
      </tbody>
      <Box as="tfoot" fontWeight="semibold" data-testid="tb-totals">
        <tr>
          <Td />
          <Th scope="row">{t('trialBalance.totals')}</Th>
          <Td />
          <Td numeric>{formatRinggit(totals.debitSen)}</Td>
          <Td numeric>{formatRinggit(totals.creditSen)}</Td>
          <Td numeric>
            <Stack gap={0}>
              <span>
                {t('trialBalance.closingDebits', {
                  amount: formatRinggit(totals.closingDebitSen),
                })}
              </span>
              <span>
                {t('trialBalance.closingCredits', {
                  amount: formatRinggit(totals.closingCreditSen),
                })}
              </span>
            </Stack>
          </Td>
        </tr>
      </Box>
    </TableBox>
  );
}

/** The trial balance and the journal of the span as CSV for an accounting package. */
function Downloads({ span }: { span: FinanceSpan }) {
  const { t } = useT('admin-finance');
  const language = useLanguage() === 'MS' ? 'ms' : 'en';
  return (
    <Stack gap={2} as="section" aria-labelledby="finance-downloads">
      <Heading as="h2" size="sm" id="finance-downloads">
        {t('trialBalance.downloads')}
      </Heading>
      <DownloadChoices<FinanceCsv>
        choices={(['trialBalance', 'journal'] as const).map((kind) => ({
          key: kind,
          label: t(`trialBalance.download.${kind}`),
          ariaLabel: t(`trialBalance.downloadLabel.${kind}`, {
            from: displayDate(span.from),
            to: displayDate(span.to),
          }),
        }))}
        download={async (kind) => {
          const file = await financeApi.csv(kind, span, language);
          saveFile(file.blob, file.fileName);
        }}
        loadingText={t('trialBalance.downloading')}
        failedText={t('trialBalance.downloadFailed')}
        stackOnPhone
      />
    </Stack>
  );
}

function TrialBalance({ span }: { span: FinanceSpan }) {
  const { t } = useT('admin-finance');
  const report = useServerQuery({
    queryKey: queryKeys.staffFinance.trialBalance(span.tenant, span.from, span.to),
    queryFn: () => financeApi.trialBalance(span),
  });
  return (
    <Stack gap={4}>
      <LoadStatus
        {...loadStatusOf(report)}
        loadingLabel={t('trialBalance.loading')}
        errorTitle={t('trialBalance.loadFailed')}
      />
      {report.data ? (
        <>
          <BalanceNotice report={report.data} />
          <TrialBalanceTable report={report.data} span={span} />
          <Downloads span={span} />
        </>
      ) : null}
    </Stack>
  );
}

/** `/admin/finance`: the trial balance of a brand for a span, each account opening its ledger. */
export function TrialBalancePage() {
  const { t } = useT('admin-finance');
  const { span, periods } = useFinanceSpan();
  return (
    <PageFrame title={t('nav.trialBalance')}>
      <Stack gap={5}>
        <FinanceNav current="trialBalance" />
        <Text>{t('trialBalance.intro')}</Text>
        {span ? (
          <>
            <SpanForm
              key={`${span.tenant}-${span.from}-${span.to}`}
              span={span}
              onChoose={(chosen) => navigate(trialBalancePath(chosen))}
            />
            <TrialBalance span={span} />
          </>
        ) : (
          <LoadStatus
            {...loadStatusOf(periods)}
            loadingLabel={t('trialBalance.loading')}
            errorTitle={t('trialBalance.loadFailed')}
          />
        )}
      </Stack>
    </PageFrame>
  );
}
