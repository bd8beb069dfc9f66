import { type TenantId, TENANTS } from '@lending/contracts';
import { addMonths, isIsoDate } from '@lending/domain';
import {
  calendarMonthText,
  navigate,
  registerTranslations,
  useBrand,
  useLanguage,
  useT,
} from '@lending/platform';
import { queryKeys, useServerQuery } from '@lending/platform/query';
import { Box, Button, Field, HStack, Input, Link, NativeSelect, Stack, Text } from '@lending/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import en from '../locales/en/admin-finance.json';
import ms from '../locales/ms/admin-finance.json';
import { financeApi, type FinanceSpan } from './finance-api';

registerTranslations('admin-finance', { en, ms });

export const TRIAL_BALANCE_PATH = '/admin/finance';
export const PERIODS_PATH = '/admin/finance/periods';
export const DASHBOARD_PATH = '/admin/finance/dashboard';
export const RECONCILIATION_PATH = '/admin/finance/reconciliation';

/** A `YYYY-MM` period as its month's name, in the reader's language: "November 2026". */
export function usePeriodText(): (period: string) => string {
  const language = useLanguage();
  return (period) => calendarMonthText(period, language, 'long');
}

/** The first day of the month of an ISO date. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The month (YYYY-MM) before the one of an ISO date: the latest a business date lets close. */
export const previousPeriod = (date: string) => addMonths(monthStart(date), -1).slice(0, 7);

const tenantOf = (value: string | null): TenantId | null =>
  value && (TENANTS as readonly string[]).includes(value) ? (value as TenantId) : null;

const query = (span: FinanceSpan) => new URLSearchParams({ ...span }).toString();

export const trialBalancePath = (span: FinanceSpan) => `${TRIAL_BALANCE_PATH}?${query(span)}`;
export const accountLedgerPath = (span: FinanceSpan, key: string) =>
  `/admin/finance/accounts/${encodeURIComponent(key)}?${query(span)}`;

/** A link that moves within the back office without reloading it. */
export function InternalLink({
  href,
  children,
  label,
}: {
  href: string;
  children: ReactNode;
  label?: string;
}) {
  return (
    <Link
      href={href}
      aria-label={label}
      textDecoration="underline"
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </Link>
  );
}

/** The screens of the ledger, the one open marked for screen readers. */
export function FinanceNav({
  current,
}: {
  current: 'trialBalance' | 'periods' | 'dashboard' | 'reconciliation';
}) {
  const { t } = useT('admin-finance');
  const links = [
    ['trialBalance', TRIAL_BALANCE_PATH],
    ['periods', PERIODS_PATH],
    ['dashboard', DASHBOARD_PATH],
    ['reconciliation', RECONCILIATION_PATH],
  ] as const;
  return (
    <Box as="nav" aria-label={t('nav.label')}>
      <HStack as="ul" gap={4} listStyleType="none" ms={0} wrap="wrap">
        {links.map(([key, href]) => (
          <li key={key}>
            {key === current ? (
              <Text as="span" fontWeight="semibold" aria-current="page">
                {t(`nav.${key}`)}
              </Text>
            ) : (
              <InternalLink href={href}>{t(`nav.${key}`)}</InternalLink>
            )}
          </li>
        ))}
      </HStack>
    </Box>
  );
}

