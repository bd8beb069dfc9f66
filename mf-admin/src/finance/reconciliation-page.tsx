import { type ReconciliationRunView, TENANTS } from '@lending/contracts';
import { isIsoDate } from '@lending/domain';
import { errorMessage, navigate, useT } from '@lending/platform';
import { loadStatusOf, queryClient, queryKeys, useServerQuery } from '@lending/platform/query';
import { Box, Field, Heading, LoadStatus, PageFrame, Stack, Text } from '@lending/ui';
import { FormSubmit, InstantFormik, SelectField, TextField } from '@lending/ui/forms';
import { FileDrop } from '@lending/ui/screens';
import { Form } from 'formik';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as yup from 'yup';

import { displayDate, useDateTime } from '../books/format';
import type { FinanceSpan as Span } from './finance-api';
import { FinanceNav, InternalLink, RECONCILIATION_PATH, useFinanceSpan } from './finance-parts';
import { reconciliationApi } from './reconciliation-api';
import { RunView } from './reconciliation-lines';

/** The chosen file's text; FileReader, as every browser the back office supports has it. */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file, 'utf-8');
  });
}

/** Starting a run: the brand, the payment dates, and the report file when there is one (without
 *  it the server fetches the gateway's own). The server checks the file line by line. */
function StartForm({
  span,
  onStarted,
}: {
  span: Span;
  onStarted: (run: ReconciliationRunView) => void;
}) {
  const { t } = useT('admin-reconciliation');
  const { t: finance } = useT('admin-finance');
  // The browser's own file input speaks the browser's language, not the page's: the shared drop
  // zone does, as on every other upload.
  const [chosen, setChosen] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const date = yup
    .string()
    .required(t('form.dates'))
    .test('date', t('form.dates'), (value) => isIsoDate(value ?? ''));
  const schema = yup.object({
    tenant: yup.string().oneOf(TENANTS).required(),
    from: date,
    to: date.test('order', t('form.dates'), function order(value) {
      const from = (this.parent as { from?: string }).from ?? '';
      return !isIsoDate(from) || (value ?? '') >= from;
    }),
  });
  return (
    <InstantFormik
      initialValues={{ tenant: span.tenant as string, from: span.from, to: span.to }}
      validationSchema={schema}
      onSubmit={async (values) => {
        setFailure(null);
        let csv: string | undefined;
        if (chosen) {
          try {
            csv = await textOf(chosen);
          } catch {
            setFailure(t('form.fileUnreadable'));
            return;
          }
        }
        try {
          const run = await reconciliationApi.start({
            tenant: values.tenant as Span['tenant'],
            from: values.from,
            to: values.to,
            ...(csv === undefined ? {} : { csv }),
          });
          onStarted(run);
        } catch (error) {
          setFailure(`${t('form.failed')}: ${errorMessage(error)}`);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-labelledby="start-legend">
          <Stack gap={3}>
            <Text as="h2" id="start-legend" fontWeight="semibold">
              {t('form.legend')}
            </Text>
            <Stack direction={{ base: 'column', md: 'row' }} gap={3} align={{ md: 'flex-start' }}>
              <SelectField
                name="tenant"
                label={finance('brand')}
                placeholder={finance('brand')}
                required
                options={TENANTS.map((tenant) => ({
                  value: tenant,
                  label: finance(`tenant.${tenant}`),
                }))}
              />
              <TextField name="from" type="date" label={finance('span.from')} required />
              <TextField name="to" type="date" label={finance('span.to')} required />
            </Stack>
            <Field.Root maxW="28rem">
              <Field.Label htmlFor="settlement-report">{t('form.file')}</Field.Label>
              <FileDrop
                id="settlement-report"
                label={t('form.file')}
                prompt={t('form.filePrompt')}
                browseLabel={t('form.fileBrowse')}
                accept={['.csv', 'text/csv']}
                describedBy="settlement-report-help"
                onFiles={([file]) => setChosen(file ?? null)}
              />
              <Field.HelperText id="settlement-report-help">
                {chosen ? t('form.fileChosen', { name: chosen.name }) : t('form.fileHelp')}
              </Field.HelperText>
            </Field.Root>
            <FormSubmit
              label={t('form.start')}
              loading={isSubmitting}
              failure={failure}
              failureTestId="start-failure"
              fullWidthOnPhone
            />
          </Stack>
        </Form>
      )}
    </InstantFormik>
  );
}

/** The brand's latest runs, each opening its lines. */
function EarlierRuns({ tenant }: { tenant: Span['tenant'] }) {
  const { t } = useT('admin-reconciliation');
  const { t: finance } = useT('admin-finance');
  const when = useDateTime();
  const runs = useServerQuery({
    queryKey: queryKeys.staffFinance.reconciliations(tenant),
    queryFn: () => reconciliationApi.runs(tenant),
  });
  return (
    <Stack gap={3} as="section" aria-labelledby="earlier-heading">
      <Heading as="h2" size="md" id="earlier-heading">
        {t('earlier.heading', { brand: finance(`tenant.${tenant}`) })}
      </Heading>
      <LoadStatus
        {...loadStatusOf(runs)}
        loadingLabel={t('loading')}
        errorTitle={t('loadFailed')}
      />
      {runs.data?.runs.length === 0 ? <Text>{t('earlier.none')}</Text> : null}
      {runs.data && runs.data.runs.length > 0 ? (
        <Stack as="ul" gap={2} listStyleType="none" ms={0} data-testid="earlier-runs">
          {runs.data.runs.map((run) => (
            <li key={run.id}>
              <InternalLink href={`${RECONCILIATION_PATH}?tenant=${tenant}&run=${run.id}`}>
                {t('earlier.open', {
                  from: displayDate(run.from),
                  to: displayDate(run.to),
                  source: t(`source.${run.source}`),
                  matched: String(run.counts.matched),
                  open: String(
                    run.counts.reportOnly + run.counts.booksOnly + run.counts.amountDifferences,
                  ),
                })}
              </InternalLink>{' '}
              <Text as="span" fontSize="sm">
                {t('earlier.started', { at: when(run.startedAt) })}
              </Text>
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** `/admin/finance/reconciliation`: run a reconciliation, read one back (`?run=`), resolve lines. */
export function ReconciliationPage() {
  const { t } = useT('admin-reconciliation');
  const { t: finance } = useT('admin-finance');
  const { tenant, span, periods } = useFinanceSpan();
  const [params] = useSearchParams();
  const runId = params.get('run');
  const run = useServerQuery({
    queryKey: queryKeys.staffFinance.reconciliation(runId ?? ''),
    queryFn: () => reconciliationApi.run(runId!),
    enabled: runId !== null,
  });
  return (
    <PageFrame title={finance('nav.reconciliation')}>
      <Stack gap={5}>
        <FinanceNav current="reconciliation" />
        <Text>{t('intro')}</Text>
        {span ? (
          <StartForm
            span={span}
            onStarted={(started) => {
              queryClient.setQueryData(queryKeys.staffFinance.reconciliation(started.id), started);
              void queryClient.invalidateQueries({
                queryKey: queryKeys.staffFinance.reconciliations(started.tenant),
              });
              navigate(`${RECONCILIATION_PATH}?tenant=${started.tenant}&run=${started.id}`);
            }}
          />
        ) : (
          <LoadStatus
            {...loadStatusOf(periods)}
            loadingLabel={t('loading')}
            errorTitle={t('loadFailed')}
          />
        )}
        {runId ? (
          <Box>
            <LoadStatus
              {...loadStatusOf(run)}
              loadingLabel={t('loading')}
              errorTitle={t('loadFailed')}
            />
            {run.data ? <RunView run={run.data} /> : null}
          </Box>
        ) : null}
        <EarlierRuns tenant={tenant} />
      </Stack>
    </PageFrame>
  );
}
