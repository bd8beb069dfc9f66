import type { QueueItem, QueueQuery, QueueResponse, QueueSortField } from '@lending/contracts';
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  formatRinggit,
  malaysiaDate,
  parseRinggit,
} from '@lending/domain';
import { errorMessage, navigate, serverMessage, useSession, useT } from '@lending/platform';
import { loadStatusOf, queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  HStack,
  Input,
  Link,
  LoadStatus,
  NativeSelect,
  PageFrame,
  SimpleGrid,
  Stack,
  Text,
  useBreakpointValue,
  VisuallyHidden,
} from '@lending/ui';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Pager, pagerWords } from '../app/pager';
import { staffIdentity } from '../app/staff-session';
import { queryFromParams, queryToParams, queueApi } from './queue-api';

const NS = 'admin-queue';
const DRAFTS: readonly ApplicationStatus[] = ['DRAFT', 'IMPORTED_DRAFT'];
const CLOSED: readonly ApplicationStatus[] = ['APPROVED', 'REJECTED', 'CANCELLED'];
const SUBMITTED = APPLICATION_STATUSES.filter((status) => !DRAFTS.includes(status));
const PAGE_SIZES = [20, 50, 100];
const NUMBER = new Intl.NumberFormat('en-MY');

/** Text columns read A to Z first; dates and amounts newest and largest first. */
const FIRST_ORDER: Record<QueueSortField, 'asc' | 'desc'> = {
  submittedAt: 'desc',
  requestedAmount: 'desc',
  referenceNo: 'asc',
  status: 'asc',
  companyName: 'asc',
};

const applicationPath = (id: string) => `/admin/applications/${id}`;
const canBeTaken = (item: QueueItem) =>
  !DRAFTS.includes(item.status) && !CLOSED.includes(item.status) && !item.assignedToMe;

/** The back office's queue: every application, filtered, searched, sorted and paged by the
 *  server, with the number of files in each status under the same filters. */
export function QueuePage() {
  const { t } = useT(NS);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const queryString = queryToParams(query).toString();
  const result = useServerQuery<QueueResponse>({
    queryKey: queryKeys.staffQueue.page(queryString),
    queryFn: () => queueApi.list(query),
    // The last answer stays on screen while the next page or filter loads.
    placeholderData: (previous) => previous,
  });
  const status = loadStatusOf(result);
  const { staffAccessToken } = useSession();
  const mayTake = staffIdentity(staffAccessToken)?.roles.includes('CREDIT_OFFICER') ?? false;
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [taking, setTaking] = useState<string | null>(null);

  const show = (changes: Partial<QueueQuery>, keepPage = false) =>
    setParams(queryToParams({ ...query, ...changes, ...(keepPage ? {} : { page: undefined }) }));

  const take = async (item: QueueItem) => {
    setTaking(item.id);
    setNotice(null);
    try {
      await queueApi.assign(item.id, {
        version: item.version,
        ...(item.assignedOfficer ? { reassign: true } : {}),
      });
      setNotice({ tone: 'success', text: t('take.taken', { reference: item.referenceNo }) });
    } catch (error) {
      const code = (error as { response?: { data?: { code?: unknown } } }).response?.data?.code;
      setNotice({
        tone: 'error',
        text:
          code === 'APPLICATION_CHANGED'
            ? t('take.changed', { reference: item.referenceNo })
            : (serverMessage(error) ?? errorMessage(error)),
      });
    } finally {
      setTaking(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.staffQueue.all() });
    }
  };

  const data = result.data;
  return (
    <PageFrame title={t('mf-admin:screens.applications.title')}>
      <Stack gap={5}>
        {data ? (
          <StatusBar
            counts={data.counts}
            selected={query.status ?? []}
            onChange={(statuses) => show({ status: statuses.length ? statuses : undefined })}
          />
        ) : null}
        <SearchForm
          key={`q-${query.q ?? ''}`}
          value={query.q ?? ''}
          onSearch={(q) => show({ q: q || undefined })}
        />
        <FilterForm
          key={`f-${queryString}`}
          query={query}
          officers={data?.officers ?? []}
          onApply={(changes) => show(changes)}
          onClear={() =>
            setParams(queryToParams({ sortBy: query.sortBy, order: query.order, q: query.q }))
          }
        />
        <Box role="status" aria-live="polite">
          {notice ? (
            <Text color={notice.tone === 'error' ? 'red.700' : 'green.700'} fontWeight="medium">
              {notice.text}
            </Text>
          ) : null}
        </Box>
        <LoadStatus
          {...status}
          loadingLabel={t('results.loading')}
          errorTitle={t('results.failed')}
        />
        {data ? (
          <Results
            data={data}
            query={query}
            mayTake={mayTake}
            taking={taking}
            onTake={(item) => void take(item)}
            onSort={(field, order) =>
              show(
                {
                  sortBy: field,
                  order:
                    order ??
                    ((query.sortBy ?? 'submittedAt') !== field
                      ? FIRST_ORDER[field]
                      : (query.order ?? 'desc') === 'asc'
                        ? 'desc'
                        : 'asc'),
                },
                true,
              )
            }
            onPage={(page, pageSize) => show({ page, pageSize }, true)}
            onClear={() => setParams(new URLSearchParams())}
          />
        ) : null}
      </Stack>
    </PageFrame>
  );
}

