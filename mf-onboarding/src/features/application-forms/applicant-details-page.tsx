import type { Application, Gender, RegistrationDetails } from '@lending/contracts';
import { normalizeNric, validatePassport } from '@lending/domain';
import { masterApi } from '@lending/platform';
import { Spinner, Stack } from '@lending/ui';
import {
  CheckboxField,
  IdentityNumberField,
  PhoneField,
  SelectField,
  TextField,
} from '@lending/ui/forms';
import { useFormikContext } from 'formik';

import { needingOther, useMasterList, useOptions } from '../../hooks/use-master-list';
import { ApplicationFrame } from '../../journey/application-frame';
import { FieldGrid } from '../../journey/field-grid';
import { useFormT } from '../../journey/use-form-t';
import { AddressGroup, SameAsAddress } from './address-group';
import { type ApplicantFormValues, applicantSchema } from './applicant-details-schema';
import { DigitsField, IdentityCardTypeField, MoneyField } from './form-fields';
import {
  addressInput,
  addressValues,
  idValue,
  joinPhone,
  optionalNumber,
  optionalText,
  sameAddress,
  senFrom,
  senValue,
  splitPhone,
} from './form-values';
import { NricDerived } from './nric-derived';
import { useRegistrationDetails } from './registration-details';
import { SectionForm } from './section-form';
import { FieldGroup } from './section-page';

export function ApplicantDetailsPage() {
  return (
    <ApplicationFrame titleKey="mf-onboarding:screens.applicantDetails.title">
      {(application) => <ApplicantDetailsForm application={application} />}
    </ApplicationFrame>
  );
}

export function initialApplicantValues(
  application: Application,
  registered: RegistrationDetails | null = null,
): ApplicantFormValues {
  const saved = application.sections.applicant;
  if (!saved && registered)
    return fromRegistration(initialApplicantValues(application), registered);
  const nric = addressValues(saved?.nricAddress);
  const home = addressValues(saved?.homeAddress);
  const mailing = addressValues(saved?.mailingAddress);
  const contact = splitPhone(saved?.contactNo);
  const employer = splitPhone(saved?.employerContactNo);
  return {
    name: saved?.name ?? '',
    identityCardType: saved?.identityCardType ?? 'MYKAD',
    identityCardNo: saved?.identityCardNo ?? '',
    dateOfBirth: saved?.identityCardType === 'PASSPORT' ? saved.dateOfBirth : '',
    gender: saved?.identityCardType === 'PASSPORT' ? saved.gender : '',
    raceId: idValue(saved?.raceId),
    nationalityId: idValue(saved?.nationalityId),
    contactCountryCode: contact.countryCode,
    contactNo: contact.number,
    personalEmail: saved?.personalEmail ?? '',
    nricAddress: nric,
    homeSameAsNric: saved ? sameAddress(nric, home) : false,
    homeAddress: home,
    mailingSameAsHome: saved ? sameAddress(home, mailing) : false,
    mailingAddress: mailing,
    employeeTypeCode: idValue(saved?.employeeTypeCode),
    grossSalaryRangeCode: idValue(saved?.grossSalaryRangeCode),
    monthlyNetSalary: senValue(saved?.monthlyNetSalarySen),
    employerName: saved?.employerName ?? '',
    jobTitle: saved?.jobTitle ?? '',
    employmentStartDate: saved?.employmentStartDate ?? '',
    employerContactCountryCode: employer.countryCode,
    employerContactNo: employer.number,
    personalBankId: idValue(saved?.personalBankId),
    personalBankAccountNo: saved?.personalBankAccountNo ?? '',
    referralSourceId: idValue(saved?.referralSourceId),
    referralSourceOther: saved?.referralSourceOther ?? '',
    partnerId: saved?.partnerId ?? '',
    acceptMarketingConsent: saved?.acceptMarketingConsent ?? false,
  };
}

/** The empty form with what was given at registration: name, identity card, race, mobile,
 *  email, and how the applicant heard of us. */
function fromRegistration(
  empty: ApplicantFormValues,
  registered: RegistrationDetails,
): ApplicantFormValues {
  const passport = registered.applicantIdentityCardType === 'PASSPORT';
  const contact = splitPhone(registered.applicantContactNo);
  return {
    ...empty,
    name: registered.applicantName,
    identityCardType: registered.applicantIdentityCardType ?? 'MYKAD',
    identityCardNo: registered.applicantIdentityCardNo ?? '',
    dateOfBirth: passport ? registered.applicantDateOfBirth : '',
    gender: passport ? registered.applicantGender : '',
    raceId: idValue(registered.applicantRaceId),
    contactCountryCode: contact.countryCode,
    contactNo: contact.number,
    personalEmail: registered.applicantEmail,
    referralSourceId: idValue(registered.referralSourceId),
    referralSourceOther: registered.referralSourceOther ?? '',
    partnerId: registered.partnerId ?? '',
    acceptMarketingConsent: registered.acceptMarketingConsent,
  };
}

