import type { AgreementView, UpdateLoanAmountRequest } from '@lending/contracts';
import { formatRinggit, parseRinggit, senToRinggitString } from '@lending/domain';
import { useSubmitFailure, useT } from '@lending/platform';
import { Box, Field, Input, Stack, Text } from '@lending/ui';
import { FormSubmit } from '@lending/ui/forms';
import { Checkbox, formatRateBp } from '@lending/ui/screens';
import { type FormEvent, useId, useState } from 'react';

type AmountProblem = 'amountRequired' | 'amountInvalid' | 'amountBelow' | 'amountAbove';

/** What is wrong with the typed amount against the offer's limits, or the amount in sen. */
export function checkAmount(
  input: string,
  limits: AgreementView['limits'],
): { problem: AmountProblem } | { sen: number } {
  if (!input.trim()) return { problem: 'amountRequired' };
  const parsed = parseRinggit(input);
  if (!parsed.ok || parsed.sen <= 0) return { problem: 'amountInvalid' };
  if (parsed.sen < limits.minAmountSen) return { problem: 'amountBelow' };
  if (parsed.sen > limits.maxAmountSen) return { problem: 'amountAbove' };
  return { sen: parsed.sen };
}

export interface AmountFormProps {
  agreement: AgreementView;
  save: (body: UpdateLoanAmountRequest) => Promise<AgreementView>;
  /** After the terms are kept (or were unchanged): on to the summary. */
  onDone: (agreement: AgreementView) => void;
}

/**
 * The approved amount, the amount the borrower takes (never more), and the loan protection
 * choice. The server computes every figure again from what is sent.
 */
export function AmountForm({ agreement, save, onDone }: AmountFormProps) {
  const { t } = useT('mf-loan-status');
  const [amount, setAmount] = useState(senToRinggitString(agreement.amountSen));
  const [protection, setProtection] = useState(agreement.loanProtection.optedIn);
  const [deducted, setDeducted] = useState(agreement.loanProtection.deducted);
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const { failure, attempt } = useSubmitFailure();
  const hintId = useId();
  const paymentName = useId();
  const limits = {
    min: formatRinggit(agreement.limits.minAmountSen),
    max: formatRinggit(agreement.limits.maxAmountSen),
  };
  const quote = agreement.loanProtection.quote;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount, agreement.limits);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    const unchanged =
      checked.sen === agreement.amountSen &&
      protection === agreement.loanProtection.optedIn &&
      (!protection || deducted === agreement.loanProtection.deducted);
    if (unchanged) {
      onDone(agreement);
      return;
    }
    setBusy(true);
    let saved: AgreementView | undefined;
    await attempt(async () => {
      saved = await save({
        version: agreement.version,
        amountSen: checked.sen,
        loanProtection: protection,
        ...(protection ? { loanProtectionDeducted: deducted } : {}),
      });
    });
    setBusy(false);
    if (saved) onDone(saved);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="offer-amount-form">
      <Stack gap={5}>
        <Box borderWidth="1px" borderRadius="md" p={4} bg="gray.50">
          <Text fontSize="sm" color="gray.600">
            {t('offer.approvedAmount')}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" color="brand.primary" data-testid="offer-approved">
            {formatRinggit(agreement.approvedAmountSen)}
          </Text>
          <Text fontSize="sm">
            {t('offer.terms', {
              months: agreement.tenureMonths,
              rate: formatRateBp(agreement.annualRateBp),
            })}
          </Text>
        </Box>
        <Field.Root required invalid={problem !== null}>
          <Field.Label>{t('offer.amountLabel')}</Field.Label>
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-describedby={hintId}
            data-testid="offer-amount"
          />
          <Field.HelperText id={hintId}>{t('offer.amountHint', limits)}</Field.HelperText>
          {problem ? <Field.ErrorText>{t(`offer.${problem}`, limits)}</Field.ErrorText> : null}
        </Field.Root>

        <Box as="fieldset" borderWidth="1px" borderRadius="md" p={4}>
          <Text as="legend" fontWeight="semibold" px={1}>
            {t('offer.protectionTitle')}
          </Text>
          <Text fontSize="sm" mb={3}>
            {t('offer.protectionIntro')}
          </Text>
          {agreement.loanProtection.available && quote ? (
            <Stack gap={3}>
              <Text fontSize="sm" data-testid="offer-protection-quote">
                {t('offer.protectionQuote', {
                  amount: formatRinggit(agreement.amountSen),
                  gross: formatRinggit(quote.grossPremiumSen),
                  tax: formatRinggit(quote.serviceTaxSen),
                  total: formatRinggit(quote.totalPremiumSen),
                })}
              </Text>
              <Checkbox.Root
                checked={protection}
                onCheckedChange={(details) => setProtection(details.checked === true)}
                data-testid="offer-protection"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('offer.protectionOptIn')}</Checkbox.Label>
              </Checkbox.Root>
              {protection ? (
                <Box as="fieldset">
                  <Text as="legend" fontSize="sm" fontWeight="medium" mb={1}>
                    {t('offer.protectionPayment')}
                  </Text>
                  <Stack gap={1}>
                    {[true, false].map((value) => (
                      <Box
                        as="label"
                        key={String(value)}
                        display="flex"
                        gap={2}
                        alignItems="center"
                      >
                        <input
                          type="radio"
                          name={paymentName}
                          checked={deducted === value}
                          onChange={() => setDeducted(value)}
                          data-testid={
                            value ? 'offer-protection-deducted' : 'offer-protection-separate'
                          }
                        />
                        <span>
                          {value ? t('offer.protectionDeducted') : t('offer.protectionSeparate')}
                        </span>
                      </Box>
                    ))}
                  </Stack>
                </Box>
              ) : null}
            </Stack>
          ) : (
            <Text fontSize="sm" data-testid="offer-protection-unavailable">
              {t('offer.protectionUnavailable')}
            </Text>
          )}
        </Box>
        <FormSubmit
          label={t('offer.continue')}
          loading={busy}
          loadingText={t('offer.saving')}
          failure={failure}
          failureTestId="offer-amount-failure"
          fullWidthOnPhone
        />
      </Stack>
    </form>
  );
}
