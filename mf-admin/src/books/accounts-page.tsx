import type { AocAgreementResponse } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { navigate, registerTranslations, useT } from '@lending/platform';
import { loadStatusOf, queryClient, useServerQuery } from '@lending/platform/query';
import {
  Box,
  Button,
  Field,
  Heading,
  Input,
  LoadStatus,
  PageFrame,
  SimpleGrid,
  Stack,
  SummaryRow,
  Text,
} from '@lending/ui';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';

import { useRefusalText } from '../app/action-refusal';
import en from '../locales/en/admin-books.json';
import ms from '../locales/ms/admin-books.json';
import { AdjustmentItem, WaiverForm, WriteOffForm } from './adjustments-panel';
import { booksApi } from './books-api';
import { accountPath, displayDate } from './format';
import { RefundPanel } from './refunds-panel';
import { LedgerDownload, StatementDownload } from './statement-download';

registerTranslations('admin-books', { en, ms });

/** Account, agreement and position today. */
export function AccountSummary({ enquiry }: { enquiry: AocAgreementResponse }) {
  const { t } = useT('admin-books');
  const { accountDetails: account, agreementDetails: agreement } = enquiry;
  return (
    <Stack gap={3} data-testid="account-summary">
      <Heading as="h2" size="md">
        {account.agreementNo} · {account.borrowerName}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 4 }} gap={3}>
        <SummaryRow label={t('account.status')} value={t(`statuses.${account.status}`)} />
        <SummaryRow label={t('account.disbursedOn')} value={displayDate(account.disbursedOn)} />
        <SummaryRow label={t('account.principal')} value={formatRinggit(account.principalSen)} />
        <SummaryRow
          label={t('account.totalRepayable')}
          value={formatRinggit(account.totalRepayableSen)}
        />
        <SummaryRow
          label={t('account.outstanding')}
          value={formatRinggit(account.outstandingSen)}
        />
        <SummaryRow label={t('account.overdue')} value={formatRinggit(account.overdueSen)} />
        <SummaryRow
          label={t('account.lateCharges')}
          value={formatRinggit(account.lateChargesOutstandingSen)}
        />
        <SummaryRow label={t('account.credit')} value={formatRinggit(account.creditSen)} />
        <SummaryRow
          label={t('account.terms')}
          value={t('account.termsValue', {
            months: agreement.tenureMonths,
            rate: (agreement.annualRateBp / 100).toFixed(2),
          })}
        />
        <SummaryRow
          label={t('account.instalment')}
          value={formatRinggit(agreement.monthlyInstalmentSen)}
        />
        <SummaryRow label={t('account.maturity')} value={displayDate(agreement.maturityDate)} />
      </SimpleGrid>
    </Stack>
  );
}

