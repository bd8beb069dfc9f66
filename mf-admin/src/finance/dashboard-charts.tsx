// The dashboard's pictures, drawn with recharts. Each is only a picture of the table beside it
// (hidden from screen readers, which read the table): the chart library's own keyboard layer is
// off so nothing focusable sits inside what assistive technology is told to skip.
import { useT } from '@lending/platform';
import { Box, Center, Text } from '@lending/ui';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** Series colours dark enough to read against white (WCAG non-text contrast 3:1). */
export const COLOURS = ['#1d4ed8', '#15803d', '#b45309', '#b91c1c'] as const;

export interface Series {
  key: string;
  label: string;
}

export type ChartRow = Record<string, string | number>;

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box aria-hidden="true" width="100%" height={{ base: '220px', md: '260px' }} minW={0}>
      {/* Drawn at a phone's width until the box is measured, never at nothing. */}
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 320, height: 220 }}
      >
        {children as never}
      </ResponsiveContainer>
    </Box>
  );
}

/** A chart of nothing but zeros draws an axis of "RM 0" five times: words say it instead. */
function isEmpty(rows: readonly ChartRow[], series: readonly Series[]): boolean {
  return rows.every((row) => series.every((item) => !Number(row[item.key])));
}

function NothingYet() {
  const { t } = useT('admin-finance');
  return (
    <Center
      height={{ base: '220px', md: '260px' }}
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="md"
      px={4}
    >
      <Text color="gray.700" textAlign="center">
        {t('dashboard.nothingYet')}
      </Text>
    </Center>
  );
}

interface ChartProps {
  rows: readonly ChartRow[];
  /** The row's field for the category axis. */
  category: string;
  series: readonly Series[];
  /** How a value is written in the tooltip, and on the axis unless `axisFormat` says. */
  format: (value: number) => string;
  /** Shorter words for the axis ("100%" where the tooltip says "100.00%"). */
  axisFormat?: (value: number) => string;
  /** Whole numbers only on the value axis (counts). */
  integers?: boolean;
}

/** Room for the value axis's words ("RM 7.5K") without wrapping them. */
const VALUE_AXIS_WIDTH = 76;
/** Room for the categories down the side of a funnel, in either language ("Ditandatangani"). */
const CATEGORY_AXIS_WIDTH = 136;

/** Bars side by side per category; `horizontal` lays the categories down the side (a funnel). */
export function Bars({
  rows,
  category,
  series,
  format,
  axisFormat = format,
  integers = false,
  horizontal = false,
}: ChartProps & {
  horizontal?: boolean;
}) {
  if (isEmpty(rows, series)) return <NothingYet />;
  return (
    <Frame>
      <BarChart
        data={[...rows]}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" />
        {horizontal ? (
          <>
            <XAxis
              type="number"
              tickFormatter={axisFormat}
              allowDecimals={!integers}
              fontSize={12}
            />
            <YAxis type="category" dataKey={category} width={CATEGORY_AXIS_WIDTH} fontSize={12} />
          </>
        ) : (
          <>
            <XAxis dataKey={category} fontSize={12} interval="preserveStartEnd" />
            <YAxis
              tickFormatter={axisFormat}
              allowDecimals={!integers}
              width={VALUE_AXIS_WIDTH}
              fontSize={12}
            />
          </>
        )}
        <Tooltip formatter={(value) => format(Number(value))} />
        {series.length > 1 ? <Legend /> : null}
        {series.map((item, index) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.label}
            fill={COLOURS[index % COLOURS.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Frame>
  );
}

/** Lines over the months. */
export function Lines({ rows, category, series, format, axisFormat = format }: ChartProps) {
  if (isEmpty(rows, series)) return <NothingYet />;
  return (
    <Frame>
      <LineChart
        data={[...rows]}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={category} fontSize={12} interval="preserveStartEnd" />
        <YAxis tickFormatter={axisFormat} width={VALUE_AXIS_WIDTH} fontSize={12} />
        <Tooltip formatter={(value) => format(Number(value))} />
        {series.length > 1 ? <Legend /> : null}
        {series.map((item, index) => (
          <Line
            key={item.key}
            dataKey={item.key}
            name={item.label}
            stroke={COLOURS[index % COLOURS.length]}
            strokeWidth={2}
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Frame>
  );
}