/** The brand whose books are read: the back office serves every brand. */
export function BrandSelect({
  value,
  onChange,
}: {
  value: TenantId;
  onChange: (tenant: TenantId) => void;
}) {
  const { t } = useT('admin-finance');
  return (
    <Field.Root maxW="12rem">
      <Field.Label>{t('brand')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name="tenant"
          value={value}
          onChange={(event) => onChange(tenantOf(event.target.value) ?? value)}
        >
          {TENANTS.map((tenant) => (
            <option key={tenant} value={tenant}>
              {t(`tenant.${tenant}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The brand and posting dates a screen reports on, from its address so a drill-down and the way
 * back keep them; absent dates default to this month up to the business date of the brand's
 * books (which the periods call answers).
 */
export function useFinanceSpan() {
  const [params] = useSearchParams();
  const brand = useBrand();
  const tenant = tenantOf(params.get('tenant')) ?? brand.id;
  const from = params.get('from');
  const to = params.get('to');
  const given = from && to && isIsoDate(from) && isIsoDate(to) ? { from, to } : null;
  const periods = useServerQuery({
    queryKey: queryKeys.staffFinance.periods(tenant),
    queryFn: () => financeApi.periods(tenant),
    enabled: given === null,
  });
  const businessDate = periods.data?.businessDate;
  const span: FinanceSpan | null = given
    ? { tenant, ...given }
    : businessDate
      ? { tenant, from: monthStart(businessDate), to: businessDate }
      : null;
  return { tenant, span, periods };
}

/** Choosing the brand and the dates of a report. */
export function SpanForm({
  span,
  onChoose,
}: {
  span: FinanceSpan;
  onChoose: (span: FinanceSpan) => void;
}) {
  const { t } = useT('admin-finance');
  const [tenant, setTenant] = useState(span.tenant);
  const [from, setFrom] = useState(span.from);
  const [to, setTo] = useState(span.to);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = !isIsoDate(from) || !isIsoDate(to) || from > to;
    setInvalid(wrong);
    if (!wrong) onChoose({ tenant, from, to });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Box as="fieldset" border="none" p={0} m={0}>
        <Box as="legend" fontWeight="semibold" mb={2}>
          {t('span.legend')}
        </Box>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={3} align={{ sm: 'flex-end' }}>
          <BrandSelect value={tenant} onChange={setTenant} />
          <Field.Root required invalid={invalid} maxW="12rem">
            <Field.Label>{t('span.from')}</Field.Label>
            <Input type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field.Root>
          <Field.Root required invalid={invalid} maxW="12rem">
            <Field.Label>{t('span.to')}</Field.Label>
            <Input type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} />
          </Field.Root>
          <Button type="submit">{t('span.show')}</Button>
        </Stack>
        {invalid ? (
          <Text role="alert" color="red.700" fontSize="sm" mt={2}>
            {t('span.invalid')}
          </Text>
        ) : null}
      </Box>
    </form>
  );
}

/** An account's name in the reader's language. */
export function useAccountName() {
  const language = useLanguage();
  return (row: { nameEn: string; nameMs: string }) => (language === 'MS' ? row.nameMs : row.nameEn);
}

/** A table that scrolls sideways inside its own box on a phone, not the page; the box takes
 *  keyboard focus so the hidden columns can be scrolled to without a pointer. */
export function TableBox({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      overflowX="auto"
      maxW="100%"
      tabIndex={0}
      role="region"
      aria-label={label}
      borderWidth="1px"
      borderRadius="md"
    >
      <Box
        as="table"
        width="100%"
        fontSize="sm"
        data-testid={testId}
        style={{ borderCollapse: 'collapse' }}
      >
        {children}
      </Box>
    </Box>
  );
}

export function Caption({ children }: { children: ReactNode }) {
  return (
    <Box as="caption" textAlign="start" fontWeight="semibold" p={2}>
      {children}
    </Box>
  );
}

export function Th({
  children,
  numeric = false,
  scope = 'col',
}: {
  children: ReactNode;
  numeric?: boolean;
  scope?: 'col' | 'row';
}) {
  return (
    <Box
      asChild
      textAlign={numeric ? 'end' : 'start'}
      py={2}
      px={2}
      whiteSpace={scope === 'col' ? 'nowrap' : undefined}
      borderBottomWidth="1px"
    >
      <th scope={scope}>{children}</th>
    </Box>
  );
}

export function Td({ children, numeric = false }: { children?: ReactNode; numeric?: boolean }) {
  return (
    <Box
      as="td"
      py={2}
      px={2}
      verticalAlign="top"
      textAlign={numeric ? 'end' : 'start'}
      whiteSpace={numeric ? 'nowrap' : undefined}
      borderBottomWidth="1px"
    >
      {children}
    </Box>
  );
}