function StatusBar(props: {
  counts: QueueResponse['counts'];
  selected: readonly ApplicationStatus[];
  onChange: (statuses: ApplicationStatus[]) => void;
}) {
  const { t } = useT(NS);
  const submitted = SUBMITTED.reduce((sum, status) => sum + props.counts[status], 0);
  const toggle = (status: ApplicationStatus) =>
    props.onChange(
      props.selected.includes(status)
        ? props.selected.filter((one) => one !== status)
        : [...props.selected, status],
    );
  return (
    <Flex role="group" aria-label={t('statusBar.label')} gap={2} wrap="wrap">
      <Button
        size="sm"
        variant={props.selected.length === 0 ? 'solid' : 'outline'}
        aria-pressed={props.selected.length === 0}
        onClick={() => props.onChange([])}
      >
        {t('statusBar.allSubmitted', { n: NUMBER.format(submitted) })}
      </Button>
      {[...SUBMITTED, ...DRAFTS].map((status) => (
        <Button
          key={status}
          size="sm"
          variant={props.selected.includes(status) ? 'solid' : 'outline'}
          aria-pressed={props.selected.includes(status)}
          onClick={() => toggle(status)}
        >
          {t('statusBar.status', {
            status: t(`status.${status}`),
            n: NUMBER.format(props.counts[status]),
          })}
        </Button>
      ))}
    </Flex>
  );
}

function SearchForm(props: { value: string; onSearch: (q: string) => void }) {
  const { t } = useT(NS);
  const [text, setText] = useState(props.value);
  return (
    <form
      role="search"
      aria-label={t('search.label')}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(text.trim());
      }}
    >
      <Field.Root>
        <Field.Label>{t('search.label')}</Field.Label>
        <HStack gap={2} align="stretch" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Input
            type="search"
            maxLength={100}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit">{t('search.submit')}</Button>
          {props.value ? (
            <Button
              variant="outline"
              onClick={() => {
                setText('');
                props.onSearch('');
              }}
            >
              {t('search.clear')}
            </Button>
          ) : null}
        </HStack>
        <Field.HelperText>{t('search.hint')}</Field.HelperText>
      </Field.Root>
    </form>
  );
}

const senText = (sen: number | undefined) => (sen === undefined ? '' : String(sen / 100));

