import { ageOn, DEFAULT_ELIGIBILITY_SETTINGS, parseNric } from '@lending/domain';
import { useT } from '@lending/platform';
import { Box, Text } from '@lending/ui';
import { IdentityNumberField, PhoneField, SelectField, TextField } from '@lending/ui/forms';
import { useFormikContext } from 'formik';

import type { RegistrationFormValues } from './registration-schema';
import { Section, useTouchWhen } from './registration-section';
import { type MasterLists, useListOptions } from './use-registration-lists';

export function ApplicantSection({ lists, today }: { lists: MasterLists; today: Date }) {
  const { t } = useT('onboarding-registration');
  const options = useListOptions();
  const { values } = useFormikContext<RegistrationFormValues>();
  const passport = values.applicantIdentityCardType === 'PASSPORT';
  const nric = passport ? null : parseNric(values.applicantIdentityCardNo, today);
  // A complete NRIC (or birth date) is checked at once, so an age we cannot lend to is said
  // while the applicant is still on the field.
  useTouchWhen('applicantIdentityCardNo', Boolean(nric?.ok));
  useTouchWhen(
    'applicantDateOfBirth',
    passport && /^\d{4}-\d{2}-\d{2}$/.test(values.applicantDateOfBirth),
  );
  const ageHint = t('hints.age', {
    min: DEFAULT_ELIGIBILITY_SETTINGS.minAge,
    max: DEFAULT_ELIGIBILITY_SETTINGS.maxAge,
  });

  return (
    <Section title={t('registration.applicant')}>
      <TextField name="applicantName" label={t('labels.applicantName')} autoComplete="name" />
      <SelectField
        name="applicantIdentityCardType"
        label={t('labels.applicantIdentityCardType')}
        placeholder={t('placeholders.select')}
        options={(['MYKAD', 'PASSPORT'] as const).map((value) => ({
          value,
          label: t(`identityCardTypes.${value}`),
        }))}
      />
      <IdentityNumberField
        name="applicantIdentityCardNo"
        passport={passport}
        label={passport ? t('labels.passportNo') : t('labels.nric')}
        placeholder={passport ? undefined : t('placeholders.nric')}
        helperText={passport ? undefined : ageHint}
      />
      {passport ? (
        <>
          <TextField
            name="applicantDateOfBirth"
            label={t('labels.applicantDateOfBirth')}
            type="date"
            autoComplete="bday"
            helperText={ageHint}
          />
          <SelectField
            name="applicantGender"
            label={t('labels.applicantGender')}
            placeholder={t('placeholders.select')}
            options={(['MALE', 'FEMALE'] as const).map((value) => ({
              value,
              label: t(`genders.${value}`),
            }))}
          />
        </>
      ) : (
        <Box aria-live="polite" borderWidth="1px" borderRadius="md" p="3" bg="gray.50">
          <Text fontWeight="semibold" fontSize="sm">
            {t('derived.title')}
          </Text>
          {nric?.ok ? (
            <Text fontSize="sm" data-testid="nric-derived">
              {t('derived.birthDate')}: {nric.nric.birthDate} · {t('derived.gender')}:{' '}
              {t(`genders.${nric.nric.gender}`)} · {t('derived.age')}:{' '}
              {t('derived.years', { count: ageOn(nric.nric.birthDate, today) })}
            </Text>
          ) : (
            <Text fontSize="sm">—</Text>
          )}
        </Box>
      )}
      <SelectField
        name="applicantRaceId"
        label={t('labels.applicantRaceId')}
        placeholder={t('placeholders.select')}
        options={options(lists.races)}
      />
      <PhoneField
        name="applicantContactNo"
        countryCodeName="applicantContactCountryCode"
        label={t('labels.applicantContactNo')}
        countryCodeLabel={t('labels.countryCode')}
        helperText={t('hints.phone')}
      />
    </Section>
  );
}
