import { errorsOf, t } from '../../testing/schema-test-kit';
import { emergencyContactSchema } from './emergency-contact-details-schema';
import { contact } from './schema-fixtures';

describe('email', () => {
  it('rejects an emergency contact email equal to the applicant personal email', async () => {
    const schema = emergencyContactSchema(t, {
      applicantPersonalEmail: 'Siti@Example.com',
      relationshipsNeedingOther: [],
    });
    expect(
      await errorsOf(schema, { contacts: [{ ...contact, email: 'siti@example.com ' }] }),
    ).toEqual(["The emergency contact's email must differ from the applicant's personal email"]);
    expect(await errorsOf(schema, { contacts: [contact] })).toEqual([]);
  });
});

describe('phone', () => {
  const contactSchema = emergencyContactSchema(t, {
    applicantPersonalEmail: null,
    relationshipsNeedingOther: [],
  });

  it('rejects a phone number with a dash', async () => {
    expect(
      await errorsOf(contactSchema, { contacts: [{ ...contact, contactNo: '019-8765432' }] }),
    ).toEqual(['Please enter your emergency contact number without dashes']);
  });

  it('requires a country code', async () => {
    expect(
      await errorsOf(contactSchema, { contacts: [{ ...contact, contactCountryCode: '' }] }),
    ).toContain('Please select the country code');
    expect(await errorsOf(contactSchema, { contacts: [contact] })).toEqual([]);
  });

  it('rejects a number that is not a real Malaysian number', async () => {
    expect(
      await errorsOf(contactSchema, { contacts: [{ ...contact, contactNo: '0212345678' }] }),
    ).toEqual(['Please enter a valid emergency contact number']);
  });
});
