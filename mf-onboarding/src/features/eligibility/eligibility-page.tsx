import type { EligibilityCheckRequest } from '@lending/contracts';
import { compareDates, malaysiaDate, parseNric, parseRinggit } from '@lending/domain';
import {
  errorMessage,
  httpStatus,
  navigate,
  registrationApi,
  session,
  useBrand,
  useT,
} from '@lending/platform';
import { Button, ErrorNotice, PageFrame, SimpleGrid, Stack, Text } from '@lending/ui';
import { CheckboxField, IdentityNumberField, SelectField, TextField } from '@lending/ui/forms';
import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import * as yup from 'yup';

import { storeEligibility } from './eligibility-answer';

interface EligibilityFormValues {
  citizen: '' | 'yes' | 'no';
  identity: 'nric' | 'birthDate';
  nric: string;
  birthDate: string;
  businessEstablishedDate: string;
  annualTurnover: string;
  grossMonthlyIncome: string;
  hasPostpaid: boolean;
  postpaidSince: string;
}

/** The tenants whose applicants hold a telecom postpaid account (DESIGN.md: redcash). */
const POSTPAID_TENANTS = ['redcash'];

/** /testing-eligibility: the questions of spec section 9, checked by the server. */
export function EligibilityPage() {
  const { t } = useT('onboarding-registration');
  const brand = useBrand();
  const asksPostpaid = POSTPAID_TENANTS.includes(brand.id);
  // Signed in through the telecom: the telecom reports the line's postpaid tenure itself.
  const [lineProof, setLineProof] = useState(() =>
    asksPostpaid ? session.current.redOneJwt : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const today = useMemo(() => malaysiaDate(new Date()), []);

  const schema = useMemo(() => {
    const label = (key: string) => t(`eligibility.fields.${key}`);
    const required = (key: string) => t('validation.required', { label: label(key) });
    const invalid = (key: string) => t('validation.invalid', { label: label(key) });
    const pastDate = (key: string) =>
      yup
        .string()
        .required(required(key))
        .test('past', invalid(key), (value) =>
          Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && compareDates(value, today) <= 0),
        );
    const money = (key: string) =>
      yup
        .string()
        .required(required(key))
        .test('ringgit', invalid(key), (value) => {
          const parsed = parseRinggit(value ?? '');
          return parsed.ok && parsed.sen >= 0;
        });
    return yup.object({
      citizen: yup.string().required(t('validation.select', { label: label('citizen') })),
      nric: yup.string().when('identity', {
        is: 'nric',
        then: (s) =>
          s
            .required(required('nric'))
            .test('nric', invalid('nric'), (value) => parseNric(value ?? '').ok),
      }),
      birthDate: yup.string().when('identity', {
        is: 'birthDate',
        then: () => pastDate('birthDate'),
      }),
      businessEstablishedDate: pastDate('businessEstablishedDate'),
      annualTurnover: money('annualTurnover'),
      grossMonthlyIncome: money('grossMonthlyIncome'),
      postpaidSince: yup.string().when('hasPostpaid', {
        is: true,
        then: () => pastDate('postpaidSince'),
      }),
    });
  }, [t, today]);

  const submit = async (values: EligibilityFormValues) => {
    setFailure(null);
    const sen = (text: string) => {
      const parsed = parseRinggit(text);
      return parsed.ok ? parsed.sen : 0;
    };
    const request: EligibilityCheckRequest = {
      isMalaysianCitizen: values.citizen === 'yes',
      ...(values.identity === 'nric' ? { nric: values.nric } : { birthDate: values.birthDate }),
      businessEstablishedDate: values.businessEstablishedDate,
      annualTurnoverSen: sen(values.annualTurnover),
      grossMonthlyIncomeSen: sen(values.grossMonthlyIncome),
      ...(asksPostpaid && !lineProof
        ? { telecomPostpaidSince: values.hasPostpaid ? values.postpaidSince : null }
        : {}),
    };
    try {
      const response = await registrationApi.checkEligibility(
        lineProof ? { ...request, redOneJwt: lineProof } : request,
      );
      storeEligibility({ response });
      navigate(`/testing-eligibility/result/${response.eligible ? 'eligible' : 'not-eligible'}`);
    } catch (error) {
      // The telecom's proof lasts an hour: past it, the person answers the postpaid question.
      if (lineProof && httpStatus(error) === 401) setLineProof(null);
      setFailure(errorMessage(error));
    }
  };

  return (
    <PageFrame title={t('eligibility.title')} description={t('eligibility.intro')}>
      <Formik<EligibilityFormValues>
        initialValues={{
          citizen: '',
          identity: 'nric',
          nric: '',
          birthDate: '',
          businessEstablishedDate: '',
          annualTurnover: '',
          grossMonthlyIncome: '',
          hasPostpaid: false,
          postpaidSince: '',
        }}
        validationSchema={schema}
        onSubmit={submit}
      >
        {({ values, isSubmitting }) => (
          <Form noValidate>
            <Stack gap="5" maxW="3xl">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <SelectField
                  name="citizen"
                  label={t('eligibility.citizen')}
                  placeholder={t('placeholders.select')}
                  options={[
                    { value: 'yes', label: t('eligibility.yes') },
                    { value: 'no', label: t('eligibility.no') },
                  ]}
                />
                <SelectField
                  name="identity"
                  label={t('derived.age')}
                  placeholder={t('placeholders.select')}
                  options={[
                    { value: 'nric', label: t('eligibility.useNric') },
                    { value: 'birthDate', label: t('eligibility.useBirthDate') },
                  ]}
                />
                {values.identity === 'nric' ? (
                  <IdentityNumberField
                    name="nric"
                    label={t('eligibility.nric')}
                    placeholder={t('placeholders.nric')}
                  />
                ) : (
                  <TextField name="birthDate" label={t('eligibility.birthDate')} type="date" />
                )}
                <TextField
                  name="businessEstablishedDate"
                  label={t('eligibility.businessEstablishedDate')}
                  type="date"
                />
                <TextField
                  name="annualTurnover"
                  label={t('eligibility.annualTurnover')}
                  inputMode="decimal"
                  transform={(value) => value.replace(/[^\d.,]/g, '')}
                />
                <TextField
                  name="grossMonthlyIncome"
                  label={t('eligibility.grossMonthlyIncome')}
                  inputMode="decimal"
                  transform={(value) => value.replace(/[^\d.,]/g, '')}
                />
              </SimpleGrid>
              {asksPostpaid && lineProof ? (
                <Text data-testid="postpaid-from-telecom">
                  {t('eligibility.postpaidFromTelecom')}
                </Text>
              ) : asksPostpaid ? (
                <Stack gap="3">
                  <CheckboxField
                    name="hasPostpaid"
                    label={t('eligibility.hasPostpaid')}
                    required={false}
                  >
                    {t('eligibility.hasPostpaid')}
                  </CheckboxField>
                  {values.hasPostpaid ? (
                    <TextField
                      name="postpaidSince"
                      label={t('eligibility.postpaidSince')}
                      type="date"
                    />
                  ) : null}
                </Stack>
              ) : null}
              {failure ? (
                <ErrorNotice title={t('eligibility.failed')} description={failure} />
              ) : null}
              <Button
                type="submit"
                loading={isSubmitting}
                loadingText={t('eligibility.checking')}
                alignSelf={{ base: 'stretch', md: 'flex-start' }}
              >
                {t('eligibility.submit')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </PageFrame>
  );
}
