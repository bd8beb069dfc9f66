import type { LoanStatusCheckResponse } from '@lending/contracts';
import { useLanguage, useT } from '@lending/platform';
import { Box, Button, Field, Heading, Input, Stack, Text } from '@lending/ui';
import { type FormEvent, useState } from 'react';

import { formatDate } from '../../lib/format';

/** The same shape the server accepts: letters, digits and hyphens. */
const REFERENCE_PATTERN = /^[A-Za-z0-9-]{1,40}$/;

export type StatusCheckOutcome =
  | { kind: 'found'; result: LoanStatusCheckResponse }
  | { kind: 'notFound' }
  | { kind: 'failed'; message: string };

export function referenceProblem(value: string): 'required' | 'invalid' | null {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  return REFERENCE_PATTERN.test(trimmed) ? null : 'invalid';
}

/** The reference-number form and its answer, read out politely when it arrives. */
export function StatusCheckForm({
  check,
}: {
  check: (referenceNo: string) => Promise<StatusCheckOutcome>;
}) {
  const { t } = useT('mf-loan-status');
  const language = useLanguage();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<StatusCheckOutcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = referenceProblem(value);
    setProblem(found);
    if (found) return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await check(value.trim()));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={5} maxW="xl">
      <Text>{t('statusCheck.intro')}</Text>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap={4}>
          <Field.Root required invalid={problem !== null}>
            <Field.Label>{t('statusCheck.label')}</Field.Label>
            <Input
              name="referenceNo"
              autoComplete="off"
              value={value}
              onChange={(event) => setValue(event.target.value.toUpperCase())}
              data-testid="status-check-reference"
            />
            {problem ? <Field.ErrorText>{t(`statusCheck.${problem}`)}</Field.ErrorText> : null}
          </Field.Root>
          <Button
            type="submit"
            alignSelf="flex-start"
            colorPalette="brand"
            loading={busy}
            loadingText={t('statusCheck.checking')}
          >
            {t('statusCheck.submit')}
          </Button>
        </Stack>
      </form>
      <Box aria-live="polite" data-testid="status-check-result">
        {outcome?.kind === 'found' ? (
          <Box borderWidth="1px" borderRadius="md" p={4}>
            <Heading as="h2" size="md" mb={2}>
              {t('statusCheck.result', { referenceNo: outcome.result.referenceNo })}
            </Heading>
            <Text fontWeight="semibold">{t(`status.${outcome.result.status}`)}</Text>
            <Text>{t(`home.states.${outcome.result.state}.title`)}</Text>
            <Text fontSize="sm" color="gray.600">
              {t('statusCheck.updated', { date: formatDate(outcome.result.updatedAt, language) })}
            </Text>
          </Box>
        ) : null}
        {outcome?.kind === 'notFound' ? (
          <Text role="alert">{t('statusCheck.notFound')}</Text>
        ) : null}
        {outcome?.kind === 'failed' ? <Text role="alert">{outcome.message}</Text> : null}
      </Box>
    </Stack>
  );
}
