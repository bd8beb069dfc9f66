import { useFormT } from '../../journey/use-form-t';
import { FieldArray, Form, Formik, useFormikContext } from 'formik';
import type { Application } from '@lending/contracts';
import { MAX_EMERGENCY_CONTACTS } from '@lending/domain';
import { masterApi } from '@lending/platform';
import {
  Box,
  Button,
  ErrorNotice,
  PhoneField,
  SelectField,
  SimpleGrid,
  TextField,
} from '@lending/ui';
import { idValue, joinPhone, optionalText, splitPhone } from './form-values';
import {
  EMPTY_EMERGENCY_CONTACT,
  emergencyContactSchema,
  type EmergencyContactFormValues,
} from './emergency-contact-details-schema';
import type { SelectOptionList } from '../../journey/form-schema';
import { ApplicationFrame } from '../../journey/application-frame';
import { FieldGroup, SectionFormFooter, isReadOnly, useSectionSave } from './section-page';
import { needingOther, useMasterList, useOptions } from './use-master-list';

export function EmergencyContactDetailsPage() {
  return (
    <ApplicationFrame titleKey="mf-onboarding:screens.emergencyContactDetails.title">
      {(application) => <EmergencyContactDetailsForm application={application} />}
    </ApplicationFrame>
  );
}

function initialContacts(application: Application): EmergencyContactFormValues {
  const saved = application.sections.emergencyContacts?.contacts ?? [];
  if (saved.length === 0) return { contacts: [{ ...EMPTY_EMERGENCY_CONTACT }] };
  return {
    contacts: saved.map((contact) => {
      const phone = splitPhone(contact.contactNo);
      return {
        name: contact.name,
        relationshipId: idValue(contact.relationshipId),
        relationshipOther: contact.relationshipOther ?? '',
        contactCountryCode: phone.countryCode,
        contactNo: phone.number,
        email: contact.email,
      };
    }),
  };
}

export function EmergencyContactDetailsForm({ application }: { application: Application }) {
  const t = useFormT();
  const relationships = useMasterList(masterApi.relationships);
  const relationshipOptions = useOptions(relationships.items);
  const relationshipsNeedingOther = needingOther(relationships.items);
  const { failure, save, failureTitle } = useSectionSave('emergencyContacts', application);
  const readOnly = isReadOnly(application);
  return (
    <Box maxW="52rem">
      <Formik
        initialValues={initialContacts(application)}
        validationSchema={emergencyContactSchema(t, {
          applicantPersonalEmail: application.sections.applicant?.personalEmail ?? null,
          relationshipsNeedingOther,
        })}
        onSubmit={(values) =>
          save({
            contacts: values.contacts.map((contact) => ({
              name: contact.name.trim(),
              relationshipId: Number(contact.relationshipId),
              relationshipOther: relationshipsNeedingOther.includes(contact.relationshipId)
                ? optionalText(contact.relationshipOther)
                : undefined,
              contactNo: joinPhone(contact.contactCountryCode, contact.contactNo),
              email: contact.email.trim().toLowerCase(),
            })),
          })
        }
      >
        <Form noValidate aria-label={t('sections.emergencyContacts')}>
          <ContactList
            readOnly={readOnly}
            relationshipOptions={relationshipOptions}
            relationshipsNeedingOther={relationshipsNeedingOther}
          />
          <SectionFormFooter failure={failure} failureTitle={failureTitle} readOnly={readOnly} />
        </Form>
      </Formik>
    </Box>
  );
}

function ContactList(props: {
  readOnly: boolean;
  relationshipOptions: SelectOptionList;
  relationshipsNeedingOther: string[];
}) {
  const t = useFormT();
  const { values } = useFormikContext<EmergencyContactFormValues>();
  const listError = values.contacts.length < 1 ? t('validation.emergencyContactsMin') : null;
  return (
    <FieldArray name="contacts">
      {(helpers) => (
        <Box>
          {values.contacts.map((contact, index) => {
            const number = index + 1;
            const prefix = `contacts.${index}`;
            return (
              <FieldGroup key={index} title={t('emergency.contact', { number })}>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
                  <TextField
                    name={`${prefix}.name`}
                    label={t('labels.emergencyContactName')}
                    disabled={props.readOnly}
                  />
                  <SelectField
                    name={`${prefix}.relationshipId`}
                    label={t('labels.relationship')}
                    placeholder={t('labels.choose')}
                    options={props.relationshipOptions}
                    disabled={props.readOnly}
                  />
                  {props.relationshipsNeedingOther.includes(contact.relationshipId) ? (
                    <TextField
                      name={`${prefix}.relationshipOther`}
                      label={t('labels.relationshipOther')}
                      disabled={props.readOnly}
                    />
                  ) : null}
                  <PhoneField
                    name={`${prefix}.contactNo`}
                    countryCodeName={`${prefix}.contactCountryCode`}
                    label={t('labels.emergencyContactNo')}
                    countryCodeLabel={t('labels.countryCode')}
                    disabled={props.readOnly}
                  />
                  <TextField
                    name={`${prefix}.email`}
                    type="email"
                    inputMode="email"
                    label={t('labels.emergencyContactEmail')}
                    disabled={props.readOnly}
                  />
                </SimpleGrid>
                {values.contacts.length > 1 && !props.readOnly ? (
                  <Button
                    variant="outline"
                    alignSelf="flex-start"
                    onClick={() => helpers.remove(index)}
                  >
                    {t('emergency.remove', { number })}
                  </Button>
                ) : null}
              </FieldGroup>
            );
          })}
          {listError ? <ErrorNotice mb={4} title={listError} /> : null}
          {values.contacts.length < MAX_EMERGENCY_CONTACTS && !props.readOnly ? (
            <Button variant="outline" onClick={() => helpers.push({ ...EMPTY_EMERGENCY_CONTACT })}>
              {t('emergency.add')}
            </Button>
          ) : null}
        </Box>
      )}
    </FieldArray>
  );
}
