import type { LoanAccountStatus, StatementSearchBody } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { navigate, registerTranslations, useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import {
  Box,
  Button,
  Field,
  Input,
  Link,
  LoadStatus,
  NativeSelect,
  PageFrame,
  SimpleGrid,
  Stack,
  Text,
} from '@lending/ui';
import { useState } from 'react';

import { Pager } from '../app/pager';
import en from '../locales/en/admin-books.json';
import ms from '../locales/ms/admin-books.json';
import { booksApi } from './books-api';
import { accountPath, displayDate } from './format';
import { StatementDownload } from './statement-download';

registerTranslations('admin-books', { en, ms });

export const STATEMENT_PAGE_SIZE = 20;

interface Filters {
  agreementNo: string;
  borrowerName: string;
  status: '' | LoanAccountStatus;
  disbursedFrom: string;
  disbursedTo: string;
}

const EMPTY: Filters = {
  agreementNo: '',
  borrowerName: '',
  status: '',
  disbursedFrom: '',
  disbursedTo: '',
};

/** The search as the API takes it: empty filters left out. */
export function searchBody(filters: Filters, currentPage: number): StatementSearchBody {
  return {
    currentPage,
    pageSize: STATEMENT_PAGE_SIZE,
    ...(filters.agreementNo.trim() ? { agreementNo: filters.agreementNo.trim() } : {}),
    ...(filters.borrowerName.trim() ? { borrowerName: filters.borrowerName.trim() } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.disbursedFrom ? { disbursedFrom: filters.disbursedFrom } : {}),
    ...(filters.disbursedTo ? { disbursedTo: filters.disbursedTo } : {}),
  };
}

/** `/admin/statements`: find loan accounts and download their statements of account. */
export function StatementsPage() {
  const { t } = useT('admin-books');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const body = searchBody(applied, page);
  const results = useServerQuery({
    queryKey: ['admin', 'statements', body],
    queryFn: () => booksApi.statements(body),
  });
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  return (
    <PageFrame title={t('mf-admin:screens.statements.title')}>
      <Stack gap={5}>
        <Text>{t('statements.intro')}</Text>
        <form
          role="search"
          aria-label={t('statements.searchLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            setApplied(draft);
            setPage(1);
          }}
        >
          <SimpleGrid columns={{ base: 1, md: 3 }} gap={3}>
            <Field.Root>
              <Field.Label>{t('statements.agreementNo')}</Field.Label>
              <Input
                name="agreementNo"
                maxLength={40}
                value={draft.agreementNo}
                onChange={set('agreementNo')}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('statements.borrowerName')}</Field.Label>
              <Input
                name="borrowerName"
                maxLength={100}
                value={draft.borrowerName}
                onChange={set('borrowerName')}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('statements.status')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="status" value={draft.status} onChange={set('status')}>
                  <option value="">{t('statements.anyStatus')}</option>
                  {(['ACTIVE', 'CLOSED', 'WRITEOFF', 'TERMINATED'] as const).map((status) => (
                    <option key={status} value={status}>
                      {t(`statuses.${status}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('statements.disbursedFrom')}</Field.Label>
              <Input
                type="date"
                name="disbursedFrom"
                value={draft.disbursedFrom}
                onChange={set('disbursedFrom')}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('statements.disbursedTo')}</Field.Label>
              <Input
                type="date"
                name="disbursedTo"
                value={draft.disbursedTo}
                onChange={set('disbursedTo')}
              />
            </Field.Root>
            <Stack direction="row" gap={2} alignSelf="end">
              <Button type="submit">{t('statements.search')}</Button>
              <Button
                variant="outline"
                onClick={() => {
                  setDraft(EMPTY);
                  setApplied(EMPTY);
                  setPage(1);
                }}
              >
                {t('statements.clear')}
              </Button>
            </Stack>
          </SimpleGrid>
        </form>
        <LoadStatus
          {...loadStatusOf(results)}
          loadingLabel={t('statements.loading')}
          errorTitle={t('statements.loadFailed')}
        />
        {results.data ? (
          <StatementResults data={results.data} page={page} onPage={setPage} />
        ) : null}
      </Stack>
    </PageFrame>
  );
}

export function StatementResults({
  data,
  page,
  onPage,
}: {
  data: Awaited<ReturnType<typeof booksApi.statements>>;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useT('admin-books');
  if (data.items.length === 0) {
    return <Text data-testid="no-statements">{t('statements.none')}</Text>;
  }
  return (
    <Stack gap={3}>
      <Text aria-live="polite">{t('statements.count', { count: data.total })}</Text>
      <Box overflowX="auto">
        <Box as="table" width="100%" data-testid="statements">
          <thead>
            <tr>
              {(
                [
                  'agreementNo',
                  'borrowerName',
                  'status',
                  'disbursedOn',
                  'principal',
                  'statement',
                ] as const
              ).map((column) => (
                <Box as="th" key={column} textAlign="start" p={2}>
                  {t(`statements.columns.${column}`)}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.agreementId}>
                <Box as="td" p={2}>
                  <Link
                    href={accountPath(item.agreementNo)}
                    fontWeight="semibold"
                    onClick={(event) => {
                      event.preventDefault();
                      navigate(accountPath(item.agreementNo));
                    }}
                  >
                    {item.agreementNo}
                  </Link>
                </Box>
                <Box as="td" p={2}>
                  {item.borrowerName}
                </Box>
                <Box as="td" p={2}>
                  {t(`statuses.${item.status}`)}
                </Box>
                <Box as="td" p={2}>
                  {displayDate(item.disbursedOn)}
                </Box>
                <Box as="td" p={2}>
                  {formatRinggit(item.principalSen)}
                </Box>
                <Box as="td" p={2}>
                  <StatementDownload
                    agreementId={item.agreementId}
                    agreementNo={item.agreementNo}
                  />
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Pager
        page={page}
        pageSize={data.pageSize}
        total={data.total}
        onPage={(next) => onPage(next)}
        words={{
          label: t('statements.pages'),
          previous: t('statements.previous'),
          next: t('statements.next'),
          page: (page, pages) => t('statements.page', { page, pages }),
        }}
      />
    </Stack>
  );
}
