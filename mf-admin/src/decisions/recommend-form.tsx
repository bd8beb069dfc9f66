import type { RecommendationPreview, RecommendTerms } from '@lending/contracts';
import { allInRateBreakdown, formatRinggit, parseRinggit } from '@lending/domain';
import { useT } from '@lending/platform';
import { Alert, Badge, Box, Button, Grid, Stack, Text } from '@lending/ui';
import { useState } from 'react';

import { Select, TextArea, TextInput } from './controls';
import { bpToPercent, percentToBp, problemOf } from './decisions-api';

interface Values {
  amount: string;
  tenure: string;
  rate: string;
  security: 'UNSECURED' | 'SECURED';
  description: string;
  value: string;
  note: string;
}

type Errors = Partial<Record<keyof Values, string>>;

function termsOf(values: Values): { terms: RecommendTerms | null; errors: Errors } {
  const errors: Errors = {};
  const amount = parseRinggit(values.amount);
  if (!amount.ok || amount.sen <= 0) errors.amount = 'form.amountInvalid';
  const tenure = Number(values.tenure);
  if (!/^\d{1,3}$/.test(values.tenure.trim()) || tenure <= 0) errors.tenure = 'form.tenureInvalid';
  const rate = percentToBp(values.rate);
  if (rate === null || rate <= 0) errors.rate = 'form.rateInvalid';
  const secured = values.security === 'SECURED';
  const worth = parseRinggit(values.value);
  if (secured && !values.description.trim()) errors.description = 'form.required';
  if (secured && (!worth.ok || worth.sen <= 0)) errors.value = 'form.amountInvalid';
  if (Object.keys(errors).length > 0 || !amount.ok || rate === null) return { terms: null, errors };
  return {
    terms: {
      amountSen: amount.sen,
      tenureMonths: tenure,
      annualRateBp: rate,
      security: values.security,
      ...(secured && worth.ok
        ? {
            securityParticulars: { description: values.description.trim(), valueSen: worth.sen },
          }
        : {}),
    },
    errors,
  };
}

