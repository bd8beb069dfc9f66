import { EMPTY_ADDRESS } from './address-schema';
import type { ApplicantFormValues } from './applicant-details-schema';
import type { CompanyFormValues } from './company-details-schema';
import { EMPTY_PERSON } from './director-details-schema';
import { EMPTY_EMERGENCY_CONTACT } from './emergency-contact-details-schema';

export const address = { line1: '1 Jalan Ampang', line2: '', line3: '', postcode: '50450' };

export const validCompany: CompanyFormValues = {
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

export const validApplicant: ApplicantFormValues = {
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

export const contact = {
  ...EMPTY_EMERGENCY_CONTACT,
  name: 'Ahmad Zaki',
  relationshipId: '2',
  contactNo: '0198765432',
  email: 'ahmad@example.com',
};

export const person = {
  ...EMPTY_PERSON,
  name: 'Lim Wei Ling',
  identityCardNo: '900505105432',
  contactNo: '0167654321',
  personalEmail: 'lim@example.com',
};
