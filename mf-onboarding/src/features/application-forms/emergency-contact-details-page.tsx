import type { Application } from '@lending/contracts';
import { MAX_EMERGENCY_CONTACTS } from '@lending/domain';
import { masterApi } from '@lending/platform';
import { PhoneField, SelectField, TextField } from '@lending/ui/forms';
import { useFormikContext } from 'formik';

import { needingOther, useMasterList, useOptions } from '../../hooks/use-master-list';
import { ApplicationFrame } from '../../journey/application-frame';
import type { SelectOptionList } from '../../journey/form-schema';
import { useFormT } from '../../journey/use-form-t';
import {
  type EmergencyContactFormValues,
  emergencyContactSchema,
  EMPTY_EMERGENCY_CONTACT,
} from './emergency-contact-details-schema';
import { FieldGroupList } from './field-group-list';
import { idValue, joinPhone, optionalText, splitPhone } from './form-values';
import { SectionForm } from './section-form';

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
  return (
    <SectionForm
      section="emergencyContacts"
      application={application}
      initialValues={initialContacts(application)}
      validationSchema={emergencyContactSchema(t, {
        applicantPersonalEmail: application.sections.applicant?.personalEmail ?? null,
        relationshipsNeedingOther,
      })}
      toBody={(values) => ({
        contacts: values.contacts.map((contact) => ({
          name: contact.name.trim(),
          relationshipId: Number(contact.relationshipId),
          relationshipOther: relationshipsNeedingOther.includes(contact.relationshipId)
            ? optionalText(contact.relationshipOther)
            : undefined,
          contactNo: joinPhone(contact.contactCountryCode, contact.contactNo),
          email: contact.email.trim().toLowerCase(),
        })),
      })}
    >
      {(readOnly) => (
        <ContactList
          readOnly={readOnly}
          relationshipOptions={relationshipOptions}
          relationshipsNeedingOther={relationshipsNeedingOther}
        />
      )}
    </SectionForm>
  );
}

function ContactList(props: {
  readOnly: boolean;
  relationshipOptions: SelectOptionList;
  relationshipsNeedingOther: string[];
}) {
  const t = useFormT();
  const { values } = useFormikContext<EmergencyContactFormValues>();
  return (
    <FieldGroupList
      name="contacts"
      items={values.contacts}
      empty={EMPTY_EMERGENCY_CONTACT}
      title={(index) => t('emergency.contact', { number: index + 1 })}
      removeLabel={(index) => t('emergency.remove', { number: index + 1 })}
      canRemove={values.contacts.length > 1 && !props.readOnly}
      canAdd={values.contacts.length < MAX_EMERGENCY_CONTACTS && !props.readOnly}
      addLabel={t('emergency.add')}
      listError={values.contacts.length < 1 ? t('validation.emergencyContactsMin') : null}
      fields={(contact, prefix) => (
        <>
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
        </>
      )}
    />
  );
}
