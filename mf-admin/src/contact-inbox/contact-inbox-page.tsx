import {
  CONTACT_INBOX_PAGE_SIZE,
  CONTACT_INBOX_ROLES,
  type ContactInboxItem,
  type ContactInboxPage,
  type ContactInboxQuery,
  type ContactStaffMember,
  TENANTS,
} from '@lending/contracts';
import { navigate, registerTranslations, useSession, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  Input,
  Link,
  LoadStatus,
  NativeSelect,
  PageFrame,
  SimpleGrid,
  Stack,
  Text,
} from '@lending/ui';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Pager, pagerWords } from '../app/pager';
import { staffIdentity } from '../app/staff-session';
import en from '../locales/en/admin-contact.json';
import ms from '../locales/ms/admin-contact.json';
import { useTimeText } from '../users/user-format';
import {
  ANY_STATUS,
  contactApi,
  contactInboxKeys,
  lastInboxSearch,
  queryFromParams,
  queryToParams,
  STATUS_FILTERS,
} from './contact-api';

registerTranslations('admin-contact', { en, ms });

export const NS = 'admin-contact';
const PAGE_SIZES = [CONTACT_INBOX_PAGE_SIZE, 50, 100];
const NUMBER = new Intl.NumberFormat('en-MY');

export const messagePath = (messageId: string) => `/admin/contact-messages/${messageId}`;

/** Whether the signed-in staff member works the inbox; the API decides the rest. */
export function useMayWorkInbox(): boolean {
  const { staffAccessToken } = useSession();
  const roles = staffIdentity(staffAccessToken)?.roles ?? [];
  return roles.some((role) => CONTACT_INBOX_ROLES.includes(role));
}

