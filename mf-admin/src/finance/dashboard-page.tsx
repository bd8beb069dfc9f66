import type { PortfolioDashboardResponse } from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import {
  calendarDateText,
  calendarMonthText,
  useBrand,
  useLanguage,
  useT,
} from '@lending/platform';
import { loadStatusOf, queryKeys, useServerQuery } from '@lending/platform/query';
import {
  Box,
  Button,
  Heading,
  LoadStatus,
  PageFrame,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@lending/ui';
import { type ReactNode, useState } from 'react';

import { Bars, type ChartRow, Lines } from './dashboard-charts';
import { financeApi } from './finance-api';
import { Caption, FinanceNav, TableBox, Td, Th } from './finance-parts';

type Board = PortfolioDashboardResponse;

const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/** How figures are written for the reader's language: months by name, axes in short ringgit. */
function useFormats() {
  const language = useLanguage();
  const locale = language === 'MS' ? 'ms-MY' : 'en-MY';
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(locale);
  return {
    month: (month: string) => calendarMonthText(`${month}-01`, language),
    axisRinggit: (sen: number) => `RM ${compact.format(sen / 100)}`,
    count: (value: number) => whole.format(value),
  };
}

interface TableSpec {
  caption: string;
  columns: { label: string; numeric?: boolean }[];
  /** The first cell heads its row. */
  rows: { key: string; cells: string[] }[];
}

function FigureTable({ spec, testId }: { spec: TableSpec; testId: string }) {
  return (
    <>
      <Caption>{spec.caption}</Caption>
      <thead>
        <tr>
          {spec.columns.map((column) => (
            <Th key={column.label} numeric={column.numeric}>
              {column.label}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {spec.rows.map((row) => (
          <tr key={row.key} data-testid={`${testId}-${row.key}`}>
            <Th scope="row">{row.cells[0]}</Th>
            {row.cells.slice(1).map((cell, index) => (
              <Td key={index} numeric={spec.columns[index + 1]?.numeric}>
                {cell}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
}

/**
 * A chart and its figures as a table: screen readers read the table (hidden from sight until
 * asked for), the chart is a picture of it. Shown, the table scrolls in its own box on a phone;
 * hidden, it is not a focus stop.
 */
function ChartSection({
  id,
  title,
  description,
  chart,
  table,
}: {
  id: string;
  title: string;
  description?: string;
  chart: ReactNode;
  table: TableSpec;
}) {
  const { t } = useT('admin-finance');
  const [shown, setShown] = useState(false);
  const tableId = `${id}-table`;
  return (
    <Box
      as="section"
      aria-labelledby={`${id}-title`}
      borderWidth="1px"
      borderRadius="md"
      p={{ base: 3, md: 4 }}
      minW={0}
    >
      <Stack gap={3}>
        <Heading as="h2" size="sm" id={`${id}-title`}>
          {title}
        </Heading>
        {description ? <Text fontSize="sm">{description}</Text> : null}
        {chart}
        <Box>
          <Button
            size="sm"
            variant="outline"
            aria-expanded={shown}
            aria-controls={tableId}
            // Six such buttons on the page: each names the chart it is for (its words first).
            aria-label={`${shown ? t('dashboard.hideTable') : t('dashboard.showTable')}: ${title}`}
            onClick={() => setShown((now) => !now)}
          >
            {shown ? t('dashboard.hideTable') : t('dashboard.showTable')}
          </Button>
        </Box>
        {shown ? (
          <Box id={tableId}>
            <TableBox label={table.caption} testId={id}>
              <FigureTable spec={table} testId={id} />
            </TableBox>
          </Box>
        ) : (
          <VisuallyHidden asChild>
            <div id={tableId}>
              <table data-testid={id}>
                <FigureTable spec={table} testId={id} />
              </table>
            </div>
          </VisuallyHidden>
        )}
      </Stack>
    </Box>
  );
}

/** The three figures owners look at first. */
function Summary({ board }: { board: Board }) {
  const { t } = useT('admin-finance');
  const current = board.months.at(-1);
  const par30 = board.par.find((row) => row.days === 30);
  const items = [
    ['outstanding', formatRinggit(board.outstandingPrincipalSen)],
    ['par30', par30 ? percent(par30.bp) : '—'],
    [
      'collectionRate',
      current?.collectionRateBp == null
        ? t('dashboard.nothingDue')
        : percent(current.collectionRateBp),
    ],
  ] as const;
  return (
    <SimpleGrid
      as="dl"
      columns={{ base: 1, sm: 3 }}
      gap={3}
      aria-label={t('dashboard.summary.label')}
      data-testid="dashboard-summary"
    >
      {items.map(([key, value]) => (
        <Box key={key} borderWidth="1px" borderRadius="md" p={3}>
          <Text as="dt" fontSize="sm">
            {t(`dashboard.summary.${key}`)}
          </Text>
          <Text as="dd" fontSize="xl" fontWeight="semibold" ms={0}>
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function Dashboard({ board }: { board: Board }) {
  const { t } = useT('admin-finance');
  const f = useFormats();
  const c = (key: string) => t(`dashboard.columns.${key}`);
  const numeric = { numeric: true };
  const monthly: ChartRow[] = board.months.map((m) => ({
    label: f.month(m.month),
    disbursed: m.disbursedSen,
    collected: m.collectedSen,
    due: m.dueSen,
    outstanding: m.outstandingPrincipalSen,
  }));
  const monthRows = (cells: (m: Board['months'][number]) => string[]) =>
    board.months.map((m) => ({ key: m.month, cells: [f.month(m.month), ...cells(m)] }));
  const parLabel = (days: number) => t('dashboard.par.label', { days });
  const bucketLabel = (bucket: string) => t(`dashboard.ageing.bucket.${bucket}`);
  const steps = ['submitted', 'approved', 'signed', 'paidOut'] as const;
  return (
    <Stack gap={5}>
      <Summary board={board} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
        <ChartSection
          id="dashboard-flows"
          title={t('dashboard.flows.title')}
          chart={
            <Bars
              rows={monthly}
              category="label"
              format={f.axisRinggit}
              series={[
                { key: 'disbursed', label: c('disbursed') },
                { key: 'collected', label: c('collected') },
              ]}
            />
          }
          table={{
            caption: t('dashboard.flows.title'),
            columns: [
              { label: c('month') },
              { label: c('disbursed'), ...numeric },
              { label: c('collected'), ...numeric },
            ],
            rows: monthRows((m) => [formatRinggit(m.disbursedSen), formatRinggit(m.collectedSen)]),
          }}
        />
        <ChartSection
          id="dashboard-outstanding"
          title={t('dashboard.outstanding.title')}
          chart={
            <Lines
              rows={monthly}
              category="label"
              format={f.axisRinggit}
              series={[{ key: 'outstanding', label: c('outstanding') }]}
            />
          }
          table={{
            caption: t('dashboard.outstanding.title'),
            columns: [{ label: c('month') }, { label: c('outstanding'), ...numeric }],
            rows: monthRows((m) => [formatRinggit(m.outstandingPrincipalSen)]),
          }}
        />
        <ChartSection
          id="dashboard-collection"
          title={t('dashboard.collection.title')}
          chart={
            <Bars
              rows={monthly}
              category="label"
              format={f.axisRinggit}
              series={[
                { key: 'due', label: c('due') },
                { key: 'collected', label: c('collected') },
              ]}
            />
          }
          table={{
            caption: t('dashboard.collection.title'),
            columns: [
              { label: c('month') },
              { label: c('due'), ...numeric },
              { label: c('collected'), ...numeric },
              { label: c('rate'), ...numeric },
            ],
            rows: monthRows((m) => [
              formatRinggit(m.dueSen),
              formatRinggit(m.collectedSen),
              m.collectionRateBp === null ? t('dashboard.nothingDue') : percent(m.collectionRateBp),
            ]),
          }}
        />
        <ChartSection
          id="dashboard-par"
          title={t('dashboard.par.title')}
          description={t('dashboard.par.description')}
          chart={
            <Bars
              rows={board.par.map((row) => ({ label: parLabel(row.days), share: row.bp }))}
              category="label"
              format={percent}
              axisFormat={(bp) => `${Math.round(bp / 100)}%`}
              series={[{ key: 'share', label: c('share') }]}
            />
          }
          table={{
            caption: t('dashboard.par.title'),
            columns: [
              { label: c('measure') },
              { label: c('principal'), ...numeric },
              { label: c('share'), ...numeric },
            ],
            rows: board.par.map((row) => ({
              key: String(row.days),
              cells: [parLabel(row.days), formatRinggit(row.principalSen), percent(row.bp)],
            })),
          }}
        />
        <ChartSection
          id="dashboard-ageing"
          title={t('dashboard.ageing.title')}
          chart={
            <Bars
              rows={board.ageing.map((row) => ({
                label: bucketLabel(row.bucket),
                principal: row.principalSen,
                overdue: row.overdueSen,
              }))}
              category="label"
              format={f.axisRinggit}
              series={[
                { key: 'principal', label: c('principal') },
                { key: 'overdue', label: c('overdue') },
              ]}
            />
          }
          table={{
            caption: t('dashboard.ageing.title'),
            columns: [
              { label: c('bucket') },
              { label: c('count'), ...numeric },
              { label: c('principal'), ...numeric },
              { label: c('overdue'), ...numeric },
            ],
            rows: board.ageing.map((row) => ({
              key: row.bucket,
              cells: [
                bucketLabel(row.bucket),
                f.count(row.count),
                formatRinggit(row.principalSen),
                formatRinggit(row.overdueSen),
              ],
            })),
          }}
        />
        <ChartSection
          id="dashboard-funnel"
          title={t('dashboard.funnel.title')}
          chart={
            <Bars
              horizontal
              rows={steps.map((step) => ({
                label: t(`dashboard.funnel.${step}`),
                count: board.funnel[step],
              }))}
              category="label"
              format={f.count}
              integers
              series={[{ key: 'count', label: c('count') }]}
            />
          }
          table={{
            caption: t('dashboard.funnel.title'),
            columns: [{ label: c('step') }, { label: c('applications'), ...numeric }],
            rows: steps.map((step) => ({
              key: step,
              cells: [t(`dashboard.funnel.${step}`), f.count(board.funnel[step])],
            })),
          }}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** `/admin/finance/dashboard`: the portfolio of the brand the back office is open in. */
export function DashboardPage() {
  const { t } = useT('admin-finance');
  const brand = useBrand();
  const language = useLanguage();
  const board = useServerQuery({
    queryKey: [...queryKeys.staffFinance.all(), 'dashboard', brand.id],
    queryFn: () => financeApi.dashboard(),
  });
  return (
    <PageFrame title={t('dashboard.title')}>
      <Stack gap={5}>
        <FinanceNav current="dashboard" />
        <Text>
          {board.data
            ? t('dashboard.intro', {
                brand: t(`tenant.${brand.id}`),
                date: calendarDateText(board.data.businessDate, language),
              })
            : t('dashboard.introPlain', { brand: t(`tenant.${brand.id}`) })}
        </Text>
        <LoadStatus
          {...loadStatusOf(board)}
          loadingLabel={t('dashboard.loading')}
          errorTitle={t('dashboard.loadFailed')}
        />
        {board.data ? <Dashboard board={board.data} /> : null}
      </Stack>
    </PageFrame>
  );
}
