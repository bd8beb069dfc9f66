import { DEFAULT_ELIGIBILITY_SETTINGS } from '@lending/domain';
import { useT } from '@lending/platform';
import { SimpleGrid, Stack } from '@lending/ui';
import { PhoneField, SelectField, TextField } from '@lending/ui/forms';
import { useFormikContext } from 'formik';

import { useBusinessNumberCheck, usePostcodeLookup } from './live-checks';
import type { RegistrationFormValues } from './registration-schema';
import {
  LiveError,
  type LiveSectionProps,
  ReadOnly,
  Section,
  useTouchWhen,
} from './registration-section';
import { useListOptions } from './use-registration-lists';

export function BusinessSection({ lists, live, setLive, botPass }: LiveSectionProps) {
  const { t } = useT('onboarding-registration');
  const options = useListOptions();
  const { values, errors } = useFormikContext<RegistrationFormValues>();
  const brn = values.newBusinessRegistrationNo;
  const postcode = values.businessAuthorizedPostcode;

  useBusinessNumberCheck(brn, Boolean(errors.newBusinessRegistrationNo), botPass, setLive);
  usePostcodeLookup(postcode, setLive);
  useTouchWhen('establishedDate', /^\d{4}-\d{2}-\d{2}$/.test(values.establishedDate));

  return (
    <Section title={t('registration.business')}>
      <SelectField
        name="organizationType"
        label={t('labels.organizationType')}
        placeholder={t('placeholders.select')}
        options={(['SOLE_PROP', 'PARTNERSHIP', 'COMPANY'] as const).map((value) => ({
          value,
          label: t(`organizationTypeOptions.${value}`),
        }))}
      />
      <TextField name="companyName" label={t('labels.companyName')} autoComplete="organization" />
      <Stack gap="3">
        <TextField
          name="newBusinessRegistrationNo"
          label={t('labels.newBusinessRegistrationNo')}
          inputMode="numeric"
          placeholder={t('placeholders.brn')}
          helperText={t('hints.brn')}
          maxLength={14}
          transform={(value) => value.replace(/[^\d\s-]/g, '')}
        />
        {live.brnTaken ? <LiveError id="brn-taken" message={t('validation.brnExists')} /> : null}
      </Stack>
      <PhoneField
        name="businessContactNo"
        countryCodeName="businessContactCountryCode"
        label={t('labels.businessContactNo')}
        countryCodeLabel={t('labels.countryCode')}
        helperText={t('hints.phone')}
      />
      <TextField
        name="establishedDate"
        label={t('labels.establishedDate')}
        type="date"
        helperText={t('hints.establishedDate', {
          months: DEFAULT_ELIGIBILITY_SETTINGS.minBusinessAgeMonths,
        })}
      />
      <SelectField
        name="natureOfBusinessId"
        label={t('labels.natureOfBusinessId')}
        placeholder={t('placeholders.select')}
        options={options(lists.natures)}
      />
      <Stack gap="3">
        <TextField
          name="businessAuthorizedPostcode"
          label={t('labels.businessAuthorizedPostcode')}
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
          transform={(value) => value.replace(/\D/g, '').slice(0, 5)}
          helperText={live.postcode === 'loading' ? t('registration.lookingUp') : undefined}
        />
        {live.postcode === 'notFound' ? (
          <LiveError id="postcode-not-found" message={t('validation.postcodeNotFound')} />
        ) : null}
      </Stack>
      <SimpleGrid columns={2} gap="3">
        <ReadOnly
          label={t('labels.city')}
          value={typeof live.postcode === 'object' ? live.postcode.city : ''}
        />
        <ReadOnly
          label={t('labels.state')}
          value={typeof live.postcode === 'object' ? live.postcode.state : ''}
        />
      </SimpleGrid>
    </Section>
  );
}
