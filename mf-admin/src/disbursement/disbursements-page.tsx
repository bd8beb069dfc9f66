import type {
  Bank,
  DisbursementDetail,
  DisbursementQueueItem,
  PayoutView,
} from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import {
  errorMessage,
  masterApi,
  momentText,
  registerTranslations,
  useLanguage,
  useT,
} from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  ErrorNotice,
  Field,
  Heading,
  Input,
  LoadStatus,
  NativeSelect,
  PageFrame,
  Stack,
  SuccessNotice,
  Text,
  VisuallyHidden,
} from '@lending/ui';
import { useState } from 'react';

import { useRefusalText } from '../app/action-refusal';
import { displayDate } from '../books/format';
import en from '../locales/en/admin-disbursement.json';
import ms from '../locales/ms/admin-disbursement.json';
import { disbursementAdminApi, recordProblems } from './disbursement-api';

registerTranslations('admin-disbursement', { en, ms });

function useDateTime() {
  const language = useLanguage();
  return (iso: string | null) => (iso ? momentText(iso, language) : '—');
}

/** The maker's form: the bank and account, prefilled from the borrower's nomination. */
export function RecordForm({
  detail,
  banks,
  onDone,
}: {
  detail: DisbursementDetail;
  banks: readonly Bank[];
  onDone: (next: DisbursementDetail) => void;
}) {
  const { t } = useT('admin-disbursement');
  const [bankId, setBankId] = useState(detail.nominated ? String(detail.nominated.bankId) : '');
  const [accountName, setAccountName] = useState(detail.nominated?.accountName ?? '');
  const [accountNumber, setAccountNumber] = useState(detail.nominated?.accountNumber ?? '');
  const [problems, setProblems] = useState<ReturnType<typeof recordProblems>>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const found = recordProblems({ bankId, accountName, accountNumber });
    setProblems(found);
    setFailure(null);
    if (found.length > 0) return;
    setBusy(true);
    try {
      onDone(
        await disbursementAdminApi.record(detail.agreementId, {
          version: detail.version,
          bankId: Number(bankId),
          accountName: accountName.trim(),
          accountNumber: accountNumber.replace(/[\s-]/g, ''),
        }),
      );
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t('record.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={3} maxW="md">
        <Heading as="h3" size="sm">
          {t('record.title')}
        </Heading>
        <Field.Root required invalid={problems.includes('bankRequired')}>
          <Field.Label>{t('record.bank')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="bankId"
              value={bankId}
              onChange={(event) => setBankId(event.target.value)}
            >
              <option value="">{t('record.bankPlaceholder')}</option>
              {banks.map((bank) => (
                <option key={bank.id} value={bank.id}>
                  {bank.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{t('record.problems.bankRequired')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={problems.includes('accountNameRequired')}>
          <Field.Label>{t('record.accountName')}</Field.Label>
          <Input
            name="accountName"
            value={accountName}
            maxLength={100}
            onChange={(event) => setAccountName(event.target.value)}
          />
          <Field.ErrorText>{t('record.problems.accountNameRequired')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={problems.includes('accountNumberInvalid')}>
          <Field.Label>{t('record.accountNumber')}</Field.Label>
          <Input
            name="accountNumber"
            inputMode="numeric"
            value={accountNumber}
            maxLength={30}
            onChange={(event) => setAccountNumber(event.target.value)}
          />
          <Field.HelperText color="gray.700">{t('record.accountNumberHint')}</Field.HelperText>
          <Field.ErrorText>{t('record.problems.accountNumberInvalid')}</Field.ErrorText>
        </Field.Root>
        {failure ? <ErrorNotice title={t('actionFailed')} description={failure} /> : null}
        <Button type="submit" alignSelf="flex-start" loading={busy}>
          {t('record.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function PayoutSummary({ payout }: { payout: PayoutView }) {
  const { t } = useT('admin-disbursement');
  const at = useDateTime();
  return (
    <Stack gap={1} data-testid="payout">
      <Text>
        <Badge>{t(`statuses.${payout.status}`)}</Badge>{' '}
        {t('toAccount', {
          amount: formatRinggit(payout.amountSen),
          bank: payout.bankName,
          last4: payout.accountLast4,
        })}
      </Text>
      <Text fontSize="sm" color="gray.700">
        {t('reference', { reference: payout.reference })}
        {payout.bankReference
          ? ` · ${t('bankReference', { reference: payout.bankReference })}`
          : ''}
      </Text>
      <Text fontSize="sm" color="gray.700">
        {t('recordedBy', { name: payout.recordedBy.name, at: at(payout.recordedAt) })}
        {payout.confirmedBy
          ? ` · ${t('confirmedBy', { name: payout.confirmedBy.name, at: at(payout.confirmedAt) })}`
          : ''}
      </Text>
      {payout.status === 'REJECTED' ? (
        <ErrorNotice title={t('rejectedTitle')} description={payout.rejectionReason ?? ''} />
      ) : null}
    </Stack>
  );
}

/** One agreement's payout: record it, confirm it (someone else), or read what was paid. */
export function PayoutPanel({
  detail,
  banks,
  onDone,
}: {
  detail: DisbursementDetail;
  banks: readonly Bank[];
  onDone: (next: DisbursementDetail) => void;
}) {
  const { t } = useT('admin-disbursement');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [latest, ...earlier] = detail.payouts;
  const refusal = useRefusalText('admin-disbursement');
  // What this person may not do here, and why (once the agreement is paid there is nothing).
  const whyNot = [
    refusal('whyNot.record', detail.actions.record, ['notWaiting']),
    refusal('whyNot.confirm', detail.actions.confirm, ['notWaiting']),
  ].filter((text): text is string => text !== null);

  async function confirm() {
    if (!latest) return;
    setBusy(true);
    setFailure(null);
    try {
      onDone(await disbursementAdminApi.confirm(detail.agreementId, latest.id));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={4} data-testid="payout-panel" borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h2" size="md">
        {detail.agreementNo} · {detail.borrowerName}
      </Heading>
      <Text>
        {t('principal')}: {formatRinggit(detail.principalSen)} ·{' '}
        {t('tenure', { months: detail.tenureMonths })} · {t('net')}:{' '}
        <strong>{formatRinggit(detail.netAmountSen)}</strong>
      </Text>
      <Text fontSize="sm" color="gray.700">
        {detail.nominated
          ? t('nominated', {
              bank: detail.nominated.bankName,
              name: detail.nominated.accountName,
              number: detail.nominated.accountNumber,
            })
          : t('noNominated')}
      </Text>
      {latest ? <PayoutSummary payout={latest} /> : null}
      {failure ? <ErrorNotice title={t('actionFailed')} description={failure} /> : null}
      {detail.actions.confirm.allowed && latest ? (
        <Button alignSelf="flex-start" loading={busy} onClick={() => void confirm()}>
          {t('confirm', { amount: formatRinggit(latest.amountSen) })}
        </Button>
      ) : null}
      {whyNot.length > 0 ? (
        <Stack as="ul" gap={1} ps={5} data-testid="payout-why-not">
          {whyNot.map((text) => (
            <li key={text}>
              <Text>{text}</Text>
            </li>
          ))}
        </Stack>
      ) : null}
      {detail.actions.record.allowed ? (
        <RecordForm key={detail.payouts.length} detail={detail} banks={banks} onDone={onDone} />
      ) : null}
      {detail.account ? (
        <SuccessNotice
          title={t('paidTitle')}
          description={t('paidDescription', { date: displayDate(detail.account.firstDueDate) })}
        />
      ) : null}
      {detail.schedule ? (
        <Box overflowX="auto">
          <Heading as="h3" size="sm">
            {t('schedule', { version: detail.schedule.version })}
          </Heading>
          <Text fontSize="sm" color="gray.700" wordBreak="break-all">
            {t('scheduleHash', { hash: detail.schedule.rowsSha256 })}
          </Text>
          <Box as="table" width="100%" data-testid="schedule">
            <thead>
              <tr>
                {(['number', 'dueDate', 'instalment', 'principal', 'interest'] as const).map(
                  (column) => (
                    <Box as="th" key={column} textAlign="start" p={1}>
                      {t(`columns.${column}`)}
                    </Box>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {detail.schedule.rows.map((row) => (
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
                    {formatRinggit(row.principalSen)}
                  </Box>
                  <Box as="td" p={1}>
                    {formatRinggit(row.interestSen)}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      ) : null}
      {earlier.length > 0 ? (
        <Stack gap={2}>
          <Heading as="h3" size="sm">
            {t('history')}
          </Heading>
          {earlier.map((payout) => (
            <PayoutSummary key={payout.id} payout={payout} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** `/admin/disbursements`: agreements waiting for their payout, and the one opened. */
export function DisbursementsPage() {
  const { t } = useT('admin-disbursement');
  const at = useDateTime();
  const queue = useServerQuery({
    queryKey: ['admin', 'disbursements'],
    queryFn: disbursementAdminApi.queue,
  });
  const banks = useServerQuery({
    queryKey: queryKeys.master.list('banks'),
    queryFn: () => masterApi.banks(),
    staleTime: Infinity,
  });
  const [open, setOpen] = useState<DisbursementQueueItem | null>(null);
  const detail = useServerQuery({
    queryKey: ['admin', 'disbursement', open?.agreementId ?? ''],
    queryFn: () => disbursementAdminApi.detail(open!.agreementId),
    enabled: open !== null,
  });
  return (
    <PageFrame title={t('mf-admin:screens.disbursements.title')}>
      <Stack gap={5}>
        <Text>{t('intro')}</Text>
        <LoadStatus
          {...loadStatusOf(queue)}
          loadingLabel={t('loading')}
          errorTitle={t('loadFailed')}
        />
        {queue.data && queue.data.items.length === 0 ? (
          <Text data-testid="no-disbursements">{t('none')}</Text>
        ) : null}
        {queue.data && queue.data.items.length > 0 ? (
          <Box overflowX="auto">
            <Box as="table" width="100%" data-testid="disbursements">
              <thead>
                <tr>
                  {(['agreement', 'borrower', 'signedAt', 'net', 'payout'] as const).map((key) => (
                    <Box as="th" key={key} textAlign="start" p={2}>
                      {t(key)}
                    </Box>
                  ))}
                  <Box as="th" p={2}>
                    <VisuallyHidden>{t('open')}</VisuallyHidden>
                  </Box>
                </tr>
              </thead>
              <tbody>
                {queue.data.items.map((item) => (
                  <tr key={item.agreementId}>
                    <Box as="td" p={2}>
                      {item.agreementNo}
                    </Box>
                    <Box as="td" p={2}>
                      {item.borrowerName}
                    </Box>
                    <Box as="td" p={2}>
                      {at(item.signedAt)}
                    </Box>
                    <Box as="td" p={2}>
                      {formatRinggit(item.netAmountSen)}
                    </Box>
                    <Box as="td" p={2}>
                      {item.payout ? t(`statuses.${item.payout.status}`) : t('noPayout')}
                    </Box>
                    <Box as="td" p={2}>
                      <Button size="sm" variant="outline" onClick={() => setOpen(item)}>
                        {t('openAgreement', { agreementNo: item.agreementNo })}
                      </Button>
                    </Box>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        ) : null}
        {open ? (
          <LoadStatus
            {...loadStatusOf(detail)}
            loadingLabel={t('loading')}
            errorTitle={t('loadFailed')}
          />
        ) : null}
        {open && detail.data ? (
          <PayoutPanel
            key={`${detail.data.agreementId}-${detail.data.payouts.length}`}
            detail={detail.data}
            banks={banks.data ?? []}
            onDone={() => {
              void detail.refetch();
              void queue.refetch();
            }}
          />
        ) : null}
      </Stack>
    </PageFrame>
  );
}
