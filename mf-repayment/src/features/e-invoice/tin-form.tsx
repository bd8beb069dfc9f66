import { useT } from '@lending/platform';
import { Box, Button, ErrorNotice, Field, Input, Stack, SuccessNotice, Text } from '@lending/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

/** The same shape the server accepts; which TINs exist is the tax authority's answer. */
const TIN_PATTERN = /^[A-Z0-9]{1,20}$/;

/** Why a check got no answer, as the page words it in each language. */
export type TinFailure = 'alreadyStored' | 'noIdentity' | 'tooMany' | 'unavailable' | 'other';

export type TinOutcome =
  | { kind: 'valid'; tinNumber: string }
  | { kind: 'invalid' }
  | { kind: 'failed'; reason: TinFailure; message: string | null };

/** The TIN as the server reads it: upper case, no spaces. */
export function normalizeTin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function tinProblem(value: string): 'required' | 'invalid' | null {
  const tin = normalizeTin(value);
  if (!tin) return 'required';
  return TIN_PATTERN.test(tin) ? null : 'invalid';
}

/**
 * The TIN field and its Validate button (spec section 2, TIN page). The field is disabled once
 * the TIN is valid or already stored: the server keeps only a valid TIN, and keeps it once.
 */
export function TinForm({
  storedTin,
  validate,
}: {
  storedTin: string | null;
  validate: (tinNumber: string) => Promise<TinOutcome>;
}) {
  const { t } = useT('mf-repayment');
  const [value, setValue] = useState(storedTin ?? '');
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TinOutcome | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const locked =
    storedTin !== null ||
    outcome?.kind === 'valid' ||
    (outcome?.kind === 'failed' && outcome.reason === 'alreadyStored');

  useEffect(() => {
    // The button a keyboard user pressed is disabled once the TIN is kept: their place moves to
    // the answer instead of falling back to the top of the page.
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked || busy) return;
    const found = tinProblem(value);
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await validate(normalizeTin(value)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={5} maxW="xl">
      <Text>{t('eInvoice.intro')}</Text>
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <Stack gap={4}>
          <Field.Root required invalid={problem !== null} disabled={locked}>
            <Field.Label>{t('eInvoice.label')}</Field.Label>
            <Input
              ref={inputRef}
              name="tinNumber"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={24}
              value={value}
              readOnly={busy}
              onChange={(event) => {
                setValue(normalizeTin(event.target.value));
                if (problem) setProblem(null);
              }}
              aria-describedby={hintId}
              data-testid="tin-number"
            />
            <Field.HelperText id={hintId} color="gray.700">
              {locked ? t('eInvoice.locked') : t('eInvoice.hint')}
            </Field.HelperText>
            {problem ? <Field.ErrorText>{t(`eInvoice.${problem}`)}</Field.ErrorText> : null}
          </Field.Root>
          <Button
            type="submit"
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
            colorPalette="brand"
            disabled={locked}
            loading={busy}
            loadingText={t('eInvoice.validating')}
          >
            {t('eInvoice.validate')}
          </Button>
        </Stack>
      </form>
      <Box ref={resultRef} tabIndex={-1} outline="none" data-testid="tin-result">
        {outcome?.kind === 'valid' ? <SuccessNotice title={t('eInvoice.valid')} /> : null}
        {outcome?.kind === 'invalid' ? (
          <ErrorNotice title={t('eInvoice.notValid')} description={t('eInvoice.invalidHelp')} />
        ) : null}
        {outcome?.kind === 'failed' ? (
          <ErrorNotice
            title={t('eInvoice.notValid')}
            description={
              outcome.reason === 'other'
                ? (outcome.message ?? t('eInvoice.failures.other'))
                : t(`eInvoice.failures.${outcome.reason}`)
            }
          />
        ) : null}
      </Box>
    </Stack>
  );
}
