import {
  ADMIN_USER_PAGE_SIZE,
  type AdminUserListItem,
  type AdminUserPage,
  type AdminUserQuery,
  USER_ADMIN_ROLES,
} from '@lending/contracts';
import { formatPhoneForDisplay } from '@lending/domain';
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
  PageFrame,
  SimpleGrid,
  Stack,
  Text,
} from '@lending/ui';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Pager, pagerWords } from '../app/pager';
import { staffIdentity } from '../app/staff-session';
import en from '../locales/en/admin-users.json';
import ms from '../locales/ms/admin-users.json';
import { useDayText } from './user-format';
import {
  adminUsersKeys,
  lastListSearch,
  queryFromParams,
  queryToParams,
  usersApi,
} from './users-api';

registerTranslations('admin-users', { en, ms });

export const NS = 'admin-users';
const PAGE_SIZES = [ADMIN_USER_PAGE_SIZE, 50, 100];
const NUMBER = new Intl.NumberFormat('en-MY');

export const userPath = (userId: string) => `/admin/users/${userId}`;

/** Whether the signed-in staff member may see applicants at all; the API decides the rest. */
export function useMaySeeApplicants(): boolean {
  const { staffAccessToken } = useSession();
  const roles = staffIdentity(staffAccessToken)?.roles ?? [];
  return roles.some((role) => USER_ADMIN_ROLES.includes(role));
}

export function NotAllowed() {
  const { t } = useT(NS);
  return (
    <Alert.Root status="warning" role="alert" data-testid="applicants-not-allowed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('notAllowed.title')}</Alert.Title>
        <Alert.Description>{t('notAllowed.body')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** `/admin/users`: the applicants, searched and paged by the server, newest first. */
export function UsersPage() {
  const { t } = useT(NS);
  const allowed = useMaySeeApplicants();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const queryString = queryToParams(query).toString();
  useEffect(() => lastListSearch.set(queryString ? `?${queryString}` : ''), [queryString]);
  const result = useServerQuery<AdminUserPage>({
    queryKey: adminUsersKeys.page(queryString),
    queryFn: () => usersApi.search(query),
    enabled: allowed,
    // The last answer stays on screen while the next page or search loads.
    placeholderData: (previous) => previous,
  });

  const show = (changes: Partial<AdminUserQuery>) =>
    setParams(queryToParams({ ...query, page: undefined, ...changes }));

  return (
    <PageFrame title={t('mf-admin:screens.users.title')}>
      {allowed ? (
        <Stack gap={5}>
          <SearchForm
            key={`q-${query.q ?? ''}`}
            initial={query.q ?? ''}
            onSearch={(q) => show({ q: q || undefined })}
            onClear={() => setParams(new URLSearchParams())}
          />
          <LoadStatus
            {...loadStatusOf(result)}
            loadingLabel={t('results.loading')}
            errorTitle={t('results.failed')}
          />
          {result.data ? (
            <Results data={result.data} onPage={(page, pageSize) => show({ page, pageSize })} />
          ) : null}
        </Stack>
      ) : (
        <NotAllowed />
      )}
    </PageFrame>
  );
}

function SearchForm(props: {
  initial: string;
  onSearch: (q: string) => void;
  onClear: () => void;
}) {
  const { t } = useT(NS);
  const [q, setQ] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(q.trim());
  };
  return (
    <form role="search" onSubmit={submit} aria-label={t('search.formLabel')}>
      <Flex gap={3} align="flex-end" wrap="wrap">
        <Field.Root flex="1" minW={{ base: 'full', sm: '18rem' }}>
          <Field.Label>{t('search.label')}</Field.Label>
          <Input
            name="q"
            type="search"
            value={q}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setQ(event.target.value)}
          />
          <Field.HelperText>{t('search.hint')}</Field.HelperText>
        </Field.Root>
        <Flex gap={2} mb={{ base: 0, sm: 6 }} width={{ base: 'full', sm: 'auto' }}>
          <Button type="submit" flex={{ base: 1, sm: 'none' }}>
            {t('search.submit')}
          </Button>
          <Button
            variant="outline"
            flex={{ base: 1, sm: 'none' }}
            onClick={() => {
              setQ('');
              props.onClear();
            }}
          >
            {t('search.clear')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

function Results(props: { data: AdminUserPage; onPage: (page: number, size: number) => void }) {
  const { t } = useT(NS);
  const { data } = props;
  const from = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const to = Math.min(data.total, from + data.items.length - 1);
  return (
    <Stack gap={4}>
      {/* Said again whenever the answer changes: how many applicants the search found. */}
      <Text role="status" aria-live="polite" data-testid="applicants-summary">
        {data.items.length === 0
          ? t('results.none')
          : t('results.summary', {
              from: NUMBER.format(from),
              to: NUMBER.format(to),
              total: NUMBER.format(data.total),
            })}
      </Text>
      {data.items.length > 0 ? (
        <SimpleGrid
          as="ul"
          aria-label={t('results.listLabel')}
          columns={{ base: 1, lg: 2 }}
          gap={3}
          listStyleType="none"
        >
          {data.items.map((item) => (
            <Box as="li" key={item.id}>
              <ApplicantCard item={item} />
            </Box>
          ))}
        </SimpleGrid>
      ) : null}
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

function ApplicantCard({ item }: { item: AdminUserListItem }) {
  const { t } = useT(NS);
  const day = useDayText();
  const href = userPath(item.id);
  const name = item.applicantName ?? item.firstName;
  const none = t('item.none');
  return (
    <Card.Root variant="outline" height="full" data-testid={`applicant-${item.email}`}>
      <Card.Body gap={2}>
        <Flex justify="space-between" gap={2} align="flex-start" wrap="wrap">
          <Heading as="h2" size="sm" minW={0}>
            <Link
              href={href}
              fontWeight="semibold"
              aria-label={t('item.open', { name })}
              onClick={(event) => {
                event.preventDefault();
                navigate(href);
              }}
            >
              {name}
            </Link>
          </Heading>
          <Badge variant="outline">{t(`tenant.${item.tenant}`)}</Badge>
        </Flex>
        <Box as="dl" fontSize="sm" display="grid" gridTemplateColumns="auto 1fr" columnGap={3}>
          <Text as="dt" color="fg.muted">
            {t('item.email')}
          </Text>
          <Text as="dd" wordBreak="break-all">
            {item.email}
          </Text>
          <Text as="dt" color="fg.muted">
            {t('item.phone')}
          </Text>
          <Text as="dd">{item.phoneNo ? formatPhoneForDisplay(item.phoneNo) : none}</Text>
          <Text as="dt" color="fg.muted">
            {t('item.identityCard')}
          </Text>
          <Text as="dd">{item.identityCardNo ?? none}</Text>
          <Text as="dt" color="fg.muted">
            {t('item.business')}
          </Text>
          <Text as="dd">{item.companyName ?? none}</Text>
          <Text as="dt" color="fg.muted">
            {t('item.registered')}
          </Text>
          <Text as="dd">{day(item.createdAt)}</Text>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