function FilterForm(props: {
  query: QueueQuery;
  officers: QueueResponse['officers'];
  onApply: (changes: Partial<QueueQuery>) => void;
  onClear: () => void;
}) {
  const { t } = useT(NS);
  const { query } = props;
  const [type, setType] = useState(query.organizationType?.[0] ?? '');
  const [tenant, setTenant] = useState<string>(query.tenant ?? '');
  const [from, setFrom] = useState(query.submittedFrom ?? '');
  const [to, setTo] = useState(query.submittedTo ?? '');
  const [min, setMin] = useState(senText(query.amountMinSen));
  const [max, setMax] = useState(senText(query.amountMaxSen));
  const [officer, setOfficer] = useState(query.officer ?? '');
  const [invalid, setInvalid] = useState<{ min: boolean; max: boolean }>({
    min: false,
    max: false,
  });

  const amount = (text: string) => {
    if (!text.trim()) return { ok: true as const, sen: undefined };
    const parsed = parseRinggit(text);
    return parsed.ok && parsed.sen >= 0
      ? { ok: true as const, sen: parsed.sen }
      : { ok: false as const };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const low = amount(min);
    const high = amount(max);
    setInvalid({ min: !low.ok, max: !high.ok });
    if (!low.ok || !high.ok) return;
    props.onApply({
      organizationType: type
        ? [type as NonNullable<QueueQuery['organizationType']>[number]]
        : undefined,
      tenant: (tenant || undefined) as QueueQuery['tenant'],
      submittedFrom: from || undefined,
      submittedTo: to || undefined,
      amountMinSen: low.sen,
      amountMaxSen: high.sen,
      officer: officer || undefined,
    });
  };

  const select = (
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: [string, string][],
  ) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <Box as="section" aria-labelledby="queue-filters-title" borderWidth="1px" rounded="md" p={4}>
      <Text as="h2" id="queue-filters-title" fontWeight="semibold" mb={3}>
        {t('filters.title')}
      </Text>
      <form noValidate onSubmit={submit}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4}>
          {select(t('filters.organizationType'), type, setType, [
            ['', t('filters.anyType')],
            ['SOLE_PROP', t('organizationType.SOLE_PROP')],
            ['PARTNERSHIP', t('organizationType.PARTNERSHIP')],
            ['COMPANY', t('organizationType.COMPANY')],
          ])}
          {select(t('filters.officer'), officer, setOfficer, [
            ['', t('filters.anyOfficer')],
            ['me', t('filters.mine')],
            ['none', t('filters.unassigned')],
            ...props.officers.map((one): [string, string] => [one.id, one.name]),
          ])}
          {select(t('filters.tenant'), tenant, setTenant, [
            ['', t('filters.anyTenant')],
            ['arkcash', t('tenant.arkcash')],
            ['redcash', t('tenant.redcash')],
          ])}
          <Field.Root>
            <Field.Label>{t('filters.submittedFrom')}</Field.Label>
            <Input
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('filters.submittedTo')}</Field.Label>
            <Input
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </Field.Root>
          <Field.Root invalid={invalid.min}>
            <Field.Label>{t('filters.amountMin')}</Field.Label>
            <Input inputMode="decimal" value={min} onChange={(e) => setMin(e.target.value)} />
            <Field.ErrorText>{t('filters.amountInvalid')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={invalid.max}>
            <Field.Label>{t('filters.amountMax')}</Field.Label>
            <Input inputMode="decimal" value={max} onChange={(e) => setMax(e.target.value)} />
            <Field.ErrorText>{t('filters.amountInvalid')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <HStack gap={3} mt={4} wrap="wrap">
          <Button type="submit">{t('filters.apply')}</Button>
          <Button variant="outline" onClick={props.onClear}>
            {t('filters.clear')}
          </Button>
        </HStack>
      </form>
    </Box>
  );
}

interface ResultsProps {
  data: QueueResponse;
  query: QueueQuery;
  mayTake: boolean;
  taking: string | null;
  onTake: (item: QueueItem) => void;
  /** Sorts by `field`: in `order`, or the other way round when it is the current sort. */
  onSort: (field: QueueSortField, order?: 'asc' | 'desc') => void;
  onPage: (page: number, pageSize: number) => void;
  onClear: () => void;
}

