import type { Application, LoanRequest, Product } from '@lending/contracts';
import {
  DEFAULT_LOAN_LIMITS,
  formatRinggit,
  type LoanLimits,
  nameIn,
  parseRinggit,
  senToRinggitString,
  simulateInstalments,
  tenureChoices,
} from '@lending/domain';
import { bus, errorMessage, masterApi, useLanguage } from '@lending/platform';
import { Box, Button, Card, ErrorNotice, Heading, Stack, Text } from '@lending/ui';
import { SelectField, TextField } from '@lending/ui/forms';
import { Form, Formik, useFormikContext } from 'formik';
import { useState } from 'react';

import { useApprovedOffer } from '../../hooks/use-approved-offer';
import { useMasterList } from '../../hooks/use-master-list';
import { percentText, useProduct } from '../../hooks/use-product';
import { usePublishedFigures } from '../../hooks/use-published-figures';
import { ApprovedFigures } from '../../journey/approved-figures';
import { FieldGrid } from '../../journey/field-grid';
import { useFormT } from '../../journey/use-form-t';
import { type LoanFormValues, loanSchema } from './loan-schema';

function limitsOf(product: Product | null): LoanLimits {
  return product
    ? {
        minAmountSen: product.minAmountSen,
        maxAmountSen: product.maxAmountSen,
        minTenureMonths: product.minTenureMonths,
        maxTenureMonths: product.maxTenureMonths,
      }
    : DEFAULT_LOAN_LIMITS;
}

/** The loan asked for: amount, tenure, reason, campaign code, and the instalment it means. */
export function LoanCard(props: {
  application: Application | null;
  readOnly: boolean;
  onSave: (loan: LoanRequest) => Promise<void>;
}) {
  const t = useFormT();
  const language = useLanguage();
  const { product } = useProduct();
  const { items: reasons } = useMasterList(masterApi.loanReasons);
  const { offer } = useApprovedOffer(props.application);
  const [failure, setFailure] = useState<string | null>(null);

  const limits = limitsOf(product);
  const reasonsNeedingOther = reasons.filter((r) => r.needsOtherText).map((r) => String(r.id));
  const { application } = props;
  const initialValues: LoanFormValues = {
    amount: application?.requestedAmountSen
      ? senToRinggitString(application.requestedAmountSen)
      : '',
    tenureMonths: application?.tenureMonths ? String(application.tenureMonths) : '',
    loanReasonId: application?.loanReasonId ? String(application.loanReasonId) : '',
    loanReasonOther: application?.loanReasonOther ?? '',
    campaignCode: application?.campaignCode ?? '',
  };

  return (
    <Card.Root mb={6} data-testid="loan-card">
      <Card.Body>
        <Heading as="h2" size="lg" mb={2}>
          {t('loan.title')}
        </Heading>
        {!application ? <Text mb={4}>{t('loan.notStarted')}</Text> : null}
        <Formik
          initialValues={initialValues}
          enableReinitialize
          validationSchema={loanSchema(t, { limits, reasonsNeedingOther })}
          onSubmit={async (values) => {
            setFailure(null);
            const amount = parseRinggit(values.amount);
            try {
              await props.onSave({
                requestedAmountSen: amount.ok ? amount.sen : 0,
                tenureMonths: Number(values.tenureMonths),
                loanReasonId: Number(values.loanReasonId),
                ...(reasonsNeedingOther.includes(values.loanReasonId) &&
                values.loanReasonOther.trim()
                  ? { loanReasonOther: values.loanReasonOther.trim() }
                  : {}),
                ...(values.campaignCode.trim()
                  ? { campaignCode: values.campaignCode.trim().toUpperCase() }
                  : {}),
              });
              bus.emit('toast.requested', { status: 'success', title: t('loan.saved') });
            } catch (error) {
              setFailure(errorMessage(error));
            }
          }}
        >
          {({ isSubmitting, values }) => (
            <Form noValidate aria-label={t('loan.title')}>
              <FieldGrid>
                <TextField
                  name="amount"
                  label={t('labels.loanAmount')}
                  inputMode="decimal"
                  transform={(value) => value.replace(/[^\d.]/g, '')}
                  helperText={t('loan.amountHelp', {
                    min: formatRinggit(limits.minAmountSen),
                    max: formatRinggit(limits.maxAmountSen),
                  })}
                  disabled={props.readOnly}
                />
                <SelectField
                  name="tenureMonths"
                  label={t('labels.tenure')}
                  placeholder={t('labels.choose')}
                  options={tenureChoices(limits).map((months) => ({
                    value: String(months),
                    label: t('common.months', { count: months }),
                  }))}
                  disabled={props.readOnly}
                />
                <SelectField
                  name="loanReasonId"
                  label={t('labels.loanReason')}
                  placeholder={t('labels.choose')}
                  options={reasons.map((reason) => ({
                    value: String(reason.id),
                    label: nameIn(language, reason),
                  }))}
                  disabled={props.readOnly}
                />
                {reasonsNeedingOther.includes(values.loanReasonId) ? (
                  <TextField
                    name="loanReasonOther"
                    label={t('labels.loanReasonOther')}
                    disabled={props.readOnly}
                  />
                ) : null}
                <TextField
                  name="campaignCode"
                  label={t('labels.campaignCode')}
                  required={false}
                  transform={(value) => value.toUpperCase()}
                  disabled={props.readOnly}
                />
              </FieldGrid>
              {offer ? (
                <Box mt={4}>
                  <ApprovedFigures offer={offer} />
                </Box>
              ) : (
                <Instalment product={product} />
              )}
              {failure ? (
                <ErrorNotice mt={4} title={t('failures.loan')} description={failure} />
              ) : null}
              {props.readOnly ? null : (
                <Button
                  type="submit"
                  mt={4}
                  loading={isSubmitting}
                  colorPalette="brand"
                  width={{ base: 'full', md: 'auto' }}
                >
                  {application ? t('loan.saveUpdate') : t('loan.saveStart')}
                </Button>
              )}
            </Form>
          )}
        </Formik>
      </Card.Body>
    </Card.Root>
  );
}

