import type {
  ReconciliationKind,
  ReconciliationLineView,
  ReconciliationRunView,
} from '@lending/contracts';
import { formatRinggit } from '@lending/domain';
import { errorMessage, registerTranslations, useT } from '@lending/platform';
import { queryClient, queryKeys } from '@lending/platform/query';
import { Box, Button, ErrorNotice, Heading, HStack, Stack, Text } from '@lending/ui';
import { FormSubmit, InstantFormik, SelectField, TextareaField } from '@lending/ui/forms';
import { Form } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';

import { displayDate, useDateTime } from '../books/format';
import en from '../locales/en/admin-reconciliation.json';
import ms from '../locales/ms/admin-reconciliation.json';
import { Caption, TableBox, Td, Th } from './finance-parts';
import { reconciliationApi } from './reconciliation-api';

registerTranslations('admin-reconciliation', { en, ms });

/** The kinds in the order finance works them: money unaccounted for first, the matched last. */
export const KIND_ORDER: readonly ReconciliationKind[] = [
  'REPORT_ONLY',
  'BOOKS_ONLY',
  'AMOUNT_DIFFERENCE',
  'MATCHED',
];

const amount = (sen: number | null) => (sen === null ? '—' : formatRinggit(sen));

/** The run as the server answered after a change: shown at once, no second fetch. */
const keep = (run: ReconciliationRunView) =>
  queryClient.setQueryData(queryKeys.staffFinance.reconciliation(run.id), run);

/** Proposing why a line does not match: one finance member's half of the four eyes. */
function ProposeForm({ line, onDone }: { line: ReconciliationLineView; onDone: () => void }) {
  const { t } = useT('admin-reconciliation');
  const [failure, setFailure] = useState<string | null>(null);
  const ref = line.txnId ?? line.orderId ?? '';
  const schema = yup.object({
    resolution: yup
      .string()
      .oneOf(['BANK_ERROR', 'EXPLAINED'], t('resolve.kindRequired'))
      .required(t('resolve.kindRequired')),
    note: yup
      .string()
      .trim()
      .required(t('resolve.noteRequired'))
      .max(500, t('resolve.noteRequired')),
  });
  return (
    <InstantFormik
      initialValues={{ resolution: '', note: '' }}
      validationSchema={schema}
      onSubmit={async (values) => {
        setFailure(null);
        try {
          keep(
            await reconciliationApi.propose(line.id, {
              resolution: values.resolution as 'BANK_ERROR' | 'EXPLAINED',
              note: values.note.trim(),
            }),
          );
          onDone();
        } catch (error) {
          setFailure(`${t('resolve.failed')}: ${errorMessage(error)}`);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('resolve.legend', { ref })}>
          <Stack gap={3} maxW="28rem" py={2}>
            <SelectField
              name="resolution"
              label={t('resolve.kind')}
              placeholder={t('resolve.choose')}
              required
              options={[
                { value: 'BANK_ERROR', label: t('resolution.BANK_ERROR') },
                { value: 'EXPLAINED', label: t('resolution.EXPLAINED') },
              ]}
            />
            <TextareaField
              name="note"
              label={t('resolve.note')}
              required
              rows={3}
              maxLength={500}
            />
            <HStack gap={3} wrap="wrap">
              <FormSubmit label={t('resolve.propose')} loading={isSubmitting} failure={failure} />
              <Button variant="outline" onClick={onDone}>
                {t('resolve.cancel')}
              </Button>
            </HStack>
          </Stack>
        </Form>
      )}
    </InstantFormik>
  );
}

/** What may be done with a line now: propose, confirm (someone else's proposal), or wait. */
function LineAction({ line }: { line: ReconciliationLineView }) {
  const { t } = useT('admin-reconciliation');
  const [proposing, setProposing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ref = line.txnId ?? line.orderId ?? '';
  if (line.status === 'OPEN') {
    return proposing ? (
      <ProposeForm line={line} onDone={() => setProposing(false)} />
    ) : (
      <Button size="sm" variant="outline" onClick={() => setProposing(true)}>
        {t('resolve.open', { ref })}
      </Button>
    );
  }
  if (line.status !== 'PROPOSED') return null;
  if (line.proposedByMe) return <Text fontSize="sm">{t('resolve.waiting')}</Text>;
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      keep(await reconciliationApi.confirm(line.id));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={2}>
      {failure ? <ErrorNotice title={t('resolve.failed')} description={failure} /> : null}
      <Button size="sm" colorPalette="brand" loading={busy} onClick={() => void confirm()}>
        {t('resolve.confirm', { ref })}
      </Button>
    </Stack>
  );
}

