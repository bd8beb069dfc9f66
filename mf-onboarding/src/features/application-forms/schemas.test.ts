import { i18n, registerTranslations } from '@lending/platform';
import en from '../../locales/en/onboarding-application.json';
import ms from '../../locales/ms/onboarding-application.json';
import {
  EMPTY_ADDRESS,
  EMPTY_EMERGENCY_CONTACT,
  EMPTY_PERSON,
  acknowledgementSchema,
  addressSchema,
  applicantSchema,
  companySchema,
  disbursementSchema,
  emergencyContactSchema,
  loanSchema,
  peopleSchema,
  type ApplicantFormValues,
  type CompanyFormValues,
  type Translate,
} from './schemas';

registerTranslations('onboarding-application', { en, ms });
const english = i18n.getFixedT('en', 'onboarding-application');
const malay = i18n.getFixedT('ms', 'onboarding-application');
const t: Translate = (key, options) => String(english(key, options as never));
const tMs: Translate = (key, options) => String(malay(key, options as never));

const TODAY = new Date('2026-03-01T04:00:00Z');

/** The error messages a schema gives for a value, keyed by field path ('' when none). */
async function errorsOf(
  schema: { validate: (value: unknown, options: object) => Promise<unknown> },
  value: unknown,
): Promise<string[]> {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

const address = { line1: '1 Jalan Ampang', line2: '', line3: '', postcode: '50450' };

const validLoan = {
  amount: '10000',
  tenureMonths: '12',
  loanReasonId: '1',
  loanReasonOther: '',
  campaignCode: '',
};

const validCompany: CompanyFormValues = {
  companyName: 'Kedai Runcit Maju',
  taxIdentificationNo: '',
  oldBusinessRegistrationNo: '',
  newBusinessRegistrationNo: '202003123456',
  natureOfBusinessId: '3',
  businessContactCountryCode: '+60',
  businessContactNo: '0321234567',
  establishedDate: '2020-02-01',
  ssmExpiryDate: '',
  companyEmail: 'hello@maju.com.my',
  operatingExpenses: '',
  businessAuthorisedAddress: address,
  registeredSameAsBusiness: true,
  registeredSsmAddress: { ...EMPTY_ADDRESS },
  mailingSameAsBusiness: true,
  mailingAddress: { ...EMPTY_ADDRESS },
};

const validApplicant: ApplicantFormValues = {
  name: 'Siti Aminah',
  identityCardType: 'MYKAD',
  identityCardNo: '880101145678',
  dateOfBirth: '',
  gender: '',
  raceId: '1',
  nationalityId: '1',
  contactCountryCode: '+60',
  contactNo: '0123456789',
  personalEmail: 'siti@example.com',
  nricAddress: address,
  homeSameAsNric: true,
  homeAddress: { ...EMPTY_ADDRESS },
  mailingSameAsHome: true,
  mailingAddress: { ...EMPTY_ADDRESS },
  employeeTypeCode: '',
  grossSalaryRangeCode: '2',
  monthlyNetSalary: '',
  employerName: '',
  jobTitle: '',
  employmentStartDate: '',
  employerContactCountryCode: '+60',
  employerContactNo: '',
  personalBankId: '4',
  personalBankAccountNo: '1234567890',
  referralSourceId: '',
  referralSourceOther: '',
  partnerId: '',
  acceptMarketingConsent: false,
};

const contact = {
  ...EMPTY_EMERGENCY_CONTACT,
  name: 'Ahmad Zaki',
  relationshipId: '2',
  contactNo: '0198765432',
  email: 'ahmad@example.com',
};

const person = {
  ...EMPTY_PERSON,
  name: 'Lim Wei Ling',
  identityCardNo: '900505105432',
  contactNo: '0167654321',
  personalEmail: 'lim@example.com',
};

describe('generic messages of spec section 5', () => {
  it('asks to enter a missing field by its label, in English and in Malay', async () => {
    const value = { ...validCompany, companyName: '' };
    expect(
      await errorsOf(companySchema(t, { organizationType: 'SOLE_PROP', today: TODAY }), value),
    ).toContain('Please enter your company name');
    expect(
      await errorsOf(companySchema(tMs, { organizationType: 'SOLE_PROP', today: TODAY }), value),
    ).toContain('Sila masukkan nama syarikat anda');
    expect(
      await errorsOf(
        companySchema(t, { organizationType: 'SOLE_PROP', today: TODAY }),
        validCompany,
      ),
    ).toEqual([]);
  });

  it('asks to select a missing choice', async () => {
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '',
        accountName: 'Maju Sdn Bhd',
        accountNumber: '123456789',
      }),
    ).toEqual(['Please select company bank']);
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'Maju Sdn Bhd',
        accountNumber: '123456789',
      }),
    ).toEqual([]);
  });

  it('refuses fewer characters than the minimum', async () => {
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'M',
        accountNumber: '123456789',
      }),
    ).toEqual(['at least 2 characters']);
  });

  it('refuses more characters than the maximum', async () => {
    const errors = await errorsOf(addressSchema(t), { ...address, line1: 'x'.repeat(101) });
    expect(errors).toEqual(['no more than 100']);
    expect(await errorsOf(addressSchema(t), { ...address, line1: 'x'.repeat(100) })).toEqual([]);
  });

  it('requires an identity card number of exactly 12 digits for a director', async () => {
    const schema = peopleSchema(t, { organizationType: 'COMPANY' });
    expect(
      await errorsOf(schema, { people: [{ ...person, identityCardNo: '90050510543' }] }),
    ).toEqual(['12 characters']);
    expect(await errorsOf(schema, { people: [person] })).toEqual([]);
  });

  it('accepts digits 0-9 only in numeric fields', async () => {
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'Maju',
        accountNumber: '12345A789',
      }),
    ).toEqual(['Numbers 0-9 only']);
    expect(await errorsOf(addressSchema(t), { ...address, postcode: '5O450' })).toContain(
      'Numbers 0-9 only',
    );
  });
});