function Results(props: ResultsProps) {
  const { t } = useT(NS);
  const layout = useBreakpointValue({ base: 'cards', md: 'table' }, { ssr: false }) ?? 'cards';
  const { data } = props;
  const from = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const to = Math.min(data.total, from + data.data.length - 1);
  return (
    <Stack gap={4}>
      {/* Said again whenever the answer changes: how many files the filters found. */}
      <Text role="status" aria-live="polite" data-testid="queue-summary">
        {data.data.length === 0
          ? t('results.none')
          : t('results.summary', {
              from: NUMBER.format(from),
              to: NUMBER.format(to),
              total: NUMBER.format(data.total),
            })}
      </Text>
      {data.data.length === 0 ? (
        <Box>
          <Button variant="outline" onClick={props.onClear}>
            {t('filters.clear')}
          </Button>
        </Box>
      ) : layout === 'table' ? (
        <QueueTable {...props} />
      ) : (
        <QueueCards {...props} />
      )}
      {data.total > 0 ? (
        <Pager
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          sizes={PAGE_SIZES}
          onPage={props.onPage}
          words={pagerWords(t)}
        />
      ) : null}
    </Stack>
  );
}

function useCells() {
  const { t } = useT(NS);
  return {
    amount: (item: QueueItem) =>
      item.requestedAmountSen === null
        ? t('table.noAmount')
        : formatRinggit(item.requestedAmountSen),
    submitted: (item: QueueItem) =>
      item.submittedAt ? malaysiaDate(new Date(item.submittedAt)) : t('table.notSubmitted'),
    officer: (item: QueueItem) =>
      item.assignedOfficer
        ? item.assignedToMe
          ? t('table.you', { name: item.assignedOfficer.name })
          : item.assignedOfficer.name
        : t('table.nobody'),
  };
}

function ApplicationLink({ item }: { item: QueueItem }) {
  const href = applicationPath(item.id);
  return (
    <Link
      href={href}
      fontWeight="semibold"
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
    >
      {item.referenceNo}
    </Link>
  );
}

function TakeButton(props: {
  item: QueueItem;
  taking: string | null;
  onTake: (item: QueueItem) => void;
}) {
  const { t } = useT(NS);
  const { item } = props;
  const over = item.assignedOfficer !== null;
  return (
    <Button
      size="sm"
      variant={over ? 'outline' : 'solid'}
      loading={props.taking === item.id}
      disabled={props.taking !== null}
      aria-label={
        over
          ? t('take.takeOverLabel', {
              reference: item.referenceNo,
              officer: item.assignedOfficer!.name,
            })
          : t('take.takeLabel', { reference: item.referenceNo })
      }
      onClick={() => props.onTake(item)}
    >
      {over ? t('take.takeOver') : t('take.take')}
    </Button>
  );
}

const SORTABLE: QueueSortField[] = [
  'referenceNo',
  'companyName',
  'requestedAmount',
  'submittedAt',
  'status',
];

