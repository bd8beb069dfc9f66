import {
  AUDIT_ACTOR_KINDS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  type AuditPage,
  type AuditQuery,
  type AuditRow,
} from '@lending/contracts';
import {
  errorMessage,
  momentText,
  navigate,
  registerTranslations,
  saveFile,
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
  Flex,
  HStack,
  Input,
  Link,
  LoadStatus,
  NativeSelect,
  PageFrame,
  SimpleGrid,
  Stack,
  SuccessNotice,
  Text,
  useBreakpointValue,
  VisuallyHidden,
} from '@lending/ui';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Pager, pagerWords } from '../app/pager';
import en from '../locales/en/admin-audit.json';
import ms from '../locales/ms/admin-audit.json';
import { auditApi, exportFailure, queryFromParams, queryToParams } from './audit-api';

registerTranslations('admin-audit', { en, ms });

const NS = 'admin-audit';
const PAGE_SIZES = [AUDIT_PAGE_SIZE, 100, 200];
const NUMBER = new Intl.NumberFormat('en-MY');

/** The kinds of entity the API records (`<type>:<id>`), for the entity filter. */
const ENTITY_TYPES = [
  'application',
  'agreement',
  'user',
  'staff',
  'file',
  'disbursement',
  'mandate',
  'ekyc-session',
  'account',
  'schedule',
  'attestation-video',
  'interview',
  'note',
  'psychometric-attempt',
  'product-settings',
  'job',
] as const;

/** A moment as staff in Malaysia read it, to the second: an audit trail orders by it. */
function useTimeText() {
  const language = useLanguage();
  return (iso: string) => momentText(iso, language, { seconds: true });
}

/** Long ids shortened for a table cell; the whole reference stays in the details. */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

function useActorText() {
  const { t } = useT(NS);
  return (actor: AuditRow['actor']) => {
    const id = actor.ref?.slice(actor.ref.indexOf(':') + 1) ?? '';
    switch (actor.kind) {
      case 'staff':
        return actor.name ?? t('actor.staff', { id: shortId(id) });
      case 'user':
        return t('actor.user', { id: shortId(id) });
      case 'system':
        return t('actor.system', { job: id });
      default:
        return t('actor.none');
    }
  };
}

/** The back office's audit viewer: the log filtered and paged by the server, newest first, and
 *  the same filters exported as a CSV file. */
export function AuditLogPage() {
  const { t } = useT(NS);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const queryString = queryToParams(query).toString();
  const result = useServerQuery<AuditPage>({
    queryKey: queryKeys.staffAudit.page(queryString),
    queryFn: () => auditApi.list(query),
    // The last answer stays on screen while the next page or filter loads.
    placeholderData: (previous) => previous,
  });
  const status = loadStatusOf(result);
  const data = result.data;

  const show = (changes: Partial<AuditQuery>, keepPage = false) =>
    setParams(queryToParams({ ...query, ...changes, ...(keepPage ? {} : { page: undefined }) }));
  const clear = () => setParams(new URLSearchParams());

  return (
    <PageFrame title={t('mf-admin:screens.audit.title')}>
      <Stack gap={5}>
        <FilterForm
          key={`f-${queryString}`}
          query={query}
          staff={data?.staff ?? []}
          actions={data?.actions ?? []}
          onApply={(changes) => show(changes)}
          onClear={clear}
        />
        <ExportButton query={query} />
        <LoadStatus
          {...status}
          loadingLabel={t('results.loading')}
          errorTitle={t('results.failed')}
        />
        {data ? (
          <Results
            data={data}
            onPage={(page, pageSize) => show({ page, pageSize }, true)}
            onClear={clear}
          />
        ) : null}
      </Stack>
    </PageFrame>
  );
}

