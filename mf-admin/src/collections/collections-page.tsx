import type {
  CollectionAccountDetail,
  CollectionAccountSummary,
  CollectionStageValue,
} from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { errorMessage, registerTranslations, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
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
} from '@lending/ui';
import { useState } from 'react';

import { displayDate } from '../books/format';
import en from '../locales/en/admin-collections.json';
import ms from '../locales/ms/admin-collections.json';
import { CaseWorkPanel } from './case-work-panel';
import { collectionsAdminApi, WARNING_DAYS, warningDaysProblem } from './collections-api';

registerTranslations('admin-collections', { en, ms });

const STAGES: readonly CollectionStageValue[] = [
  'IN_ARREARS',
  'READY_FOR_DEFAULT',
  'DEFAULT_NOTICE_ISSUED',
];

/** The default notice: the days to pay (14 at least), then a confirmation, by one person. */
export function DefaultNoticeForm({
  detail,
  onDone,
}: {
  detail: CollectionAccountDetail;
  onDone: (next: CollectionAccountDetail) => void;
}) {
  const { t } = useT('admin-collections');
  const [days, setDays] = useState(String(WARNING_DAYS.min));
  const [problem, setProblem] = useState<ReturnType<typeof warningDaysProblem>>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function issue() {
    setBusy(true);
    setFailure(null);
    try {
      onDone(await collectionsAdminApi.issueDefaultNotice(detail.agreementId, Number(days.trim())));
    } catch (error) {
      setFailure(errorMessage(error));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t('notice.title')}
      onSubmit={(event) => {
        event.preventDefault();
        const found = warningDaysProblem(days);
        setProblem(found);
        if (!found) setConfirming(true);
      }}
    >
      <Stack gap={3} maxW="md">
        <Heading as="h3" size="sm">
          {t('notice.title')}
        </Heading>
        <Text fontSize="sm">{t('notice.intro')}</Text>
        <Field.Root required invalid={problem !== null}>
          <Field.Label>{t('notice.days')}</Field.Label>
          <Input
            name="warningDays"
            inputMode="numeric"
            value={days}
            maxLength={3}
            onChange={(event) => {
              setDays(event.target.value);
              setConfirming(false);
            }}
          />
          <Field.HelperText color="gray.700">{t('notice.daysHint', WARNING_DAYS)}</Field.HelperText>
          <Field.ErrorText>
            {problem ? t(`notice.problems.${problem}`, WARNING_DAYS) : ''}
          </Field.ErrorText>
        </Field.Root>
        {failure ? <ErrorNotice title={t('actionFailed')} description={failure} /> : null}
        {confirming ? (
          <Stack gap={2} role="alertdialog" aria-label={t('notice.confirmTitle')}>
            <Text data-testid="notice-confirm">
              {t('notice.confirm', {
                agreementNo: detail.agreementNo,
                amount: formatRinggit(detail.overdueSen + detail.lateChargesSen),
                days: days.trim(),
              })}
            </Text>
            <Stack direction="row" gap={2} flexWrap="wrap">
              <Button loading={busy} onClick={() => void issue()} colorPalette="red">
                {t('notice.issue')}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
                {t('notice.cancel')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Button type="submit" alignSelf="flex-start">
            {t('notice.submit')}
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** One account: its arrears today, the letters sent (to download) and the default notice. */
export function CollectionPanel({
  detail,
  onDone,
}: {
  detail: CollectionAccountDetail;
  onDone: (next: CollectionAccountDetail) => void;
}) {
  const { t } = useT('admin-collections');
  const [failure, setFailure] = useState<string | null>(null);
  const [issued, setIssued] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(letterId: string) {
    setDownloading(letterId);
    setFailure(null);
    try {
      await collectionsAdminApi.downloadLetter(letterId);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  }

  return (
    <Stack gap={4} data-testid="collection-panel" borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h2" size="md">
        {detail.agreementNo} · {detail.borrowerName}
      </Heading>
      <Text>
        <Badge>{t(`stages.${detail.stage}`)}</Badge>{' '}
        {t('figures', {
          days: detail.daysPastDue,
          overdue: formatRinggit(detail.overdueSen),
          charges: formatRinggit(detail.lateChargesSen),
          date: displayDate(detail.asOf),
        })}
      </Text>
      {detail.readyForDefault && detail.stage !== 'DEFAULT_NOTICE_ISSUED' ? (
        <Text data-testid="ready-for-default" fontWeight="semibold">
          {t('readyForDefault')}
        </Text>
      ) : null}
      {detail.overdueInstalments.length > 0 ? (
        <Box overflowX="auto">
          <Box as="table" width="100%" data-testid="overdue-instalments">
            <caption>{t('overdueCaption')}</caption>
            <thead>
              <tr>
                {(['instalment', 'dueDate', 'daysOverdue', 'unpaid'] as const).map((key) => (
                  <Box as="th" key={key} textAlign="start" p={1}>
                    {t(`columns.${key}`)}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {detail.overdueInstalments.map((row) => (
                <tr key={row.instalmentNo}>
                  <Box as="td" p={1}>
                    {row.instalmentNo}
                  </Box>
                  <Box as="td" p={1}>
                    {displayDate(row.dueDate)}
                  </Box>
                  <Box as="td" p={1}>
                    {row.daysOverdue}
                  </Box>
                  <Box as="td" p={1}>
                    {formatRinggit(row.unpaidSen)}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      ) : null}
      {issued ? (
        <SuccessNotice
          title={t('notice.issuedTitle')}
          description={t('notice.issuedDescription')}
        />
      ) : null}
      {detail.canIssueDefaultNotice ? (
        <DefaultNoticeForm
          detail={detail}
          onDone={(next) => {
            setIssued(true);
            onDone(next);
          }}
        />
      ) : null}
      <Stack gap={2}>
        <Heading as="h3" size="sm">
          {t('letters.title')}
        </Heading>
        {failure ? <ErrorNotice title={t('actionFailed')} description={failure} /> : null}
        {detail.items.length === 0 ? <Text>{t('letters.none')}</Text> : null}
        <Stack as="ul" gap={2} listStyleType="none" data-testid="letters">
          {detail.items.map((letter) => (
            <Box as="li" key={letter.id}>
              <Stack
                direction={{ base: 'column', md: 'row' }}
                gap={2}
                alignItems={{ md: 'center' }}
              >
                <Text>
                  {t(`letters.kinds.${letter.kind}`, { version: letter.version })} ·{' '}
                  {displayDate(letter.issuedOn)}
                  {letter.remedyBy
                    ? ` · ${t('letters.remedyBy', { date: displayDate(letter.remedyBy) })}`
                    : ''}
                  {' · '}
                  {letter.emailedAt ? t('letters.emailed') : t('letters.notEmailed')}
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  loading={downloading === letter.id}
                  onClick={() => void download(letter.id)}
                >
                  {t('letters.download', {
                    name: t(`letters.kinds.${letter.kind}`, { version: letter.version }),
                  })}
                </Button>
              </Stack>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}

/** `/admin/collections`: accounts in arrears, their letters, and the default notice. */
export function CollectionsPage() {
  const { t } = useT('admin-collections');
  const [stage, setStage] = useState<CollectionStageValue | ''>('');
  const accounts = useServerQuery({
    queryKey: ['admin', 'collections', stage],
    queryFn: () => collectionsAdminApi.accounts(stage || undefined),
  });
  const [open, setOpen] = useState<CollectionAccountSummary | null>(null);
  const detail = useServerQuery({
    queryKey: ['admin', 'collection', open?.agreementId ?? ''],
    queryFn: () => collectionsAdminApi.account(open!.agreementId),
    enabled: open !== null,
  });
  return (
    <PageFrame title={t('mf-admin:screens.collections.title')}>
      <Stack gap={5}>
        <Text>{t('intro')}</Text>
        <Field.Root maxW="xs">
          <Field.Label>{t('filter')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="stage"
              value={stage}
              onChange={(event) => setStage(event.target.value as CollectionStageValue | '')}
            >
              <option value="">{t('allStages')}</option>
              {STAGES.map((value) => (
                <option key={value} value={value}>
                  {t(`stages.${value}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <LoadStatus
          {...loadStatusOf(accounts)}
          loadingLabel={t('loading')}
          errorTitle={t('loadFailed')}
        />
        {accounts.data && accounts.data.items.length === 0 ? (
          <Text data-testid="no-arrears">{t('none')}</Text>
        ) : null}
        {accounts.data && accounts.data.items.length > 0 ? (
          <Box overflowX="auto">
            <Box as="table" width="100%" data-testid="arrears">
              <thead>
                <tr>
                  {(
                    [
                      'agreement',
                      'borrower',
                      'daysPastDue',
                      'overdue',
                      'lateCharges',
                      'stage',
                      'lettersSent',
                    ] as const
                  ).map((key) => (
                    <Box as="th" key={key} textAlign="start" p={2}>
                      {t(`columns.${key}`)}
                    </Box>
                  ))}
                  <Box as="th" p={2}>
                    {t('columns.open')}
                  </Box>
                </tr>
              </thead>
              <tbody>
                {accounts.data.items.map((item) => (
                  <tr key={item.agreementId}>
                    <Box as="td" p={2}>
                      {item.agreementNo}
                    </Box>
                    <Box as="td" p={2}>
                      {item.borrowerName}
                    </Box>
                    <Box as="td" p={2}>
                      {item.daysPastDue}
                    </Box>
                    <Box as="td" p={2}>
                      {formatRinggit(item.overdueSen)}
                    </Box>
                    <Box as="td" p={2}>
                      {formatRinggit(item.lateChargesSen)}
                    </Box>
                    <Box as="td" p={2}>
                      <Badge colorPalette={item.readyForDefault ? 'red' : 'gray'}>
                        {t(`stages.${item.stage}`)}
                      </Badge>
                    </Box>
                    <Box as="td" p={2}>
                      {item.letters}
                    </Box>
                    <Box as="td" p={2}>
                      <Button size="sm" variant="outline" onClick={() => setOpen(item)}>
                        {t('openAccount', { agreementNo: item.agreementNo })}
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
          // Keys of their own: siblings sharing one make React keep a stale copy on an update.
          <CollectionPanel
            key={`panel-${detail.data.agreementId}`}
            detail={detail.data}
            onDone={() => {
              void detail.refetch();
              void accounts.refetch();
            }}
          />
        ) : null}
        {open ? (
          <CaseWorkPanel key={`work-${open.agreementId}`} agreementId={open.agreementId} />
        ) : null}
      </Stack>
    </PageFrame>
  );
}
