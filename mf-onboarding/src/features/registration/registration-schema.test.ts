import remoteEn from '../../locales/en/mf-onboarding.json';
import en from '../../locales/en/onboarding-registration.json';
import {
  emptyRegistration,
  type RegistrationFormValues,
  registrationSchema,
} from './registration-schema';

/** The English wording, interpolated as i18next does; `mf-onboarding:` keys read the remote's
 *  own namespace. */
function t(key: string, options: Record<string, unknown> = {}): string {
  const [namespace, path] = key.startsWith('mf-onboarding:')
    ? [remoteEn, key.slice('mf-onboarding:'.length)]
    : [en, key];
  const text = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], namespace);
  if (typeof text !== 'string') throw new Error(`missing ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options[name]));
}

const schema = registrationSchema({
  t,
  today: new Date('2026-06-15T02:00:00Z'),
  otherSourceIds: ['9'],
});

const valid: RegistrationFormValues = {
  ...emptyRegistration(),
  organizationType: 'COMPANY',
  companyName: 'Kedai Runcit Sdn Bhd',
  newBusinessRegistrationNo: '201901012345',
  businessContactNo: '0321234567',
  establishedDate: '2019-03-01',
  natureOfBusinessId: '1',
  businessAuthorizedPostcode: '80000',
  applicantName: 'Nur Aisyah',
  applicantIdentityCardNo: '900101-14-5678',
  applicantRaceId: '1',
  applicantContactNo: '0123456789',
  applicantEmail: 'aisyah@example.com',
  password: 'correct horse',
  passwordConfirmation: 'correct horse',
  termsAccepted: true,
};

/** The first error for `field` when the form holds `changes`, or null when it passes. */
async function errorFor(
  field: keyof RegistrationFormValues,
  changes: Partial<RegistrationFormValues>,
): Promise<string | null> {
  try {
    await schema.validateAt(field, { ...valid, ...changes });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the registration form rules', () => {
  it('accepts a complete form', async () => {
    await expect(schema.validate(valid, { abortEarly: false })).resolves.toBeTruthy();
  });

  it.each<
    [
      string,
      keyof RegistrationFormValues,
      Partial<RegistrationFormValues>,
      Partial<RegistrationFormValues>,
      string,
    ]
  >([
    [
      'asks for the company name',
      'companyName',
      { companyName: '  ' },
      {},
      'Please enter your company name',
    ],
    [
      'asks to select the organization type',
      'organizationType',
      { organizationType: '' },
      {},
      'Please select organization type',
    ],
    [
      'rejects an old-format business number',
      'newBusinessRegistrationNo',
      { newBusinessRegistrationNo: '1234567-X' },
      {},
      'Please enter a valid business registration number (new 12-digit format)',
    ],
    [
      'rejects an entity code that does not fit the organization type',
      'newBusinessRegistrationNo',
      { organizationType: 'SOLE_PROP' },
      { organizationType: 'SOLE_PROP', newBusinessRegistrationNo: '202003012345' },
      'This business registration number is for a company, not a sole proprietorship; please choose the matching organization type',
    ],
    [
      'maps entity codes 04 to 06 to a partnership',
      'newBusinessRegistrationNo',
      { organizationType: 'PARTNERSHIP' },
      { organizationType: 'PARTNERSHIP', newBusinessRegistrationNo: '201506000111' },
      'This business registration number is for a company, not a partnership; please choose the matching organization type',
    ],
    [
      'rejects an invalid NRIC',
      'applicantIdentityCardNo',
      { applicantIdentityCardNo: '901301-14-5678' },
      {},
      'Please enter a valid NRIC number',
    ],
    [
      'asks for the NRIC',
      'applicantIdentityCardNo',
      { applicantIdentityCardNo: '' },
      {},
      'Please enter your NRIC number',
    ],
    [
      'rejects an invalid passport number',
      'applicantIdentityCardNo',
      { applicantIdentityCardType: 'PASSPORT', applicantIdentityCardNo: 'A1' },
      { applicantIdentityCardType: 'PASSPORT', applicantIdentityCardNo: 'A12345678' },
      'Please enter a valid passport number',
    ],
    [
      'asks a passport holder for the date of birth',
      'applicantDateOfBirth',
      { applicantIdentityCardType: 'PASSPORT' },
      { applicantIdentityCardType: 'PASSPORT', applicantDateOfBirth: '1985-07-20' },
      'Please enter your date of birth',
    ],
    [
      'asks a passport holder for the gender',
      'applicantGender',
      { applicantIdentityCardType: 'PASSPORT' },
      { applicantIdentityCardType: 'PASSPORT', applicantGender: 'MALE' },
      'Please select gender',
    ],
    [
      'rejects a phone number with dashes',
      'applicantContactNo',
      { applicantContactNo: '012-3456789' },
      {},
      'Please enter your mobile number without dashes',
    ],
    [
      'asks for the country code',
      'applicantContactNo',
      { applicantContactCountryCode: '' },
      {},
      'Please select the country code',
    ],
    [
      'rejects a phone number that is too short',
      'applicantContactNo',
      { applicantContactNo: '0123' },
      {},
      'Please enter a valid mobile number',
    ],
    [
      'rejects a business number with dashes',
      'businessContactNo',
      { businessContactNo: '03-21234567' },
      {},
      'Please enter your business contact number without dashes',
    ],
    [
      'rejects an invalid email',
      'applicantEmail',
      { applicantEmail: 'aisyah@' },
      {},
      'Please enter a valid email',
    ],
    [
      'rejects a password shorter than 8 characters',
      'password',
      { password: 'short' },
      {},
      'Your password must be at least 8 characters',
    ],
    [
      'rejects a confirmation that does not match',
      'passwordConfirmation',
      { passwordConfirmation: 'correct horsE' },
      {},
      'Passwords do not match',
    ],
    [
      'rejects a postcode that is not 5 digits',
      'businessAuthorizedPostcode',
      { businessAuthorizedPostcode: '8000' },
      {},
      'Please enter a valid business authorised postcode',
    ],
    [
      'asks for the other referral source when the source needs it',
      'referralSourceOther',
      { referralSourceId: '9' },
      { referralSourceId: '9', referralSourceOther: 'A friend' },
      'Please enter your other source',
    ],
    [
      'requires the terms to be accepted',
      'termsAccepted',
      { termsAccepted: false },
      {},
      'Please accept the terms and conditions',
    ],
    [
      'rejects an establishment date in the future',
      'establishedDate',
      { establishedDate: '2027-01-01' },
      {},
      'Please enter a valid date of establishment',
    ],
    [
      'refuses an NRIC that makes the applicant 16',
      'applicantIdentityCardNo',
      { applicantIdentityCardNo: '100101-14-5678' },
      { applicantIdentityCardNo: '060615-14-5678' },
      'We can lend only to applicants aged 20 to 65; this gives age 16',
    ],
    [
      'refuses a passport date of birth that makes the applicant 66',
      'applicantDateOfBirth',
      {
        applicantIdentityCardType: 'PASSPORT',
        applicantIdentityCardNo: 'A1234567',
        applicantDateOfBirth: '1960-01-01',
      },
      {
        applicantIdentityCardType: 'PASSPORT',
        applicantIdentityCardNo: 'A1234567',
        applicantDateOfBirth: '1961-06-16',
      },
      'We can lend only to applicants aged 20 to 65; this gives age 66',
    ],
    [
      'refuses a business established this year, saying when it may apply',
      'establishedDate',
      { establishedDate: '2026-01-05' },
      { establishedDate: '2025-06-14' },
      'We can lend only to a business more than 12 months old; yours can apply from 2027-01-06',
    ],
    [
      'asks to select the race',
      'applicantRaceId',
      { applicantRaceId: '' },
      {},
      'Please select race',
    ],
  ])('%s', async (_name, field, failing, passing, message) => {
    expect(await errorFor(field, failing)).toBe(message);
    expect(await errorFor(field, passing)).toBeNull();
  });
});