/** The estimated monthly instalment, live as the amount and tenure change. */
function Instalment({ product }: { product: Product | null }) {
  const t = useFormT();
  const { values } = useFormikContext<LoanFormValues>();
  const { figures, failed } = usePublishedFigures();
  const amount = parseRinggit(values.amount);
  const tenure = Number(values.tenureMonths);
  const limits = limitsOf(product);
  if (
    !product ||
    !amount.ok ||
    amount.sen < limits.minAmountSen ||
    amount.sen > limits.maxAmountSen ||
    !tenure
  ) {
    return null;
  }
  if (!figures) {
    // No rate is built into the page: until the published one arrives there is no estimate.
    return (
      <Text mt={4} fontSize="sm" color="gray.600" data-testid="estimated-instalment-pending">
        {t(failed ? 'loan.instalmentUnavailable' : 'loan.instalmentLoading')}
      </Text>
    );
  }
  // The rate the lender publishes for the simulation, from its current product settings.
  const rateBp = figures.rates.simulatorMonthlyRateBp;
  const schedule = simulateInstalments({
    principalSen: amount.sen,
    tenureMonths: tenure,
    monthlyRateBp: rateBp,
  });
  return (
    <Stack gap={0} mt={4} aria-live="polite" data-testid="estimated-instalment">
      <Text fontWeight="bold">
        {t('loan.instalment')}: {formatRinggit(schedule.monthlyInstalmentSen)}
      </Text>
      <Text>
        {t('loan.totalRepayable')}: {formatRinggit(schedule.totalRepayableSen)}
      </Text>
      <Text fontSize="sm" color="gray.600">
        {t('loan.instalmentHelp', { rate: percentText(rateBp) })}
      </Text>
    </Stack>
  );
}
