import type { IdealBadRow } from '@lending/contracts';
import { addDays, addMonths, type IdealColumn, malaysiaDate } from '@lending/domain';
import { errorMessage, navigate, registerTranslations, saveFile, useT } from '@lending/platform';
import {
  Button,
  ErrorNotice,
  Field,
  Heading,
  Input,
  Link,
  PageFrame,
  SimpleGrid,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { type FormEvent, useState } from 'react';

import { exportFailure } from '../audit/audit-api';
import en from '../locales/en/admin-books.json';
import ms from '../locales/ms/admin-books.json';
import { booksApi, idealRefusalOf } from './books-api';
import { accountPath } from './format';

registerTranslations('admin-books', { en, ms });

/** Each column of the return by a key of ours; the heading itself stays as the regulator spells it. */
const COLUMN_KEYS: Record<IdealColumn, string> = {
  'Bil.': 'number',
  'No. Akaun Pinjaman': 'loanNo',
  'Nama Peminjam': 'borrowerName',
  'No. K/P / No. Pendaftaran': 'registrationNo',
  'Jenis Peminjam': 'borrowerType',
  'Tarikh Pinjaman': 'disbursedOn',
  'Jenis Pinjaman': 'loanType',
  'Jumlah Pinjaman (RM)': 'principal',
  'Kadar Faedah Setahun (%)': 'rate',
  'Tempoh Pinjaman (Bulan)': 'tenure',
  'Ansuran Bulanan (RM)': 'instalment',
  'Jumlah Bayaran Balik (RM)': 'totalRepayable',
  'Jumlah Dibayar (RM)': 'paid',
  'Baki Pinjaman (RM)': 'balance',
  'Tunggakan (RM)': 'arrears',
  'Status Pinjaman': 'status',
};

/** Last calendar month in Malaysia: what a monthly return usually covers. */
export function lastMonth(now: Date = new Date()): { from: string; to: string } {
  const firstOfThisMonth = `${malaysiaDate(now).slice(0, 8)}01`;
  return { from: addMonths(firstOfThisMonth, -1), to: addDays(firstOfThisMonth, -1) };
}

type Outcome =
  | { kind: 'done'; fileName: string }
  | { kind: 'refused'; badRows: IdealBadRow[] }
  | { kind: 'failed'; message: string };

/** The loans a refused return names, each with what is wrong and a way to its account. */
export function BadRows({ badRows }: { badRows: IdealBadRow[] }) {
  const { t } = useT('admin-books');
  return (
    <Stack gap={3} data-testid="bad-rows">
      <ErrorNotice
        title={t('regulator.refused', { count: badRows.length })}
        description={t('regulator.refusedHint')}
      />
      <Stack as="ul" gap={3} listStyleType="none" m={0} p={0}>
        {badRows.map((row) => (
          <li key={row.agreementId}>
            <Link
              href={accountPath(row.loanNo)}
              fontWeight="semibold"
              aria-label={t('regulator.openAccount', { agreementNo: row.loanNo })}
              onClick={(event) => {
                event.preventDefault();
                navigate(accountPath(row.loanNo));
              }}
            >
              {row.loanNo}
            </Link>
            <Stack as="ul" gap={1} ps={5} mt={1}>
              {row.problems.map((problem) => (
                <Text as="li" key={`${problem.column}-${problem.problem}`}>
                  {t('regulator.problem', {
                    column: t(`regulator.columns.${COLUMN_KEYS[problem.column]}`),
                    heading: problem.column,
                    problem: t(`regulator.problems.${problem.problem}`),
                  })}
                </Text>
              ))}
            </Stack>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** `/admin/regulator`: the KPKT iDeal return of a period, downloaded, or refused with its bad rows. */
export function RegulatorPage() {
  const { t } = useT('admin-books');
  const initial = lastMonth();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = !from || !to || from > to;
    setInvalid(wrong);
    if (wrong) return;
    setBusy(true);
    setOutcome(null);
    try {
      const file = await booksApi.idealExport(from, to);
      saveFile(file.blob, file.fileName);
      setOutcome({ kind: 'done', fileName: file.fileName });
    } catch (error) {
      const refusal = await idealRefusalOf(error);
      if (refusal) setOutcome({ kind: 'refused', badRows: refusal.badRows });
      else {
        const failure = await exportFailure(error);
        setOutcome({ kind: 'failed', message: failure.message ?? errorMessage(error) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title={t('mf-admin:screens.regulator.title')}>
      <Stack gap={5}>
        <Text>{t('regulator.intro')}</Text>
        <form aria-label={t('regulator.formLabel')} onSubmit={(event) => void submit(event)}>
          <Stack gap={3}>
            <Heading as="h2" size="sm">
              {t('regulator.period')}
            </Heading>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3} maxW={{ sm: 'lg' }}>
              <Field.Root invalid={invalid}>
                <Field.Label>{t('regulator.from')}</Field.Label>
                <Input
                  type="date"
                  name="from"
                  value={from}
                  onChange={(event) => setFrom(event.target.value)}
                />
              </Field.Root>
              <Field.Root invalid={invalid}>
                <Field.Label>{t('regulator.to')}</Field.Label>
                <Input
                  type="date"
                  name="to"
                  value={to}
                  onChange={(event) => setTo(event.target.value)}
                />
                {invalid ? <Field.ErrorText>{t('regulator.periodInvalid')}</Field.ErrorText> : null}
              </Field.Root>
            </SimpleGrid>
            <Text fontSize="sm" color="gray.600" id="regulator-hint">
              {t('regulator.hint')}
            </Text>
            <Button
              type="submit"
              alignSelf="start"
              loading={busy}
              loadingText={t('regulator.busy')}
              aria-describedby="regulator-hint"
            >
              {t('regulator.download')}
            </Button>
          </Stack>
        </form>
        {outcome?.kind === 'done' ? (
          <SuccessNotice title={t('regulator.done', { file: outcome.fileName })} />
        ) : null}
        {outcome?.kind === 'failed' ? (
          <ErrorNotice title={t('regulator.failed')} description={outcome.message} />
        ) : null}
        {outcome?.kind === 'refused' ? <BadRows badRows={outcome.badRows} /> : null}
      </Stack>
    </PageFrame>
  );
}
