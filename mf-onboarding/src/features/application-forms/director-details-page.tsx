import type { Application } from '@lending/contracts';
import { normalizeNric } from '@lending/domain';
import { Alert, Text } from '@lending/ui';
import { IdentityNumberField, PhoneField, TextField } from '@lending/ui/forms';
import { useFormikContext } from 'formik';

import { ApplicationFrame } from '../../journey/application-frame';
import { useFormT } from '../../journey/use-form-t';
import {
  EMPTY_PERSON,
  type PeopleFormValues,
  peopleRule,
  peopleSchema,
} from './director-details-schema';
import { FieldGroupList } from './field-group-list';
import { IdentityCardTypeField } from './form-fields';
import { joinPhone, splitPhone } from './form-values';
import { SectionForm } from './section-form';

export function DirectorDetailsPage() {
  return (
    <ApplicationFrame titleKey="mf-onboarding:screens.directorDetails.title">
      {(application) => <DirectorDetailsForm application={application} />}
    </ApplicationFrame>
  );
}

function initialPeople(application: Application): PeopleFormValues {
  const { minimum } = peopleRule(application.organizationType);
  const saved = application.sections.directors?.people ?? [];
  if (saved.length === 0) {
    return { people: Array.from({ length: minimum }, () => ({ ...EMPTY_PERSON })) };
  }
  return {
    people: saved.map((person) => {
      const phone = splitPhone(person.contactNo);
      return {
        name: person.name,
        identityCardType: person.identityCardType,
        identityCardNo: person.identityCardNo,
        contactCountryCode: phone.countryCode,
        contactNo: phone.number,
        personalEmail: person.personalEmail,
      };
    }),
  };
}

export function DirectorDetailsForm({ application }: { application: Application }) {
  const t = useFormT();
  if (application.organizationType === 'SOLE_PROP') {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{t('people.notApplicable')}</Alert.Title>
      </Alert.Root>
    );
  }
  const { role } = peopleRule(application.organizationType);
  return (
    <SectionForm
      section="directors"
      application={application}
      initialValues={initialPeople(application)}
      validationSchema={peopleSchema(t, { organizationType: application.organizationType })}
      toBody={(values) => ({
        people: values.people.map((person) => ({
          role,
          name: person.name.trim(),
          identityCardType: person.identityCardType,
          identityCardNo:
            person.identityCardType === 'PASSPORT'
              ? person.identityCardNo.trim().toUpperCase()
              : normalizeNric(person.identityCardNo),
          contactNo: joinPhone(person.contactCountryCode, person.contactNo),
          personalEmail: person.personalEmail.trim().toLowerCase(),
        })),
      })}
    >
      {(readOnly) => <PeopleList application={application} readOnly={readOnly} />}
    </SectionForm>
  );
}

function PeopleList({ application, readOnly }: { application: Application; readOnly: boolean }) {
  const t = useFormT();
  const { values } = useFormikContext<PeopleFormValues>();
  const { role, minimum } = peopleRule(application.organizationType);
  // Shown from the count itself: an item's own errors would hide the list's message.
  const listError =
    values.people.length < minimum
      ? t(role === 'PARTNER' ? 'validation.partnersMin' : 'validation.directorsMin', {
          count: minimum,
        })
      : null;
  return (
    <FieldGroupList
      name="people"
      items={values.people}
      empty={EMPTY_PERSON}
      intro={<Text mb={4}>{t(`people.minimum${role}`, { count: minimum })}</Text>}
      title={(index) => t(`people.${role}`, { number: index + 1 })}
      removeLabel={(_index, title) => t('people.remove', { name: title })}
      canRemove={!readOnly}
      canAdd={!readOnly}
      addLabel={t(`people.add${role}`)}
      listError={listError}
      listErrorTestId="people-minimum"
      fields={(person, prefix) => {
        const passport = person.identityCardType === 'PASSPORT';
        return (
          <>
            <TextField name={`${prefix}.name`} label={t('labels.personName')} disabled={readOnly} />
            <IdentityCardTypeField name={`${prefix}.identityCardType`} disabled={readOnly} />
            <IdentityNumberField
              name={`${prefix}.identityCardNo`}
              passport={passport}
              label={passport ? t('labels.passportNo') : t('labels.identityCardNoPerson')}
              disabled={readOnly}
            />
            <PhoneField
              name={`${prefix}.contactNo`}
              countryCodeName={`${prefix}.contactCountryCode`}
              label={t('labels.contactNo')}
              countryCodeLabel={t('labels.countryCode')}
              disabled={readOnly}
            />
            <TextField
              name={`${prefix}.personalEmail`}
              type="email"
              inputMode="email"
              label={t('labels.personalEmail')}
              disabled={readOnly}
            />
          </>
        );
      }}
    />
  );
}
