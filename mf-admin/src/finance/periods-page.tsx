import type { LedgerPeriodsResponse, TenantId } from '@lending/contracts';
import {
  calendarDateText,
  errorMessage,
  navigate,
  useLanguage,
  useSession,
  useT,
} from '@lending/platform';
import { loadStatusOf, queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import {
  Box,
  Button,
  ErrorNotice,
  Heading,
  InfoNotice,
  LoadStatus,
  PageFrame,
  Portal,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { Dialog } from '@lending/ui/overlays';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { staffIdentity } from '../app/staff-session';
import { useDateTime } from '../books/format';
import { financeApi } from './finance-api';
import {
  BrandSelect,
  Caption,
  FinanceNav,
  PERIODS_PATH,
  previousPeriod,
  TableBox,
  Td,
  Th,
  useFinanceSpan,
  usePeriodText,
} from './finance-parts';

/**
 * Closing the month before the business date's, behind a confirmation: it cannot be undone. The
 * server decides whether the month may close (ended, not closed, earlier months closed) and its
 * refusal, already in the reader's language, is shown as it came.
 */
function CloseMonth({ tenant, period }: { tenant: TenantId; period: string }) {
  const { t } = useT('admin-finance');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const brand = t(`tenant.${tenant}`);
  const month = usePeriodText();

  const close = () => {
    setOpen(false);
    setRefusal(null);
  };

  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const result = await financeApi.closePeriod(tenant, period);
      setClosed(result.period);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.staffFinance.periods(tenant) });
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={3} as="section" aria-labelledby="close-heading">
      <Heading as="h2" size="md" id="close-heading">
        {t('periods.closeHeading')}
      </Heading>
      <Box aria-live="polite">
        {closed ? <SuccessNotice title={t('periods.done', { period: month(closed) })} /> : null}
      </Box>
      <Box>
        <Button
          colorPalette="red"
          variant="outline"
          onClick={() => {
            setClosed(null);
            setOpen(true);
          }}
        >
          {t('periods.close', { period: month(period) })}
        </Button>
      </Box>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => (details.open ? setOpen(true) : close())}
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx={4}>
              <Dialog.Header>
                <Dialog.Title>
                  {t('periods.confirmTitle', { period: month(period), brand })}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Text>{t('periods.confirmText', { period: month(period) })}</Text>
                  {refusal ? (
                    <ErrorNotice title={t('periods.failed')} description={refusal} />
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {t('periods.keep')}
                </Button>
                <Button colorPalette="red" loading={busy} onClick={() => void confirm()}>
                  {t('periods.confirm')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}

function ClosedMonths({ tenant, view }: { tenant: TenantId; view: LedgerPeriodsResponse }) {
  const { t } = useT('admin-finance');
  const when = useDateTime();
  const month = usePeriodText();
  // The API names the closer by staff id; the reader's own closes are told apart by name.
  const me = staffIdentity(useSession().staffAccessToken);
  const caption = t('periods.caption', { brand: t(`tenant.${tenant}`) });
  return (
    <Stack gap={3} as="section" aria-labelledby="closed-heading">
      <Heading as="h2" size="md" id="closed-heading">
        {t('periods.listHeading')}
      </Heading>
      {view.closed.length === 0 ? (
        <Text>{t('periods.none')}</Text>
      ) : (
        <TableBox label={caption} testId="closed-periods">
          <Caption>{caption}</Caption>
          <thead>
            <tr>
              <Th>{t('periods.columns.period')}</Th>
              <Th>{t('periods.columns.closedAt')}</Th>
              <Th>{t('periods.columns.closedBy')}</Th>
            </tr>
          </thead>
          <tbody>
            {[...view.closed].reverse().map((one) => (
              <tr key={one.period}>
                <Th scope="row">{month(one.period)}</Th>
                <Td>{when(one.closedAt)}</Td>
                <Td>
                  <Text as="span" overflowWrap="anywhere">
                    {me?.id && me.id === one.closedBy
                      ? t('periods.you', { name: me.name })
                      : (one.closedByName ?? t('periods.formerStaff'))}
                  </Text>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </Stack>
  );
}

/** `/admin/finance/periods`: the months closed, and closing the last month that has ended. */
export function PeriodsPage() {
  const { t } = useT('admin-finance');
  const { tenant } = useFinanceSpan();
  const [params] = useSearchParams();
  const month = usePeriodText();
  const language = useLanguage();
  const periods = useServerQuery({
    queryKey: queryKeys.staffFinance.periods(tenant),
    queryFn: () => financeApi.periods(tenant),
  });
  const view = periods.data;
  const period = view ? previousPeriod(view.businessDate) : null;
  const isClosed = view && period ? view.closed.some((one) => one.period === period) : false;
  return (
    <PageFrame title={t('nav.periods')}>
      <Stack gap={5}>
        <FinanceNav current="periods" />
        <Text>{t('periods.intro')}</Text>
        <BrandSelect
          value={tenant}
          onChange={(chosen) => {
            const next = new URLSearchParams(params);
            next.set('tenant', chosen);
            navigate(`${PERIODS_PATH}?${next.toString()}`);
          }}
        />
        <LoadStatus
          {...loadStatusOf(periods)}
          loadingLabel={t('periods.loading')}
          errorTitle={t('periods.loadFailed')}
        />
        {view && period ? (
          <>
            <Text data-testid="finance-business-date">
              {t('periods.businessDate', { date: calendarDateText(view.businessDate, language) })}
            </Text>
            {isClosed ? (
              <Box aria-live="polite">
                <InfoNotice title={t('periods.closed', { period: month(period) })} />
              </Box>
            ) : (
              <CloseMonth key={`${tenant}-${period}`} tenant={tenant} period={period} />
            )}
            <ClosedMonths tenant={tenant} view={view} />
          </>
        ) : null}
      </Stack>
    </PageFrame>
  );
}
