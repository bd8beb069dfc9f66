import type { Application, RegistrationDetails } from '@lending/contracts';
import { masterApi } from '@lending/platform';
import { Spinner, Stack, Text } from '@lending/ui';
import { PhoneField, SelectField, TextField } from '@lending/ui/forms';

import { useMasterList, useOptions } from '../../hooks/use-master-list';
import { ApplicationFrame } from '../../journey/application-frame';
import { FieldGrid } from '../../journey/field-grid';
import { useFormT } from '../../journey/use-form-t';
import { AddressGroup, SameAsAddress } from './address-group';
import { type CompanyFormValues, companySchema } from './company-details-schema';
import { DigitsField, MoneyField } from './form-fields';
import {
  addressInput,
  addressValues,
  idValue,
  joinPhone,
  optionalText,
  sameAddress,
  senFrom,
  senValue,
  splitPhone,
} from './form-values';
import { useRegistrationDetails } from './registration-details';
import { SectionForm } from './section-form';
import { FieldGroup } from './section-page';

export function CompanyDetailsPage() {
  return (
    <ApplicationFrame titleKey="mf-onboarding:screens.companyDetails.title">
      {(application) => <CompanyDetailsForm application={application} />}
    </ApplicationFrame>
  );
}

export function initialCompanyValues(
  application: Application,
  registered: RegistrationDetails | null,
): CompanyFormValues {
  const saved = application.sections.company;
  const business = saved
    ? addressValues(saved.businessAuthorisedAddress)
    : { ...addressValues(null), postcode: registered?.businessPostcode ?? '' };
  const ssm = addressValues(saved?.registeredSsmAddress);
  const mailing = addressValues(saved?.mailingAddress);
  const phone = splitPhone(saved?.businessContactNo ?? registered?.businessContactNo);
  return {
    companyName: saved?.companyName ?? registered?.companyName ?? '',
    taxIdentificationNo: saved?.taxIdentificationNo ?? '',
    oldBusinessRegistrationNo: saved?.oldBusinessRegistrationNo ?? '',
    newBusinessRegistrationNo:
      saved?.newBusinessRegistrationNo ?? registered?.newBusinessRegistrationNo ?? '',
    natureOfBusinessId: idValue(saved?.natureOfBusinessId ?? registered?.natureOfBusinessId),
    businessContactCountryCode: phone.countryCode,
    businessContactNo: phone.number,
    establishedDate: saved?.establishedDate ?? registered?.establishedDate ?? '',
    ssmExpiryDate: saved?.ssmExpiryDate ?? '',
    companyEmail: saved?.companyEmail ?? '',
    operatingExpenses: senValue(saved?.operatingExpensesSen),
    businessAuthorisedAddress: business,
    registeredSameAsBusiness: saved ? sameAddress(business, ssm) : false,
    registeredSsmAddress: ssm,
    mailingSameAsBusiness: saved ? sameAddress(business, mailing) : false,
    mailingAddress: mailing,
  };
}

export function CompanyDetailsForm({ application }: { application: Application }) {
  const t = useFormT();
  const natures = useMasterList(masterApi.naturesOfBusiness);
  const natureOptions = useOptions(natures.items);
  const registered = useRegistrationDetails(application, 'company');
  if (registered === undefined) return <Spinner aria-label={t('common.loading')} />;
  return (
    <SectionForm
      section="company"
      application={application}
      intro={
        <Text mb={4}>
          {t('company.organizationType', {
            type: t(`organizationTypes.${application.organizationType}`),
          })}
        </Text>
      }
      initialValues={initialCompanyValues(application, registered)}
      validationSchema={companySchema(t, {
        organizationType: application.organizationType,
        today: new Date(),
      })}
      toBody={(values) => {
        const business = addressInput(values.businessAuthorisedAddress);
        return {
          companyName: values.companyName.trim(),
          taxIdentificationNo: optionalText(values.taxIdentificationNo),
          oldBusinessRegistrationNo: optionalText(values.oldBusinessRegistrationNo),
          newBusinessRegistrationNo: values.newBusinessRegistrationNo.replace(/[\s-]/g, ''),
          natureOfBusinessId: Number(values.natureOfBusinessId),
          businessContactNo: joinPhone(values.businessContactCountryCode, values.businessContactNo),
          establishedDate: values.establishedDate,
          ssmExpiryDate: optionalText(values.ssmExpiryDate),
          companyEmail: values.companyEmail.trim().toLowerCase(),
          operatingExpensesSen: senFrom(values.operatingExpenses),
          businessAuthorisedAddress: business,
          registeredSsmAddress: values.registeredSameAsBusiness
            ? business
            : addressInput(values.registeredSsmAddress),
          mailingAddress: values.mailingSameAsBusiness
            ? business
            : addressInput(values.mailingAddress),
        };
      }}
    >
      {(readOnly) => (
        <>
          <FieldGroup title={t('sections.company')}>
            <FieldGrid>
              <TextField
                name="companyName"
                label={t('labels.companyName')}
                autoComplete="organization"
                disabled={readOnly}
              />
              <DigitsField
                name="newBusinessRegistrationNo"
                label={t('labels.newBusinessRegistrationNo')}
                maxLength={12}
                disabled={readOnly}
              />
              <TextField
                name="oldBusinessRegistrationNo"
                label={t('labels.oldBusinessRegistrationNo')}
                required={false}
                disabled={readOnly}
              />
              <TextField
                name="taxIdentificationNo"
                label={t('labels.taxIdentificationNo')}
                required={false}
                transform={(value) => value.toUpperCase()}
                disabled={readOnly}
              />
              <SelectField
                name="natureOfBusinessId"
                label={t('labels.natureOfBusiness')}
                placeholder={t('labels.choose')}
                options={natureOptions}
                disabled={readOnly}
              />
              <PhoneField
                name="businessContactNo"
                countryCodeName="businessContactCountryCode"
                label={t('labels.businessContactNo')}
                countryCodeLabel={t('labels.countryCode')}
                disabled={readOnly}
              />
              <TextField
                name="establishedDate"
                type="date"
                label={t('labels.establishedDate')}
                disabled={readOnly}
              />
              <TextField
                name="ssmExpiryDate"
                type="date"
                label={t('labels.ssmExpiryDate')}
                required={false}
                disabled={readOnly}
              />
              <TextField
                name="companyEmail"
                type="email"
                inputMode="email"
                label={t('labels.companyEmail')}
                autoComplete="email"
                disabled={readOnly}
              />
              <MoneyField
                name="operatingExpenses"
                label={t('labels.operatingExpenses')}
                required={false}
                disabled={readOnly}
              />
            </FieldGrid>
          </FieldGroup>
          <CompanyAddresses readOnly={readOnly} />
        </>
      )}
    </SectionForm>
  );
}

function CompanyAddresses({ readOnly }: { readOnly: boolean }) {
  const t = useFormT();
  return (
    <Stack gap={0}>
      <AddressGroup
        name="businessAuthorisedAddress"
        title={t('labels.businessAuthorisedAddress')}
        disabled={readOnly}
      />
      <SameAsAddress
        sameName="registeredSameAsBusiness"
        sameLabel={t('labels.registeredSameAsBusiness')}
        name="registeredSsmAddress"
        title={t('labels.registeredSsmAddress')}
        disabled={readOnly}
      />
      <SameAsAddress
        sameName="mailingSameAsBusiness"
        sameLabel={t('labels.mailingSameAsBusiness')}
        name="mailingAddress"
        title={t('labels.mailingAddress')}
        disabled={readOnly}
      />
    </Stack>
  );
}