function ExportButton({ query }: { query: AuditQuery }) {
  const { t } = useT(NS);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const run = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const file = await auditApi.exportCsv(query);
      saveFile(file.blob, file.fileName);
      setNotice({ tone: 'success', text: t('export.done', { file: file.fileName }) });
    } catch (error) {
      const failure = await exportFailure(error);
      setNotice({
        tone: 'error',
        text:
          failure.code === 'AUDIT_EXPORT_TOO_LARGE'
            ? t('export.tooLarge', { max: NUMBER.format(AUDIT_EXPORT_MAX_ROWS) })
            : t('export.failed', { message: failure.message ?? errorMessage(error) }),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={2}>
      <Flex gap={3} align="center" wrap="wrap">
        <Button
          variant="outline"
          loading={busy}
          loadingText={t('export.busy')}
          onClick={() => void run()}
          aria-describedby="audit-export-hint"
        >
          {t('export.button')}
        </Button>
        <Text id="audit-export-hint" fontSize="sm" color="gray.600" flex="1" minW="12rem">
          {t('export.hint')}
        </Text>
      </Flex>
      {notice?.tone === 'success' ? <SuccessNotice title={notice.text} /> : null}
      {notice?.tone === 'error' ? <ErrorNotice title={notice.text} /> : null}
    </Stack>
  );
}

function FilterForm(props: {
  query: AuditQuery;
  staff: AuditPage['staff'];
  actions: readonly string[];
  onApply: (changes: Partial<AuditQuery>) => void;
  onClear: () => void;
}) {
  const { t } = useT(NS);
  const { query } = props;
  const [actor, setActor] = useState(query.actor ?? '');
  const [entityType, setEntityType] = useState(query.entityType ?? '');
  const [entityId, setEntityId] = useState(query.entityId ?? '');
  const [action, setAction] = useState(query.action ?? '');
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const [datesInvalid, setDatesInvalid] = useState(false);

  const groups = [...new Set(props.actions.map((one) => one.split('.')[0]!))].sort();
  const knownActor =
    !actor ||
    (AUDIT_ACTOR_KINDS as readonly string[]).includes(actor) ||
    props.staff.some((one) => one.id === actor);
  const knownAction =
    !action || props.actions.includes(action) || groups.some((group) => `${group}.` === action);
  const knownEntity = !entityType || (ENTITY_TYPES as readonly string[]).includes(entityType);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = Boolean(from && to && from > to);
    setDatesInvalid(invalid);
    if (invalid) return;
    props.onApply({
      actor: actor || undefined,
      entityType: entityType || undefined,
      entityId: entityId.trim() || undefined,
      action: action || undefined,
      from: from || undefined,
      to: to || undefined,
    });
  };

  const select = (
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: ReactNode,
  ) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {options}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <Box as="section" aria-labelledby="audit-filters-title" borderWidth="1px" rounded="md" p={4}>
      <Text as="h2" id="audit-filters-title" fontWeight="semibold" mb={3}>
        {t('filters.title')}
      </Text>
      <form noValidate onSubmit={submit}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={4}>
          {select(
            t('filters.actor'),
            actor,
            setActor,
            <>
              <option value="">{t('filters.anyActor')}</option>
              {knownActor ? null : <option value={actor}>{actor}</option>}
              <optgroup label={t('filters.actorKinds')}>
                {AUDIT_ACTOR_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`actorKind.${kind}`)}
                  </option>
                ))}
              </optgroup>
              {props.staff.length ? (
                <optgroup label={t('filters.staffMembers')}>
                  {props.staff.map((one) => (
                    <option key={one.id} value={one.id}>
                      {one.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </>,
          )}
          {select(
            t('filters.action'),
            action,
            setAction,
            <>
              <option value="">{t('filters.anyAction')}</option>
              {knownAction ? null : <option value={action}>{action}</option>}
              <optgroup label={t('filters.actionGroups')}>
                {groups.map((group) => (
                  <option key={group} value={`${group}.`}>
                    {t('filters.actionGroup', { group })}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('filters.exactActions')}>
                {props.actions.map((one) => (
                  <option key={one} value={one}>
                    {one}
                  </option>
                ))}
              </optgroup>
            </>,
          )}
          {select(
            t('filters.entityType'),
            entityType,
            setEntityType,
            <>
              <option value="">{t('filters.anyEntity')}</option>
              {knownEntity ? null : <option value={entityType}>{entityType}</option>}
              {ENTITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </>,
          )}
          <Field.Root>
            <Field.Label>{t('filters.entityId')}</Field.Label>
            <Input
              value={entityId}
              maxLength={100}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => setEntityId(event.target.value)}
            />
            <Field.HelperText>{t('filters.entityIdHint')}</Field.HelperText>
          </Field.Root>
          <Field.Root invalid={datesInvalid}>
            <Field.Label>{t('filters.from')}</Field.Label>
            <Input
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => setFrom(event.target.value)}
            />
          </Field.Root>
          <Field.Root invalid={datesInvalid}>
            <Field.Label>{t('filters.to')}</Field.Label>
            <Input
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => setTo(event.target.value)}
            />
            <Field.ErrorText>{t('filters.datesInvalid')}</Field.ErrorText>
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
  data: AuditPage;
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
      {/* Said again whenever the answer changes: how many entries the filters found. */}
      <Text role="status" aria-live="polite" data-testid="audit-summary">
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
        <AuditTable rows={data.data} />
      ) : (
        <AuditCards rows={data.data} />
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

/** An application's entity links to its file; other entities are shown as recorded. */
function EntityText({ entity }: { entity: string | null }) {
  const { t } = useT(NS);
  if (!entity) return <>{t('table.noEntity')}</>;
  const [type, id] = [entity.slice(0, entity.indexOf(':')), entity.slice(entity.indexOf(':') + 1)];
  if (type === 'application' && id) {
    const href = `/admin/applications/${id}`;
    return (
      <Link
        href={href}
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
        }}
        title={entity}
      >
        {`${type}:${shortId(id)}`}
      </Link>
    );
  }
  return (
    <Text as="span" title={entity} wordBreak="break-all">
      {type ? `${type}:${shortId(id)}` : entity}
    </Text>
  );
}

function ToggleDetails(props: { row: AuditRow; open: boolean; onToggle: () => void }) {
  const { t } = useT(NS);
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-expanded={props.open}
      // Named only while the details exist: a reference to nothing is an accessibility fault.
      aria-controls={props.open ? `audit-detail-${props.row.id}` : undefined}
      aria-label={
        props.open
          ? t('table.hideLabel', { id: props.row.id })
          : t('table.showLabel', { id: props.row.id })
      }
      onClick={props.onToggle}
    >
      {props.open ? t('table.hide') : t('table.show')}
    </Button>
  );
}

/** Everything the row holds, for the roles the API lets read it. */
function RowDetails({ row }: { row: AuditRow }) {
  const { t } = useT(NS);
  const hasDetail = Object.keys(row.detail).length > 0;
  const item = (label: string, value: ReactNode) => (
    <Box>
      <Text as="dt" fontWeight="semibold" fontSize="sm">
        {label}
      </Text>
      <Box as="dd" m={0} wordBreak="break-word">
        {value}
      </Box>
    </Box>
  );
  return (
    <Box id={`audit-detail-${row.id}`} bg="gray.50" rounded="md" p={3}>
      <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap={3}>
        {item(t('table.entryId'), row.id)}
        {item(t('table.actor'), row.actor.ref ?? t('actor.none'))}
        {row.subject ? item(t('table.subject'), row.subject) : null}
        {row.entity ? item(t('table.entity'), row.entity) : null}
        {row.fromStatus || row.toStatus
          ? item(t('table.change'), `${row.fromStatus ?? '—'} → ${row.toStatus ?? '—'}`)
          : null}
        {row.reason
          ? item(t('table.reason'), <Text whiteSpace="pre-wrap">{row.reason}</Text>)
          : null}
        {row.ip ? item(t('table.ip'), row.ip) : null}
        {row.requestId ? item(t('table.requestId'), row.requestId) : null}
      </SimpleGrid>
      <Box mt={3}>
        <Text fontWeight="semibold" fontSize="sm">
          {t('table.detail')}
        </Text>
        {hasDetail ? (
          <Box
            as="pre"
            fontSize="xs"
            whiteSpace="pre-wrap"
            wordBreak="break-word"
            bg="white"
            borderWidth="1px"
            rounded="sm"
            p={2}
            m={0}
          >
            {JSON.stringify(row.detail, null, 2)}
          </Box>
        ) : (
          <Text>{t('table.noDetail')}</Text>
        )}
      </Box>
    </Box>
  );
}

function useOpenRows() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { open, toggle };
}