/** Each instalment and where it stands today. */
export function TenureTable({ enquiry }: { enquiry: AocAgreementResponse }) {
  const { t } = useT('admin-books');
  const columns = [
    'number',
    'dueDate',
    'instalment',
    'paid',
    'unpaid',
    'status',
    'lateCharges',
    'waived',
  ] as const;
  return (
    <Box overflowX="auto">
      <Heading as="h3" size="sm" mb={2}>
        {t('tenure.title', { date: displayDate(enquiry.tenureDetails.asOf) })}
      </Heading>
      <Box as="table" width="100%" data-testid="tenure">
        <thead>
          <tr>
            {columns.map((column) => (
              <Box as="th" key={column} textAlign="start" p={1}>
                {t(`tenure.columns.${column}`)}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {enquiry.tenureDetails.instalments.map((row) => (
            <tr key={row.instalmentNo}>
              <Box as="td" p={1}>
                {row.instalmentNo}
              </Box>
              <Box as="td" p={1}>
                {displayDate(row.dueDate)}
              </Box>
              <Box as="td" p={1}>
                {formatRinggit(row.instalmentSen)}
              </Box>
              <Box as="td" p={1}>
                {formatRinggit(row.paidSen)}
              </Box>
              <Box as="td" p={1}>
                {formatRinggit(row.unpaidSen)}
              </Box>
              <Box as="td" p={1}>
                {t(`tenure.statuses.${row.status}`)}
                {row.daysOverdue > 0 ? ` (${t('tenure.days', { count: row.daysOverdue })})` : ''}
              </Box>
              <Box as="td" p={1}>
                {formatRinggit(row.lateChargesSen)}
              </Box>
              <Box as="td" p={1}>
                {formatRinggit(row.lateChargesWaivedSen)}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function PaymentsPanel({ agreementId }: { agreementId: string }) {
  const { t } = useT('admin-books');
  const payments = useServerQuery({
    queryKey: ['admin', 'books', 'payments', agreementId],
    queryFn: () => booksApi.payments(agreementId),
  });
  return (
    <Stack gap={2}>
      <Heading as="h3" size="sm">
        {t('payments.title')}
      </Heading>
      <LoadStatus
        {...loadStatusOf(payments)}
        loadingLabel={t('loading')}
        errorTitle={t('loadFailed')}
      />
      {payments.data && payments.data.items.length === 0 ? <Text>{t('payments.none')}</Text> : null}
      {payments.data && payments.data.items.length > 0 ? (
        <Box overflowX="auto">
          <Box as="table" width="100%" data-testid="payments">
            <thead>
              <tr>
                {(['paidAt', 'receiptNo', 'channel', 'amount', 'allocation'] as const).map((c) => (
                  <Box as="th" key={c} textAlign="start" p={1}>
                    {t(`payments.columns.${c}`)}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {payments.data.items.map((item) => (
                <tr key={item.id}>
                  <Box as="td" p={1}>
                    <time dateTime={item.paidOn}>{displayDate(item.paidOn)}</time>
                  </Box>
                  <Box as="td" p={1}>
                    {item.receiptNo ?? '—'}
                  </Box>
                  <Box as="td" p={1}>
                    {item.channel} · {item.externalRef}
                  </Box>
                  <Box as="td" p={1}>
                    {formatRinggit(item.amountSen)}
                  </Box>
                  <Box as="td" p={1}>
                    {item.allocations
                      .map((line) =>
                        t(`payments.kinds.${line.kind}`, {
                          instalment: line.instalmentNo ?? '',
                          amount: formatRinggit(line.amountSen),
                        }),
                      )
                      .join('; ')}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}

function AdjustmentsPanel({ accountId, onChanged }: { accountId: string; onChanged: () => void }) {
  const { t } = useT('admin-books');
  const key = ['admin', 'books', 'waivers', accountId];
  const waivers = useServerQuery({ queryKey: key, queryFn: () => booksApi.waivers(accountId) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    onChanged();
  };
  const data = waivers.data;
  const active = data?.status === 'ACTIVE';
  const refusal = useRefusalText('admin-books');
  // What the API says this person may propose now, and why not (an inactive account says so
  // once, below).
  const whyNot = data
    ? [
        refusal('whyNot.proposeWaiver', data.actions.proposeWaiver, ['notWaiting']),
        refusal('whyNot.proposeWriteOff', data.actions.proposeWriteOff, ['notWaiting']),
      ].filter((text, at, all): text is string => text !== null && all.indexOf(text) === at)
    : [];
  return (
    <Stack gap={4}>
      <Heading as="h3" size="sm">
        {t('adjustments.title')}
      </Heading>
      <LoadStatus
        {...loadStatusOf(waivers)}
        loadingLabel={t('loading')}
        errorTitle={t('loadFailed')}
      />
      {data ? (
        <Text>
          {t('adjustments.outstanding', {
            amount: formatRinggit(data.lateChargesOutstandingSen),
          })}
        </Text>
      ) : null}
      {data && data.items.length === 0 ? <Text>{t('adjustments.none')}</Text> : null}
      {data && data.items.length > 0 ? (
        <Stack as="ul" gap={2} listStyleType="none" m={0} p={0}>
          {data.items.map((item) => (
            <AdjustmentItem key={item.id} item={item} onDone={refresh} />
          ))}
        </Stack>
      ) : null}
      {whyNot.length > 0 ? (
        <Stack as="ul" gap={1} ps={5} data-testid="adjustments-why-not">
          {whyNot.map((text) => (
            <li key={text}>
              <Text>{text}</Text>
            </li>
          ))}
        </Stack>
      ) : null}
      {data?.actions.proposeWaiver.allowed ? <WaiverForm waivers={data} onDone={refresh} /> : null}
      {data?.actions.proposeWriteOff.allowed ? (
        <WriteOffForm accountId={accountId} onDone={refresh} />
      ) : null}
      {data && !active ? <Text>{t('adjustments.notActive')}</Text> : null}
    </Stack>
  );
}

/** A closed account's credit and its refunds (finance pays the credit back, four eyes). */
function RefundsSection({ accountId, onChanged }: { accountId: string; onChanged: () => void }) {
  const { t } = useT('admin-books');
  const key = ['admin', 'books', 'refunds', accountId];
  const refunds = useServerQuery({ queryKey: key, queryFn: () => booksApi.refunds(accountId) });
  return (
    <Stack gap={2}>
      <LoadStatus
        {...loadStatusOf(refunds)}
        loadingLabel={t('loading')}
        errorTitle={t('loadFailed')}
      />
      {refunds.data ? (
        <RefundPanel
          data={refunds.data}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: key });
            onChanged();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** `/admin/accounts[?agreementNo=]`: the account enquiry, payments, waivers and write-off. */
export function AccountsPage() {
  const { t } = useT('admin-books');
  const { search } = useLocation();
  const agreementNo = new URLSearchParams(search).get('agreementNo')?.trim() ?? '';
  const [draft, setDraft] = useState(agreementNo);
  const enquiryKey = ['admin', 'books', 'enquiry', agreementNo];
  const enquiry = useServerQuery({
    queryKey: enquiryKey,
    queryFn: () => booksApi.enquiry(agreementNo),
    enabled: agreementNo !== '',
  });
  return (
    <PageFrame title={t('mf-admin:screens.accounts.title')}>
      <Stack gap={6}>
        <form
          role="search"
          aria-label={t('accounts.searchLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) navigate(accountPath(draft.trim()));
          }}
        >
          <Stack direction={{ base: 'column', sm: 'row' }} gap={2} align={{ sm: 'end' }}>
            <Field.Root maxW={{ sm: 'xs' }}>
              <Field.Label>{t('statements.agreementNo')}</Field.Label>
              <Input
                name="agreementNo"
                maxLength={40}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            </Field.Root>
            <Button type="submit">{t('accounts.open')}</Button>
          </Stack>
        </form>
        {agreementNo === '' ? <Text>{t('accounts.intro')}</Text> : null}
        {agreementNo ? (
          <LoadStatus
            {...loadStatusOf(enquiry)}
            loadingLabel={t('loading')}
            errorTitle={t('accounts.notFound')}
          />
        ) : null}
        {enquiry.data ? (
          <>
            <AccountSummary enquiry={enquiry.data} />
            <Stack gap={1}>
              <Heading as="h3" size="sm">
                {t('statements.title')}
              </Heading>
              <StatementDownload
                agreementId={enquiry.data.accountDetails.agreementId}
                agreementNo={enquiry.data.accountDetails.agreementNo}
              />
            </Stack>
            <Stack gap={1}>
              <Heading as="h3" size="sm">
                {t('ledger.title')}
              </Heading>
              <Text fontSize="sm">{t('ledger.intro')}</Text>
              <LedgerDownload
                agreementId={enquiry.data.accountDetails.agreementId}
                agreementNo={enquiry.data.accountDetails.agreementNo}
              />
            </Stack>
            <TenureTable enquiry={enquiry.data} />
            <PaymentsPanel agreementId={enquiry.data.accountDetails.agreementId} />
            <AdjustmentsPanel
              accountId={enquiry.data.accountDetails.id}
              onChanged={() => void queryClient.invalidateQueries({ queryKey: enquiryKey })}
            />
            {enquiry.data.accountDetails.status === 'CLOSED' ? (
              <RefundsSection
                accountId={enquiry.data.accountDetails.id}
                onChanged={() => void queryClient.invalidateQueries({ queryKey: enquiryKey })}
              />
            ) : null}
          </>
        ) : null}
      </Stack>
    </PageFrame>
  );
}
