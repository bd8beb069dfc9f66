import { useFormT } from '../../journey/use-form-t';
import { FieldArray, Form, Formik, useFormikContext } from 'formik';
import type { Application, IdentityCardType } from '@lending/contracts';
import {
  Alert,
  Box,
  Button,
  ErrorNotice,
  PhoneField,
  SelectField,
  SimpleGrid,
  Text,
  TextField,
} from '@lending/ui';
import { joinPhone, splitPhone } from './form-values';
import {
  EMPTY_PERSON,
  peopleRule,
  peopleSchema,
  type PeopleFormValues,
} from './director-details-schema';
import { ApplicationFrame } from '../../journey/application-frame';
import { FieldGroup, SectionFormFooter, isReadOnly, useSectionSave } from './section-page';

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
  const { failure, save, failureTitle } = useSectionSave('directors', application);
  const readOnly = isReadOnly(application);
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
    <Box maxW="52rem">
      <Formik
        initialValues={initialPeople(application)}
        validationSchema={peopleSchema(t, { organizationType: application.organizationType })}
        onSubmit={(values) =>
          save({
            people: values.people.map((person) => ({
              role,
              name: person.name.trim(),
              identityCardType: person.identityCardType,
              identityCardNo:
                person.identityCardType === 'PASSPORT'
                  ? person.identityCardNo.trim().toUpperCase()
                  : person.identityCardNo.trim(),
              contactNo: joinPhone(person.contactCountryCode, person.contactNo),
              personalEmail: person.personalEmail.trim().toLowerCase(),
            })),
          })
        }
      >
        <Form noValidate aria-label={t('sections.directors')}>
          <PeopleList application={application} readOnly={readOnly} />
          <SectionFormFooter failure={failure} failureTitle={failureTitle} readOnly={readOnly} />
        </Form>
      </Formik>
    </Box>
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
  const types: IdentityCardType[] = ['MYKAD', 'PASSPORT'];
  return (
    <FieldArray name="people">
      {(helpers) => (
        <Box>
          <Text mb={4}>{t(`people.minimum${role}`, { count: minimum })}</Text>
          {values.people.map((person, index) => {
            const number = index + 1;
            const prefix = `people.${index}`;
            const title = t(`people.${role}`, { number });
            const passport = person.identityCardType === 'PASSPORT';
            return (
              <FieldGroup key={index} title={title}>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
                  <TextField
                    name={`${prefix}.name`}
                    label={t('labels.personName')}
                    disabled={readOnly}
                  />
                  <SelectField
                    name={`${prefix}.identityCardType`}
                    label={t('labels.identityCardType')}
                    placeholder={t('labels.choose')}
                    options={types.map((type) => ({
                      value: type,
                      label: t(`identityCardTypes.${type}`),
                    }))}
                    disabled={readOnly}
                  />
                  <TextField
                    name={`${prefix}.identityCardNo`}
                    label={passport ? t('labels.passportNo') : t('labels.identityCardNoPerson')}
                    inputMode={passport ? 'text' : 'numeric'}
                    transform={
                      passport
                        ? (value) => value.toUpperCase()
                        : (value) => value.replace(/\D/g, '')
                    }
                    maxLength={12}
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
                </SimpleGrid>
                {!readOnly ? (
                  <Button
                    variant="outline"
                    alignSelf="flex-start"
                    onClick={() => helpers.remove(index)}
                  >
                    {t('people.remove', { name: title })}
                  </Button>
                ) : null}
              </FieldGroup>
            );
          })}
          {listError ? <ErrorNotice mb={4} data-testid="people-minimum" title={listError} /> : null}
          {!readOnly ? (
            <Button variant="outline" onClick={() => helpers.push({ ...EMPTY_PERSON })}>
              {t(`people.add${role}`)}
            </Button>
          ) : null}
        </Box>
      )}
    </FieldArray>
  );
}