function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t } = useT(NS);
  const timeText = useTimeText();
  const actorText = useActorText();
  const { open, toggle } = useOpenRows();
  return (
    <Box overflowX="auto">
      <Box as="table" width="100%" fontSize="sm" css={{ borderCollapse: 'collapse' }}>
        <VisuallyHidden as="caption">{t('table.caption')}</VisuallyHidden>
        <thead>
          <tr>
            <Th>{t('table.time')}</Th>
            <Th>{t('table.actor')}</Th>
            <Th>{t('table.action')}</Th>
            <Th>{t('table.entity')}</Th>
            <Th>{t('table.details')}</Th>
          </tr>
        </thead>
        <tbody>
          {rows.flatMap((row) => {
            const expanded = open.has(row.id);
            return [
              <Box as="tr" key={row.id} borderTopWidth="1px">
                <Td nowrap>
                  <time dateTime={row.at}>{timeText(row.at)}</time>
                </Td>
                <Td>{actorText(row.actor)}</Td>
                <Td>
                  <Badge fontFamily="mono">{row.action}</Badge>
                </Td>
                <Td>
                  <EntityText entity={row.entity ?? row.subject} />
                </Td>
                <Td>
                  <ToggleDetails row={row} open={expanded} onToggle={() => toggle(row.id)} />
                </Td>
              </Box>,
              expanded ? (
                <tr key={`${row.id}-detail`}>
                  <Box asChild px={2} pb={3}>
                    <td colSpan={5}>
                      <RowDetails row={row} />
                    </td>
                  </Box>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </Box>
    </Box>
  );
}

function Th({ children }: { children: ReactNode }) {
  return (
    <Box asChild textAlign="start" py={2} px={2}>
      <th scope="col">{children}</th>
    </Box>
  );
}

function Td(props: { children: ReactNode; nowrap?: boolean }) {
  return (
    <Box as="td" py={2} px={2} verticalAlign="top" whiteSpace={props.nowrap ? 'nowrap' : undefined}>
      {props.children}
    </Box>
  );
}

/** At phone width each entry is a card with its details folded under a button. */
function AuditCards({ rows }: { rows: AuditRow[] }) {
  const { t } = useT(NS);
  const timeText = useTimeText();
  const actorText = useActorText();
  const { open, toggle } = useOpenRows();
  return (
    <Stack as="ul" gap={3} listStyleType="none" ps={0} aria-label={t('table.caption')}>
      {rows.map((row) => (
        <li key={row.id}>
          <Card.Root size="sm">
            <Card.Body>
              <Stack gap={1}>
                <Badge fontFamily="mono" alignSelf="flex-start" maxW="100%" whiteSpace="normal">
                  {row.action}
                </Badge>
                <Text fontSize="sm">
                  <time dateTime={row.at}>{timeText(row.at)}</time>
                </Text>
                <Text>
                  {t('table.actor')}: {actorText(row.actor)}
                </Text>
                <Text>
                  {t('table.entity')}: <EntityText entity={row.entity ?? row.subject} />
                </Text>
                <Box>
                  <ToggleDetails
                    row={row}
                    open={open.has(row.id)}
                    onToggle={() => toggle(row.id)}
                  />
                </Box>
                {open.has(row.id) ? <RowDetails row={row} /> : null}
              </Stack>
            </Card.Body>
          </Card.Root>
        </li>
      ))}
    </Stack>
  );
}
