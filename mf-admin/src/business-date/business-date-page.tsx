import type { BusinessDateView, BusinessDayReport } from '@lending/contracts';
import { isIsoDate } from '@lending/domain';
import {
  calendarDateText,
  errorMessage,
  registerTranslations,
  useLanguage,
  useT,
} from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  Card,
  ErrorNotice,
  Field,
  Heading,
  HStack,
  InfoNotice,
  Input,
  LoadStatus,
  PageFrame,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { type FormEvent, useRef, useState } from 'react';

import en from '../locales/en/admin-business-date.json';
import ms from '../locales/ms/admin-business-date.json';
import { businessDateApi } from './business-date-api';

registerTranslations('admin-business-date', { en, ms });
const NS = 'admin-business-date';
/** How often the page reads close of business's progress while it runs. */
const PROGRESS_POLL_MS = 1500;

/** Business dates as the page's reader reads them. */
function useDateText(): (date: string) => string {
  const language = useLanguage();
  return (date) => calendarDateText(date, language);
}

/** Moving the business date forward: a sandbox's or staging's, never production's. */
function MoveForm({ view, onMoved }: { view: BusinessDateView; onMoved: () => void }) {
  const { t } = useT(NS);
  const dateText = useDateText();
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setMoved(null);
    const value = date.trim();
    const refusal = !value
      ? t('move.required', { date: dateText(view.businessDate) })
      : !isIsoDate(value) || value <= view.businessDate
        ? t('move.notForward', { date: dateText(view.businessDate) })
        : null;
    setProblem(refusal);
    if (refusal) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const after = await businessDateApi.move(value);
      setMoved(after.businessDate);
      setDate('');
      onMoved();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="move-heading">
      <Stack gap={3}>
        <Heading as="h2" size="md" id="move-heading">
          {t('move.heading')}
        </Heading>
        <Text fontSize="sm">{t('move.help')}</Text>
        <Field.Root required invalid={problem !== null} maxW="20rem">
          <Field.Label>{t('move.label')}</Field.Label>
          <Input
            ref={field}
            type="date"
            name="businessDate"
            min={view.businessDate}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
        <Box aria-live="polite">
          {moved ? <SuccessNotice title={t('move.moved', { date: dateText(moved) })} /> : null}
        </Box>
        {failure ? <ErrorNotice title={t('move.failed')} description={failure} /> : null}
        <Box>
          <Button type="submit" loading={busy}>
            {t('move.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** Close of business on demand, and how far the run under way (or the last) went. */
function CloseOfBusiness({ view, onStarted }: { view: BusinessDateView; onStarted: () => void }) {
  const { t } = useT(NS);
  const dateText = useDateText();
  const [failure, setFailure] = useState<string | null>(null);
  const [nothing, setNothing] = useState(false);
  const [busy, setBusy] = useState(false);
  const { progress } = view;

  const run = async () => {
    setFailure(null);
    setNothing(false);
    setBusy(true);
    try {
      const started = await businessDateApi.closeOfBusiness();
      setNothing(started.from === null);
      onStarted();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={3} as="section" aria-labelledby="cob-heading">
      <Heading as="h2" size="md" id="cob-heading">
        {t('cob.heading')}
      </Heading>
      <Text fontSize="sm">{t('cob.help')}</Text>
      <Box role="status" aria-live="polite" data-testid="cob-progress">
        {progress.from && progress.to ? (
          <Stack gap={1}>
            <Text fontWeight="semibold">
              {progress.running
                ? t('cob.running', {
                    day: dateText(progress.day ?? progress.from),
                    closed: progress.daysClosed,
                    total: progress.daysTotal,
                  })
                : t('cob.done', {
                    closed: progress.daysClosed,
                    total: progress.daysTotal,
                    from: dateText(progress.from),
                    to: dateText(progress.to),
                  })}
            </Text>
            <progress
              max={progress.daysTotal}
              value={progress.daysClosed}
              aria-label={t('cob.heading')}
            />
            <Text fontSize="sm">{t('cob.loans', { count: progress.loans })}</Text>
            <Text fontSize="sm" color={progress.failures > 0 ? 'red.700' : undefined}>
              {t('cob.failures', { count: progress.failures })}
            </Text>
          </Stack>
        ) : null}
        {nothing ? <InfoNotice title={t('cob.nothing')} /> : null}
      </Box>
      {failure ? <ErrorNotice title={t('cob.failed')} description={failure} /> : null}
      <Box>
        <Button onClick={() => void run()} loading={busy || progress.running}>
          {t('cob.run')}
        </Button>
      </Box>
    </Stack>
  );
}

function DayCard({ day }: { day: BusinessDayReport }) {
  const { t } = useT(NS);
  const dateText = useDateText();
  const palette = day.status === 'CLOSED' ? 'green' : day.status === 'FAILED' ? 'red' : 'orange';
  return (
    <Card.Root as="li" data-testid="business-day" size="sm">
      <Card.Body>
        <Stack gap={1}>
          <HStack justify="space-between" wrap="wrap">
            <Text fontWeight="semibold">{dateText(day.businessDate)}</Text>
            <Badge colorPalette={palette}>{t(`days.${day.status}`)}</Badge>
          </HStack>
          <Text fontSize="sm">
            {t('days.loans')}: {day.loans} · {t('days.failures')}: {day.failures}
          </Text>
          <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
            {t('days.jobs')}:{' '}
            {day.jobs
              .map(
                (job) =>
                  `${t(`jobs.${job.name}`, { defaultValue: job.name })} (${job.outcome === 'failed' ? t('days.FAILED') : `${job.durationMs} ms`})`,
              )
              .join(', ')}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The newest days first; a jump of months closes a day per date, so the rest wait to be asked for. */
const DAYS_SHOWN = 7;

function ClosedDays({ days }: { days: readonly BusinessDayReport[] }) {
  const { t } = useT(NS);
  const [all, setAll] = useState(false);
  const shown = all ? days : days.slice(0, DAYS_SHOWN);
  return (
    <>
      <Stack as="ul" gap={2} listStyleType="none" ms={0}>
        {shown.map((day) => (
          <DayCard key={day.businessDate} day={day} />
        ))}
      </Stack>
      {days.length > DAYS_SHOWN ? (
        <Box>
          <Button variant="outline" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? t('days.fewer', { count: DAYS_SHOWN }) : t('days.all', { count: days.length })}
          </Button>
        </Box>
      ) : null}
    </>
  );
}

/** `/admin/business-date`: the date the books stand at, moving it (sandbox), close of business. */
export function BusinessDatePage() {
  const { t } = useT(NS);
  const dateText = useDateText();
  const view = useServerQuery({
    queryKey: queryKeys.staffBusinessDate.all(),
    queryFn: () => businessDateApi.view(),
    refetchInterval: (query) => (query.state.data?.progress.running ? PROGRESS_POLL_MS : false),
  });
  const refresh = () => void view.refetch();
  const data = view.data;
  return (
    <PageFrame title={t('title')}>
      <Stack gap={6}>
        <Text>{t('intro')}</Text>
        <LoadStatus
          {...loadStatusOf(view)}
          loadingLabel={t('loading')}
          errorTitle={t('loadFailed')}
        />
        {data ? (
          <>
            <Stack as="dl" gap={1} data-testid="business-date">
              <HStack gap={2} wrap="wrap">
                <Text as="dt" fontWeight="semibold">
                  {t('businessDate')}
                </Text>
                <Text as="dd" ms={0} fontSize="lg">
                  {dateText(data.businessDate)}
                </Text>
              </HStack>
              <HStack gap={2} wrap="wrap">
                <Text as="dt" fontWeight="semibold">
                  {t('malaysiaDate')}
                </Text>
                <Text as="dd" ms={0}>
                  {dateText(data.malaysiaDate)}
                </Text>
              </HStack>
              <HStack gap={2} wrap="wrap">
                <Text as="dt" fontWeight="semibold">
                  {t('lastClosed')}
                </Text>
                <Text as="dd" ms={0}>
                  {data.lastClosed ? dateText(data.lastClosed) : t('never')}
                </Text>
              </HStack>
            </Stack>
            {data.movable ? (
              <MoveForm view={data} onMoved={refresh} />
            ) : (
              <InfoNotice title={t('follows')} />
            )}
            <CloseOfBusiness view={data} onStarted={refresh} />
            <Stack gap={3} as="section" aria-labelledby="days-heading">
              <Heading as="h2" size="md" id="days-heading">
                {t('days.heading')}
              </Heading>
              {data.days.length === 0 ? (
                <Text>{t('days.none')}</Text>
              ) : (
                <ClosedDays days={data.days} />
              )}
            </Stack>
          </>
        ) : null}
      </Stack>
    </PageFrame>
  );
}