/** Where a line's resolution stands, with its reason. */
function StatusText({ line }: { line: ReconciliationLineView }) {
  const { t } = useT('admin-reconciliation');
  if (!line.status) return null;
  const text =
    line.status === 'OPEN'
      ? t('status.OPEN')
      : t(`status.${line.status}`, {
          resolution: t(`resolution.${line.resolution ?? 'EXPLAINED'}`),
          note: line.note ?? '',
        });
  return <Text overflowWrap="anywhere">{text}</Text>;
}

/** The lines of one kind, in a table that scrolls sideways on a phone. */
function KindTable({ run, kind }: { run: ReconciliationRunView; kind: ReconciliationKind }) {
  const { t } = useT('admin-reconciliation');
  const when = useDateTime();
  const lines = run.lines.filter((line) => line.kind === kind);
  const id = `kind-${kind}`;
  return (
    <Stack gap={2} as="section" aria-labelledby={id}>
      <Heading as="h3" size="sm" id={id}>
        {t(`kind.${kind}`)} ({lines.length})
      </Heading>
      {lines.length === 0 ? (
        <Text>{t('none')}</Text>
      ) : (
        <TableBox label={t(`kind.${kind}`)} testId={`lines-${kind}`}>
          <Caption>{t(`kind.${kind}`)}</Caption>
          <thead>
            <tr>
              <Th>{t('columns.txnId')}</Th>
              <Th>{t('columns.orderId')}</Th>
              <Th numeric>{t('columns.reportAmount')}</Th>
              <Th numeric>{t('columns.bookedAmount')}</Th>
              <Th>{t('columns.paidAt')}</Th>
              {kind === 'MATCHED' ? null : <Th>{t('columns.status')}</Th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} data-testid={`line-${line.txnId ?? line.id}`}>
                <Th scope="row">{line.txnId ?? '—'}</Th>
                <Td>{line.orderId ?? '—'}</Td>
                <Td numeric>{amount(line.reportAmountSen)}</Td>
                <Td numeric>{amount(line.bookedAmountSen)}</Td>
                <Td>{when(line.paidAt)}</Td>
                {kind === 'MATCHED' ? null : (
                  <Td>
                    <Stack gap={2} minW="14rem">
                      <StatusText line={line} />
                      <LineAction line={line} />
                    </Stack>
                  </Td>
                )}
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </Stack>
  );
}

/** A run: its counts, then its lines by kind. */
export function RunView({ run }: { run: ReconciliationRunView }) {
  const { t } = useT('admin-reconciliation');
  const { t: finance } = useT('admin-finance');
  const counts = [
    ['matched', run.counts.matched],
    ['reportOnly', run.counts.reportOnly],
    ['booksOnly', run.counts.booksOnly],
    ['amountDifferences', run.counts.amountDifferences],
  ] as const;
  return (
    <Stack gap={5} as="section" aria-labelledby="run-heading">
      <Stack gap={1}>
        <Heading as="h2" size="md" id="run-heading">
          {t('heading', {
            brand: finance(`tenant.${run.tenant}`),
            from: displayDate(run.from),
            to: displayDate(run.to),
          })}
        </Heading>
        <Text>{t(`source.${run.source}`)}</Text>
      </Stack>
      <Box as="dl" aria-label={t('counts.label')} data-testid="run-counts">
        <HStack gap={6} wrap="wrap">
          {counts.map(([key, value]) => (
            <Box key={key}>
              <Text as="dt" fontSize="sm">
                {t(`counts.${key}`)}
              </Text>
              <Text as="dd" fontSize="2xl" fontWeight="semibold" ms={0}>
                {value}
              </Text>
            </Box>
          ))}
        </HStack>
      </Box>
      {KIND_ORDER.map((kind) => (
        <KindTable key={kind} run={run} kind={kind} />
      ))}
    </Stack>
  );
}