/** The offer the server computed, with the all-in rate beside the cap. */
export function OfferFigures({ preview }: { preview: RecommendationPreview }) {
  const { t } = useT('admin-decisions');
  const offer = preview.offer;
  const split = offer
    ? allInRateBreakdown(offer)
    : { interestBp: 0, lenderFeeSen: 0, lenderFeeBp: 0 };
  return (
    <Box aria-live="polite" data-testid="offer-figures">
      {offer ? (
        <Grid templateColumns="minmax(0, 1fr) auto" gap={1} maxW="md">
          <Text>{t('offer.instalment')}</Text>
          <Text textAlign="end">{formatRinggit(offer.monthlyInstalmentSen)}</Text>
          <Text>{t('offer.totalInterest')}</Text>
          <Text textAlign="end">{formatRinggit(offer.totalInterestSen)}</Text>
          <Text>{t('offer.totalRepayable')}</Text>
          <Text textAlign="end">{formatRinggit(offer.totalRepayableSen)}</Text>
          <Text>{t('offer.stampDuty')}</Text>
          <Text textAlign="end">{formatRinggit(offer.stampDutySen)}</Text>
          <Text>{t('offer.attestationFee')}</Text>
          <Text textAlign="end">{formatRinggit(offer.attestationFeeSen)}</Text>
          <Text>{t('offer.netReceived')}</Text>
          <Text textAlign="end">{formatRinggit(offer.netReceivedSen)}</Text>
          <Text>{t('offer.allInRate')}</Text>
          <Text textAlign="end">
            {t('offer.rateBesideCap', {
              rate: bpToPercent(offer.effectiveAnnualRateBp),
              cap: bpToPercent(preview.capBp),
            })}
          </Text>
          <Text ps={4} color="gray.700">
            {t('offer.allInFromInterest')}
          </Text>
          <Text textAlign="end" color="gray.700">
            {bpToPercent(split.interestBp)}
          </Text>
          <Text ps={4} color="gray.700">
            {t('offer.allInFromFee', { fee: formatRinggit(split.lenderFeeSen) })}
          </Text>
          <Text textAlign="end" color="gray.700">
            {t('offer.adds', { rate: bpToPercent(split.lenderFeeBp) })}
          </Text>
        </Grid>
      ) : null}
      {offer && preview.needsComplianceReview && split.lenderFeeBp > 0 ? (
        <Text mt={2} data-testid="all-in-driver">
          {t('offer.feeDrivesRate', {
            fee: formatRinggit(split.lenderFeeSen),
            adds: bpToPercent(split.lenderFeeBp),
            rate: bpToPercent(offer.effectiveAnnualRateBp),
            cap: bpToPercent(preview.capBp),
          })}
        </Text>
      ) : null}
      {preview.needsComplianceReview ? (
        <Badge colorPalette="orange" mt={2} data-testid="compliance-flag">
          {t('offer.complianceReview')}
        </Badge>
      ) : null}
      {preview.failures.length > 0 ? (
        <Alert.Root status="error" role="alert" mt={2}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('offer.refused')}</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap={0} ps={4}>
                {preview.failures.map((failure) => (
                  <li key={failure.code}>{t(`failures.${failure.code}`)}</li>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Box>
  );
}

/**
 * Amount, tenure, rate and security; the server prices them (instalment, interest, fees, all-in
 * rate) and checks the caps before the officer can go on to confirm.
 */
export function RecommendForm(props: {
  preview: (terms: RecommendTerms) => Promise<RecommendationPreview>;
  onReady: (terms: RecommendTerms, note: string, preview: RecommendationPreview) => void;
}) {
  const { t } = useT('admin-decisions');
  const [values, setValues] = useState<Values>({
    amount: '',
    tenure: '',
    rate: '',
    security: 'UNSECURED',
    description: '',
    value: '',
    note: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [priced, setPriced] = useState<{ terms: RecommendTerms; preview: RecommendationPreview }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    // Changed terms need pricing again before they can be confirmed.
    setPriced(undefined);
  };
  const error = (key: keyof Values) => (errors[key] ? t(errors[key]) : null);

  async function calculate() {
    const { terms, errors: found } = termsOf(values);
    setErrors(found);
    setFailure(null);
    if (!terms) return;
    setBusy(true);
    try {
      setPriced({ terms, preview: await props.preview(terms) });
    } catch (caught) {
      setFailure(problemOf(caught).message ?? t('failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={3}>
      <TextInput
        label={t('form.amount')}
        value={values.amount}
        onChange={set('amount')}
        inputMode="decimal"
        required
        error={error('amount')}
      />
      <TextInput
        label={t('form.tenure')}
        value={values.tenure}
        onChange={set('tenure')}
        inputMode="numeric"
        required
        error={error('tenure')}
      />
      <TextInput
        label={t('form.rate')}
        value={values.rate}
        onChange={set('rate')}
        inputMode="decimal"
        required
        error={error('rate')}
      />
      <Select
        label={t('form.security')}
        value={values.security}
        onChange={set('security')}
        choices={[
          { value: 'UNSECURED', label: t('form.unsecured') },
          { value: 'SECURED', label: t('form.secured') },
        ]}
      />
      {values.security === 'SECURED' ? (
        <>
          <TextInput
            label={t('form.securityDescription')}
            value={values.description}
            onChange={set('description')}
            maxLength={500}
            required
            error={error('description')}
          />
          <TextInput
            label={t('form.securityValue')}
            value={values.value}
            onChange={set('value')}
            inputMode="decimal"
            required
            error={error('value')}
          />
        </>
      ) : null}
      <TextArea label={t('form.noteOptional')} value={values.note} onChange={set('note')} />
      <Box>
        <Button variant="outline" onClick={() => void calculate()} loading={busy}>
          {t('form.calculate')}
        </Button>
      </Box>
      {failure ? (
        <Text role="alert" color="red.600">
          {failure}
        </Text>
      ) : null}
      {priced ? <OfferFigures preview={priced.preview} /> : null}
      {priced?.preview.ok ? (
        <Box>
          <Button onClick={() => props.onReady(priced.terms, values.note, priced.preview)}>
            {t('form.continue')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