function QueueTable(props: ResultsProps) {
  const { t } = useT(NS);
  const cells = useCells();
  const sortBy = props.query.sortBy ?? 'submittedAt';
  const order = props.query.order ?? 'desc';
  const header = (field: QueueSortField | 'organizationType' | 'officer' | 'actions') => {
    const label = t(`table.${field}`);
    if (!(SORTABLE as string[]).includes(field)) return <Th key={field}>{label}</Th>;
    const active = sortBy === field;
    return (
      <Th key={field} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <Button
          variant="ghost"
          size="sm"
          px={1}
          fontWeight="semibold"
          onClick={() => props.onSort(field as QueueSortField)}
        >
          {label}
          <span aria-hidden="true">{active ? (order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
          <VisuallyHidden>
            {active ? '' : ` ${t('table.sortBy', { column: label })}`}
          </VisuallyHidden>
        </Button>
      </Th>
    );
  };
  return (
    <Box overflowX="auto">
      <Box as="table" width="100%" fontSize="sm" css={{ borderCollapse: 'collapse' }}>
        <VisuallyHidden as="caption">{t('table.caption')}</VisuallyHidden>
        <thead>
          <tr>
            {header('referenceNo')}
            {header('companyName')}
            {header('organizationType')}
            {header('requestedAmount')}
            {header('submittedAt')}
            {header('status')}
            {header('officer')}
            {props.mayTake ? header('actions') : null}
          </tr>
        </thead>
        <tbody>
          {props.data.data.map((item) => (
            <Box as="tr" key={item.id} borderTopWidth="1px">
              <Td>
                <ApplicationLink item={item} />
              </Td>
              <Td>
                <Text fontWeight="medium">{item.companyName}</Text>
                <Text color="gray.600">{item.applicantName}</Text>
              </Td>
              <Td>{t(`organizationType.${item.organizationType}`)}</Td>
              <Td textAlign="end" whiteSpace="nowrap">
                {cells.amount(item)}
              </Td>
              <Td whiteSpace="nowrap">{cells.submitted(item)}</Td>
              <Td>
                <Badge>{t(`status.${item.status}`)}</Badge>
              </Td>
              <Td>{cells.officer(item)}</Td>
              {props.mayTake ? (
                <Td>
                  {canBeTaken(item) ? (
                    <TakeButton item={item} taking={props.taking} onTake={props.onTake} />
                  ) : null}
                </Td>
              ) : null}
            </Box>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function Th(props: { children: ReactNode; 'aria-sort'?: 'ascending' | 'descending' | 'none' }) {
  return (
    <Box asChild textAlign="start" py={2} px={2}>
      <th scope="col" aria-sort={props['aria-sort']}>
        {props.children}
      </th>
    </Box>
  );
}

function Td(props: { children: ReactNode; textAlign?: 'end'; whiteSpace?: 'nowrap' }) {
  return (
    <Box
      as="td"
      py={2}
      px={2}
      verticalAlign="top"
      textAlign={props.textAlign}
      whiteSpace={props.whiteSpace}
    >
      {props.children}
    </Box>
  );
}

/** At phone width each file is a card; the sort is chosen from a list instead of headers. */
function QueueCards(props: ResultsProps) {
  const { t } = useT(NS);
  const cells = useCells();
  const sortBy = props.query.sortBy ?? 'submittedAt';
  const order = props.query.order ?? 'desc';
  return (
    <Stack gap={3}>
      <Field.Root>
        <Field.Label>{t('table.sortLabel')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={`${sortBy}:${order}`}
            onChange={(event) => {
              const [field, direction] = event.target.value.split(':') as [
                QueueSortField,
                'asc' | 'desc',
              ];
              props.onSort(field, direction);
            }}
          >
            {SORTABLE.flatMap((field) =>
              (['asc', 'desc'] as const).map((direction) => (
                <option key={`${field}:${direction}`} value={`${field}:${direction}`}>
                  {`${t(`table.${field}`)} ${direction === 'asc' ? '▲' : '▼'}`}
                </option>
              )),
            )}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Stack as="ul" gap={3} listStyleType="none" aria-label={t('table.caption')}>
        {props.data.data.map((item) => (
          <li key={item.id}>
            <Card.Root size="sm">
              <Card.Body>
                <Stack gap={1}>
                  <HStack justify="space-between" wrap="wrap">
                    <ApplicationLink item={item} />
                    <Badge>{t(`status.${item.status}`)}</Badge>
                  </HStack>
                  <Text fontWeight="medium">{item.companyName}</Text>
                  <Text color="gray.600">
                    {item.applicantName} · {t(`organizationType.${item.organizationType}`)}
                  </Text>
                  <Text>
                    {cells.amount(item)} · {cells.submitted(item)}
                  </Text>
                  <Text>
                    {t('table.officer')}: {cells.officer(item)}
                  </Text>
                  {props.mayTake && canBeTaken(item) ? (
                    <Box pt={2}>
                      <TakeButton item={item} taking={props.taking} onTake={props.onTake} />
                    </Box>
                  ) : null}
                </Stack>
              </Card.Body>
            </Card.Root>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