export function NotAllowed() {
  const { t } = useT(NS);
  return (
    <Alert.Root status="warning" role="alert" data-testid="inbox-not-allowed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('notAllowed.title')}</Alert.Title>
        <Alert.Description>{t('notAllowed.body')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** A message's status as a badge, the same colour wherever it is shown. */
export function StatusBadge({ status }: { status: ContactInboxItem['status'] }) {
  const { t } = useT(NS);
  const palette = { NEW: 'blue', ASSIGNED: 'orange', ANSWERED: 'green', CLOSED: 'gray' }[status];
  return <Badge colorPalette={palette}>{t(`status.${status}`)}</Badge>;
}

/** `/admin/contact-messages`: the messages from the contact page, filtered and paged by the
 *  server, the ones still to be worked first of all. */
export function ContactInboxPage() {
  const { t } = useT(NS);
  const allowed = useMayWorkInbox();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const queryString = queryToParams(query).toString();
  useEffect(() => lastInboxSearch.set(queryString ? `?${queryString}` : ''), [queryString]);
  const result = useServerQuery<ContactInboxPage>({
    queryKey: contactInboxKeys.page(queryString),
    queryFn: () => contactApi.list(query),
    enabled: allowed,
    // The last answer stays on screen while the next page or filter loads.
    placeholderData: (previous) => previous,
  });

  const show = (changes: Partial<ContactInboxQuery>) =>
    setParams(queryToParams({ ...query, page: undefined, ...changes }));

  return (
    <PageFrame title={t('mf-admin:screens.contactInbox.title')}>
      {allowed ? (
        <Stack gap={5}>
          <FilterForm
            key={queryString}
            query={query}
            assignees={result.data?.assignees ?? []}
            onApply={(changes) => show(changes)}
            onClear={() => setParams(new URLSearchParams())}
          />
          <LoadStatus
            {...loadStatusOf(result)}
            loadingLabel={t('results.loading')}
            errorTitle={t('results.failed')}
          />
          {result.data ? (
            <Results
              data={result.data}
              onPage={(page, pageSize) => show({ page, pageSize })}
              onClear={() => setParams(new URLSearchParams({ status: ANY_STATUS }))}
            />
          ) : null}
        </Stack>
      ) : (
        <NotAllowed />
      )}
    </PageFrame>
  );
}

function Select(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={props.name}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        >
          {props.children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function FilterForm(props: {
  query: ContactInboxQuery;
  assignees: readonly ContactStaffMember[];
  onApply: (changes: Partial<ContactInboxQuery>) => void;
  onClear: () => void;
}) {
  const { t } = useT(NS);
  const { query } = props;
  const [status, setStatus] = useState<string>(query.status ?? ANY_STATUS);
  const [assignee, setAssignee] = useState(query.assignee ?? '');
  const [tenant, setTenant] = useState<string>(query.tenant ?? '');
  const [q, setQ] = useState(query.q ?? '');
  const knownAssignee =
    !assignee ||
    assignee === 'me' ||
    assignee === 'none' ||
    props.assignees.some((one) => one.id === assignee);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply({
      status: status === ANY_STATUS ? undefined : (status as ContactInboxQuery['status']),
      assignee: assignee || undefined,
      tenant: (tenant || undefined) as ContactInboxQuery['tenant'],
      q: q.trim() || undefined,
    });
  };

  return (
    <Box as="section" aria-labelledby="inbox-filters-title" borderWidth="1px" rounded="md" p={4}>
      <Text as="h2" id="inbox-filters-title" fontWeight="semibold" mb={3}>
        {t('filters.title')}
      </Text>
      <form noValidate onSubmit={submit} role="search" aria-labelledby="inbox-filters-title">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4}>
          <Select label={t('filters.status')} name="status" value={status} onChange={setStatus}>
            {[ANY_STATUS, ...STATUS_FILTERS].map((one) => (
              <option key={one} value={one}>
                {t(`status.${one}`)}
              </option>
            ))}
          </Select>
          <Select
            label={t('filters.assignee')}
            name="assignee"
            value={assignee}
            onChange={setAssignee}
          >
            <option value="">{t('filters.anyone')}</option>
            <option value="me">{t('filters.me')}</option>
            <option value="none">{t('filters.nobody')}</option>
            {knownAssignee ? null : <option value={assignee}>{assignee}</option>}
            {props.assignees.map((one) => (
              <option key={one.id} value={one.id}>
                {one.name}
              </option>
            ))}
          </Select>
          <Select label={t('filters.brand')} name="tenant" value={tenant} onChange={setTenant}>
            <option value="">{t('filters.anyBrand')}</option>
            {TENANTS.map((one) => (
              <option key={one} value={one}>
                {t(`tenant.${one}`)}
              </option>
            ))}
          </Select>
          <Field.Root>
            <Field.Label>{t('filters.search')}</Field.Label>
            <Input
              name="q"
              type="search"
              value={q}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setQ(event.target.value)}
            />
            <Field.HelperText>{t('filters.searchHint')}</Field.HelperText>
          </Field.Root>
        </SimpleGrid>
        <Flex gap={2} mt={4} wrap="wrap">
          <Button type="submit" flex={{ base: 1, sm: 'none' }}>
            {t('filters.apply')}
          </Button>
          <Button variant="outline" flex={{ base: 1, sm: 'none' }} onClick={props.onClear}>
            {t('filters.clear')}
          </Button>
        </Flex>
      </form>
    </Box>
  );
}

function Results(props: {
  data: ContactInboxPage;
  onPage: (page: number, size: number) => void;
  onClear: () => void;
}) {
  const { t } = useT(NS);
  const { data } = props;
  const from = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const to = Math.min(data.total, from + data.data.length - 1);
  return (
    <Stack gap={4}>
      {/* Said again whenever the answer changes: how many messages the filters found. */}
      <Text role="status" aria-live="polite" data-testid="inbox-summary">
        {data.data.length === 0
          ? t('results.none')
          : t('results.summary', {
              from: NUMBER.format(from),
              to: NUMBER.format(to),
              total: NUMBER.format(data.total),
            })}
      </Text>
      {data.data.length === 0 ? (
        <Stack gap={3} align="flex-start">
          <Text color="fg.muted">{t('results.noneHint')}</Text>
          <Button variant="outline" onClick={props.onClear}>
            {t('results.showAll')}
          </Button>
        </Stack>
      ) : (
        <SimpleGrid
          as="ul"
          aria-label={t('results.listLabel')}
          columns={{ base: 1, lg: 2 }}
          gap={3}
          listStyleType="none"
        >
          {data.data.map((item) => (
            <Box as="li" key={item.id}>
              <MessageCard item={item} />
            </Box>
          ))}
        </SimpleGrid>
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

function MessageCard({ item }: { item: ContactInboxItem }) {
  const { t } = useT(NS);
  const time = useTimeText();
  const href = messagePath(item.id);
  const sender = item.name ?? item.email;
  return (
    <Card.Root variant="outline" height="full" data-testid={`message-${item.referenceNo}`}>
      <Card.Body gap={2}>
        <Flex justify="space-between" gap={2} align="flex-start" wrap="wrap">
          <Heading as="h2" size="sm" minW={0}>
            <Link
              href={href}
              fontWeight="semibold"
              aria-label={t('item.open', { reference: item.referenceNo, sender })}
              onClick={(event) => {
                event.preventDefault();
                navigate(href);
              }}
            >
              {item.referenceNo}
            </Link>
          </Heading>
          <Flex gap={2} wrap="wrap">
            <StatusBadge status={item.status} />
            <Badge variant="outline">{t(`tenant.${item.tenant}`)}</Badge>
          </Flex>
        </Flex>
        <Text fontWeight="medium" wordBreak="break-word">
          {item.name ?? t('item.anonymous')}
        </Text>
        <Text fontSize="sm" wordBreak="break-all">
          {item.email}
        </Text>
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word">
          {item.excerpt}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('item.received', { when: time(item.createdAt) })}
          {' · '}
          {item.assignee ? t('item.heldBy', { name: item.assignee.name }) : t('item.unassigned')}
          {item.replies > 0 ? ` · ${t('item.replies', { count: item.replies })}` : ''}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