describe('email', () => {
  it('rejects an email that is not valid', async () => {
    const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: [] });
    expect(await errorsOf(schema, { ...validApplicant, personalEmail: 'siti@' })).toEqual([
      'Please enter a valid personal email',
    ]);
    expect(await errorsOf(schema, validApplicant)).toEqual([]);
  });

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
    ).toEqual(['Please enter the number without dashes']);
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

describe('postcode', () => {
  it('requires a postcode of five digits', async () => {
    expect(await errorsOf(addressSchema(t), { ...address, postcode: '' })).toEqual([
      'Please enter your postcode',
    ]);
    expect(await errorsOf(addressSchema(t), { ...address, postcode: '5045' })).toEqual([
      'Please enter a valid postcode',
    ]);
    expect(await errorsOf(addressSchema(t), address)).toEqual([]);
  });
});

describe('NRIC and passport', () => {
  const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: [] });

  it('rejects an NRIC whose birth date does not exist', async () => {
    expect(await errorsOf(schema, { ...validApplicant, identityCardNo: '880231145678' })).toEqual([
      'Please enter a valid identity card number',
    ]);
  });

  it('rejects an NRIC with an unknown place-of-birth code', async () => {
    expect(await errorsOf(schema, { ...validApplicant, identityCardNo: '880101995678' })).toEqual([
      'Please enter a valid identity card number',
    ]);
  });

  it('accepts a passport as the alternative type, with birth date and gender given', async () => {
    const passport = {
      ...validApplicant,
      identityCardType: 'PASSPORT' as const,
      identityCardNo: 'A12345678',
    };
    expect(await errorsOf(schema, passport)).toEqual([
      'Please select date of birth',
      'Please select gender',
    ]);
    expect(
      await errorsOf(schema, { ...passport, dateOfBirth: '1985-04-02', gender: 'FEMALE' }),
    ).toEqual([]);
    expect(
      await errorsOf(schema, {
        ...passport,
        identityCardNo: 'A1',
        dateOfBirth: '1985-04-02',
        gender: 'FEMALE',
      }),
    ).toEqual(['Please enter a valid identity card number']);
  });
});

describe('business registration number', () => {
  it('requires the new 12-digit format', async () => {
    const schema = companySchema(t, { organizationType: 'SOLE_PROP', today: TODAY });
    expect(
      await errorsOf(schema, { ...validCompany, newBusinessRegistrationNo: 'JM0123456-X' }),
    ).toEqual(['Please enter the new 12-digit business registration number']);
  });

  it('refuses a number whose entity code belongs to another organization type', async () => {
    const schema = companySchema(t, { organizationType: 'COMPANY', today: TODAY });
    expect(await errorsOf(schema, validCompany)).toEqual([
      'This registration number belongs to a sole proprietorship',
    ]);
    expect(
      await errorsOf(schema, { ...validCompany, newBusinessRegistrationNo: '201901012345' }),
    ).toEqual([]);
  });
});