export function ApplicantDetailsForm({ application }: { application: Application }) {
  const t = useFormT();
  const registered = useRegistrationDetails(application, 'applicant');
  const races = useMasterList(masterApi.races);
  const nationalities = useMasterList(masterApi.nationalities);
  const salaryRanges = useMasterList(masterApi.grossSalaryRanges);
  const employeeTypes = useMasterList(masterApi.employeeTypes);
  const banks = useMasterList(masterApi.banks);
  const referralSources = useMasterList(masterApi.referralSources);
  const options = {
    races: useOptions(races.items),
    nationalities: useOptions(nationalities.items),
    salaryRanges: useOptions(salaryRanges.items, (item) => item.code),
    employeeTypes: useOptions(employeeTypes.items, (item) => item.code),
    banks: useOptions(banks.items),
    referralSources: useOptions(referralSources.items),
  };
  const referralNeedingOther = needingOther(referralSources.items);
  if (registered === undefined) return <Spinner aria-label={t('common.loading')} />;

  return (
    <SectionForm
      section="applicant"
      application={application}
      initialValues={initialApplicantValues(application, registered ?? null)}
      validationSchema={applicantSchema(t, {
        today: new Date(),
        referralSourcesNeedingOther: referralNeedingOther,
      })}
      toBody={(values) => {
        const nric = addressInput(values.nricAddress);
        const home = values.homeSameAsNric ? nric : addressInput(values.homeAddress);
        const passport = values.identityCardType === 'PASSPORT';
        const identityCardNo = passport
          ? validatePassport(values.identityCardNo).ok
            ? values.identityCardNo.trim().toUpperCase()
            : values.identityCardNo
          : normalizeNric(values.identityCardNo);
        return {
          name: values.name.trim(),
          identityCardType: values.identityCardType,
          identityCardNo,
          ...(passport ? { dateOfBirth: values.dateOfBirth, gender: values.gender as Gender } : {}),
          raceId: Number(values.raceId),
          nationalityId: Number(values.nationalityId),
          contactNo: joinPhone(values.contactCountryCode, values.contactNo),
          personalEmail: values.personalEmail.trim().toLowerCase(),
          nricAddress: nric,
          homeAddress: home,
          mailingAddress: values.mailingSameAsHome ? home : addressInput(values.mailingAddress),
          employeeTypeCode: optionalNumber(values.employeeTypeCode),
          grossSalaryRangeCode: optionalNumber(values.grossSalaryRangeCode),
          monthlyNetSalarySen: senFrom(values.monthlyNetSalary),
          employerName: optionalText(values.employerName),
          jobTitle: optionalText(values.jobTitle),
          employmentStartDate: optionalText(values.employmentStartDate),
          employerContactNo: values.employerContactNo
            ? joinPhone(values.employerContactCountryCode, values.employerContactNo)
            : undefined,
          personalBankId: Number(values.personalBankId),
          personalBankAccountNo: values.personalBankAccountNo,
          referralSourceId: optionalNumber(values.referralSourceId),
          referralSourceOther: referralNeedingOther.includes(values.referralSourceId)
            ? optionalText(values.referralSourceOther)
            : undefined,
          partnerId: optionalText(values.partnerId),
          acceptMarketingConsent: values.acceptMarketingConsent,
        };
      }}
    >
      {(readOnly) => (
        <>
          <FieldGroup title={t('applicant.personal')}>
            <IdentityFields readOnly={readOnly} />
            <FieldGrid>
              <SelectField
                name="raceId"
                label={t('labels.race')}
                placeholder={t('labels.choose')}
                options={options.races}
                disabled={readOnly}
              />
              <SelectField
                name="nationalityId"
                label={t('labels.nationality')}
                placeholder={t('labels.choose')}
                options={options.nationalities}
                disabled={readOnly}
              />
              <PhoneField
                name="contactNo"
                countryCodeName="contactCountryCode"
                label={t('labels.contactNo')}
                countryCodeLabel={t('labels.countryCode')}
                disabled={readOnly}
              />
              <TextField
                name="personalEmail"
                type="email"
                inputMode="email"
                autoComplete="email"
                label={t('labels.personalEmail')}
                disabled={readOnly}
              />
            </FieldGrid>
          </FieldGroup>
          <ApplicantAddresses readOnly={readOnly} />
          <FieldGroup title={t('labels.employment')}>
            <FieldGrid>
              <SelectField
                name="employeeTypeCode"
                label={t('labels.employeeType')}
                placeholder={t('labels.choose')}
                options={options.employeeTypes}
                required={false}
                disabled={readOnly}
              />
              <SelectField
                name="grossSalaryRangeCode"
                label={t('labels.grossSalaryRange')}
                placeholder={t('labels.choose')}
                options={options.salaryRanges}
                disabled={readOnly}
              />
              <MoneyField
                name="monthlyNetSalary"
                label={t('labels.monthlyNetSalary')}
                required={false}
                disabled={readOnly}
              />
              <TextField
                name="employerName"
                label={t('labels.employerName')}
                required={false}
                disabled={readOnly}
              />
              <TextField
                name="jobTitle"
                label={t('labels.jobTitle')}
                required={false}
                disabled={readOnly}
              />
              <TextField
                name="employmentStartDate"
                type="date"
                label={t('labels.employmentStartDate')}
                required={false}
                disabled={readOnly}
              />
              <PhoneField
                name="employerContactNo"
                countryCodeName="employerContactCountryCode"
                label={t('labels.employerContactNo')}
                countryCodeLabel={t('labels.countryCode')}
                required={false}
                disabled={readOnly}
              />
            </FieldGrid>
          </FieldGroup>
          <FieldGroup title={t('applicant.bank')}>
            <FieldGrid>
              <SelectField
                name="personalBankId"
                label={t('labels.personalBank')}
                placeholder={t('labels.choose')}
                options={options.banks}
                disabled={readOnly}
              />
              <DigitsField
                name="personalBankAccountNo"
                label={t('labels.personalBankAccountNo')}
                maxLength={20}
                helperText={t('labels.personalBankHelp')}
                disabled={readOnly}
              />
            </FieldGrid>
          </FieldGroup>
          <ReferralFields
            readOnly={readOnly}
            options={options.referralSources}
            needingOther={referralNeedingOther}
          />
        </>
      )}
    </SectionForm>
  );
}