describe('referral source', () => {
  it('requires the other referral source text when the chosen source asks for it', async () => {
    const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: ['9'] });
    expect(await errorsOf(schema, { ...validApplicant, referralSourceId: '9' })).toEqual([
      'Please enter your other referral source',
    ]);
    expect(
      await errorsOf(schema, {
        ...validApplicant,
        referralSourceId: '9',
        referralSourceOther: 'Roadshow',
      }),
    ).toEqual([]);
  });

  it('rejects a partner ID that is not valid, when one is given', async () => {
    const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: [] });
    expect(await errorsOf(schema, { ...validApplicant, partnerId: 'P!' })).toEqual([
      'Please enter a valid partner ID',
    ]);
    expect(await errorsOf(schema, { ...validApplicant, partnerId: 'AGT-001' })).toEqual([]);
  });
});

describe('gross salary range and race', () => {
  it('requires a gross salary range and a race', async () => {
    const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: [] });
    expect(
      await errorsOf(schema, { ...validApplicant, grossSalaryRangeCode: '', raceId: '' }),
    ).toEqual(['Please select race', 'Please select gross monthly salary range']);
  });
});

describe('partners and directors', () => {
  it('requires at least 2 partners for a partnership', async () => {
    const schema = peopleSchema(t, { organizationType: 'PARTNERSHIP' });
    expect(await errorsOf(schema, { people: [person] })).toEqual([
      'Please add at least 2 partners',
    ]);
    expect(await errorsOf(schema, { people: [person, { ...person, name: 'Tan Ah Kow' }] })).toEqual(
      [],
    );
  });

  it('requires at least 1 director for a company', async () => {
    const schema = peopleSchema(t, { organizationType: 'COMPANY' });
    expect(await errorsOf(schema, { people: [] })).toEqual(['Please add at least 1 director']);
    expect(await errorsOf(schema, { people: [person] })).toEqual([]);
  });
});

describe('bank account', () => {
  it('rejects a bank account number that is not 6 to 20 digits', async () => {
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'Maju',
        accountNumber: '12345',
      }),
    ).toEqual(['Please enter a valid company account number']);
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'Maju',
        accountNumber: '123456',
      }),
    ).toEqual([]);
  });
});

describe('loan', () => {
  const schema = loanSchema(t, { reasonsNeedingOther: ['7'] });

  it('requires the amount, the period and the reason', async () => {
    expect(
      await errorsOf(schema, { ...validLoan, amount: '', tenureMonths: '', loanReasonId: '' }),
    ).toEqual([
      'Please enter your loan amount',
      'Please select tenure',
      'Please select loan reason',
    ]);
    expect(await errorsOf(schema, validLoan)).toEqual([]);
  });

  it('keeps the amount within RM5,000 to RM50,000', async () => {
    expect(await errorsOf(schema, { ...validLoan, amount: '4999.99' })).toEqual([
      'The loan amount must be at least RM 5,000.00',
    ]);
    expect(await errorsOf(schema, { ...validLoan, amount: '50000.01' })).toEqual([
      'The loan amount must be no more than RM 50,000.00',
    ]);
    expect(await errorsOf(schema, { ...validLoan, amount: '50000' })).toEqual([]);
  });

  it('keeps the tenure within 6 to 24 months', async () => {
    expect(await errorsOf(schema, { ...validLoan, tenureMonths: '25' })).toEqual([
      'Please enter a valid tenure',
    ]);
    expect(await errorsOf(schema, { ...validLoan, tenureMonths: '6' })).toEqual([]);
  });

  it('requires the other reason when the chosen reason asks for it', async () => {
    expect(await errorsOf(schema, { ...validLoan, loanReasonId: '7' })).toEqual([
      'Please enter your other loan reason',
    ]);
    expect(
      await errorsOf(schema, { ...validLoan, loanReasonId: '7', loanReasonOther: 'Renovation' }),
    ).toEqual([]);
  });

  it('rejects a campaign code with characters a code never has', async () => {
    expect(await errorsOf(schema, { ...validLoan, campaignCode: 'RAYA 2026!' })).toEqual([
      'Please enter a valid campaign code',
    ]);
    expect(await errorsOf(schema, { ...validLoan, campaignCode: 'RAYA2026' })).toEqual([]);
  });
});

describe('summary acknowledgement', () => {
  it('requires the acknowledgement to be ticked', async () => {
    expect(await errorsOf(acknowledgementSchema(t), { acknowledged: false })).toEqual([
      'Please tick the acknowledgement to submit',
    ]);
    expect(await errorsOf(acknowledgementSchema(t), { acknowledged: true })).toEqual([]);
  });
});