/** Identity card type, number and what the number tells (MyKad) or asks (passport). */
export function IdentityFields({ readOnly }: { readOnly: boolean }) {
  const t = useFormT();
  const { values } = useFormikContext<ApplicantFormValues>();
  const passport = values.identityCardType === 'PASSPORT';
  return (
    <Stack gap={4}>
      <TextField
        name="name"
        label={t('labels.applicantName')}
        autoComplete="name"
        disabled={readOnly}
      />
      <FieldGrid>
        <IdentityCardTypeField name="identityCardType" disabled={readOnly} />
        <IdentityNumberField
          name="identityCardNo"
          passport={passport}
          label={passport ? t('labels.passportNo') : t('labels.identityCardNo')}
          disabled={readOnly}
        />
      </FieldGrid>
      {passport ? (
        <FieldGrid>
          <TextField
            name="dateOfBirth"
            type="date"
            label={t('labels.dateOfBirth')}
            disabled={readOnly}
          />
          <SelectField
            name="gender"
            label={t('labels.gender')}
            placeholder={t('labels.choose')}
            options={(['MALE', 'FEMALE'] as const).map((gender) => ({
              value: gender,
              label: t(`genders.${gender}`),
            }))}
            disabled={readOnly}
          />
        </FieldGrid>
      ) : (
        <NricDerived nric={values.identityCardNo} />
      )}
    </Stack>
  );
}

function ApplicantAddresses({ readOnly }: { readOnly: boolean }) {
  const t = useFormT();
  return (
    <Stack gap={0}>
      <AddressGroup name="nricAddress" title={t('labels.nricAddress')} disabled={readOnly} />
      <SameAsAddress
        sameName="homeSameAsNric"
        sameLabel={t('labels.homeSameAsNric')}
        name="homeAddress"
        title={t('labels.homeAddress')}
        disabled={readOnly}
      />
      <SameAsAddress
        sameName="mailingSameAsHome"
        sameLabel={t('labels.mailingSameAsHome')}
        name="mailingAddress"
        title={t('labels.mailingAddress')}
        disabled={readOnly}
      />
    </Stack>
  );
}

function ReferralFields(props: {
  readOnly: boolean;
  options: { value: string; label: string }[];
  needingOther: string[];
}) {
  const t = useFormT();
  const { values } = useFormikContext<ApplicantFormValues>();
  return (
    <FieldGroup title={t('applicant.referral')}>
      <FieldGrid>
        <SelectField
          name="referralSourceId"
          label={t('labels.referralSource')}
          placeholder={t('labels.choose')}
          options={props.options}
          required={false}
          disabled={props.readOnly}
        />
        {props.needingOther.includes(values.referralSourceId) ? (
          <TextField
            name="referralSourceOther"
            label={t('labels.referralSourceOther')}
            disabled={props.readOnly}
          />
        ) : null}
        <TextField
          name="partnerId"
          label={t('labels.partnerId')}
          required={false}
          transform={(value) => value.toUpperCase()}
          disabled={props.readOnly}
        />
      </FieldGrid>
      <CheckboxField name="acceptMarketingConsent" label="" disabled={props.readOnly}>
        {t('labels.acceptMarketingConsent')}
      </CheckboxField>
    </FieldGroup>
  );
}
