// The server's checks of each application form section: the request schemas have already
// checked shapes and lengths; what needs rules or master data is checked here, with the
// sentences the screens show. Each check returns the section as it is stored (sealed).
import type {
  Address,
  AddressInput,
  ApplicantDetails,
  ApplicationSections,
  CompanyDetails,
  DirectorDetails,
  DisbursementDetails,
  EmergencyContactDetails,
  Gender,
  IdentityCardType,
  LoanRequest,
  OrganizationType,
  Person,
} from '@lending/contracts';
import {
  ageOn,
  checkLoanAmount,
  checkOrganizationType,
  checkPeopleForOrganization,
  checkTenure,
  DEFAULT_ELIGIBILITY_SETTINGS,
  formatRinggit,
  isIsoDate,
  isSameEmail,
  isValidBankAccountNumber,
  malaysiaDate,
  MAX_EMERGENCY_CONTACTS,
  parseNric,
  parsePhoneWithCountryCode,
  parseRegistrationNumber,
  type PeopleCheck,
  validateEmail,
  validatePassport,
} from '@lending/domain';

import { ORGANIZATION_TYPE_WORDS, phoneSentence } from '../../http/sentences';
import { badRequest, type Sentence, sentence } from '../../kernel/errors';
import type { Lookups } from './store';

export type StoredCompany = NonNullable<ApplicationSections['company']>;
export type StoredApplicant = Omit<NonNullable<ApplicationSections['applicant']>, 'age'>;
export type StoredDisbursement = DisbursementDetails;
export type StoredEmergencyContacts = EmergencyContactDetails;
export type StoredDirectors = DirectorDetails;

export function phone(input: string, label: Sentence): string {
  const result = parsePhoneWithCountryCode(input);
  if (result.ok) return result.e164;
  throw badRequest(phoneSentence(result.reason, label, 'written'));
}

export function email(input: string, label: Sentence): string {
  const result = validateEmail(input);
  if (result.ok) return result.email;
  throw badRequest(
    result.reason === 'required'
      ? sentence('Please enter your {label}', { label })
      : sentence('Please enter a valid {label}', { label }),
  );
}

function date(input: string, label: Sentence): string {
  if (!isIsoDate(input)) throw badRequest(sentence('Please enter a valid {label}', { label }));
  return input;
}

function notInFuture(input: string, label: Sentence, now: Date): string {
  if (date(input, label) > malaysiaDate(now)) {
    throw badRequest(sentence('{label} cannot be in the future', { label }));
  }
  return input;
}

async function address(lookups: Lookups, input: AddressInput, label: Sentence): Promise<Address> {
  const found = await lookups.postcode(input.postcode);
  if (!found) throw badRequest(sentence('Postcode not found ({label})', { label }));
  const trimmed = (line: string | undefined) => line?.trim() || undefined;
  const line1 = input.line1.trim();
  if (!line1) throw badRequest(sentence('Please enter your {label}', { label }));
  return {
    line1,
    ...(trimmed(input.line2) ? { line2: trimmed(input.line2) } : {}),
    ...(trimmed(input.line3) ? { line3: trimmed(input.line3) } : {}),
    postcode: input.postcode,
    cityId: found.city.id,
    cityName: found.city.name,
    stateId: found.state.id,
    stateName: found.state.name,
  };
}

function required(text: string, label: Sentence): string {
  const value = text.trim();
  if (!value) throw badRequest(sentence('Please enter your {label}', { label }));
  return value;
}

// ---------------------------------------------------------------------------------------------

export interface ProductTerms {
  id: number;
  minAmountSen: number;
  maxAmountSen: number;
  minTenureMonths: number;
  maxTenureMonths: number;
}

export interface CheckedLoan {
  requestedAmountSen: number;
  tenureMonths: number;
  loanReasonId: number;
  loanReasonOther: string | null;
  campaignCode: string | null;
}

/** The loan asked for, against the tenant's product and its running campaigns. */
export async function checkLoan(
  lookups: Lookups,
  product: ProductTerms,
  loan: LoanRequest,
  now: Date,
): Promise<CheckedLoan> {
  const amount = checkLoanAmount(loan.requestedAmountSen, product);
  if (!amount.ok) {
    throw badRequest(
      sentence('Loan amount must be between {min} and {max}', {
        min: formatRinggit(product.minAmountSen),
        max: formatRinggit(product.maxAmountSen),
      }),
    );
  }
  const tenure = checkTenure(loan.tenureMonths, product);
  if (!tenure.ok) {
    throw badRequest(
      sentence('Loan period must be between {min} and {max} months', {
        min: product.minTenureMonths,
        max: product.maxTenureMonths,
      }),
    );
  }
  const reason = await lookups.loanReason(loan.loanReasonId);
  if (!reason) throw badRequest('Please select a loan reason');
  let loanReasonOther: string | null = null;
  if (reason.needsOtherText) {
    loanReasonOther = loan.loanReasonOther?.trim() ?? '';
    if (!loanReasonOther) throw badRequest('Please enter your other reason');
  }
  let campaignCode: string | null = null;
  const code = loan.campaignCode?.trim().toUpperCase();
  if (code) {
    const campaign = await lookups.campaign(product.id, code, now);
    if (!campaign) throw badRequest('Invalid campaign code');
    campaignCode = campaign.code;
  }
  return {
    requestedAmountSen: loan.requestedAmountSen,
    tenureMonths: loan.tenureMonths,
    loanReasonId: reason.id,
    loanReasonOther,
    campaignCode,
  };
}

// ---------------------------------------------------------------------------------------------

export interface OrganizationFacts {
  organizationType: OrganizationType;
  newBusinessRegistrationNo: string;
}

export async function checkCompany(
  lookups: Lookups,
  organization: OrganizationFacts,
  input: CompanyDetails,
  now: Date,
): Promise<StoredCompany> {
  const year = Number(malaysiaDate(now).slice(0, 4));
  const brn = parseRegistrationNumber(input.newBusinessRegistrationNo, year);
  if (!brn.ok) {
    throw badRequest(
      brn.reason === 'entityCode'
        ? 'The business registration number has an unknown entity code'
        : 'Please enter a valid business registration number (new format, 12 digits)',
    );
  }
  const fits = checkOrganizationType(brn.registrationNumber.digits, organization.organizationType);
  if (!fits.ok && fits.reason === 'organizationTypeMismatch') {
    throw badRequest(
      sentence('This business registration number belongs to a {expected}, not a {chosen}', {
        expected: ORGANIZATION_TYPE_WORDS[fits.expected],
        chosen: ORGANIZATION_TYPE_WORDS[organization.organizationType],
      }),
    );
  }
  if (brn.registrationNumber.digits !== organization.newBusinessRegistrationNo) {
    throw badRequest(
      'The business registration number must be the one your organization registered with',
    );
  }
  if (!(await lookups.natureOfBusinessExists(input.natureOfBusinessId))) {
    throw badRequest('Please select a nature of business');
  }
  const establishedDate = notInFuture(
    input.establishedDate,
    sentence('Year of establishment'),
    now,
  );
  let ssmExpiryDate: string | undefined;
  if (input.ssmExpiryDate) {
    ssmExpiryDate = date(input.ssmExpiryDate, sentence('SSM expiry date'));
    if (ssmExpiryDate < malaysiaDate(now)) throw badRequest('Your SSM registration has expired');
    if (ssmExpiryDate <= establishedDate) {
      throw badRequest('SSM expiry date must be after the date of establishment');
    }
  }
  const optional = (text: string | undefined) => text?.trim() || undefined;
  const taxIdentificationNo = optional(input.taxIdentificationNo)?.toUpperCase();
  const oldBusinessRegistrationNo = optional(input.oldBusinessRegistrationNo)?.toUpperCase();
  return {
    companyName: required(input.companyName, sentence('company name')),
    ...(taxIdentificationNo ? { taxIdentificationNo } : {}),
    ...(oldBusinessRegistrationNo ? { oldBusinessRegistrationNo } : {}),
    newBusinessRegistrationNo: brn.registrationNumber.digits,
    natureOfBusinessId: input.natureOfBusinessId,
    businessContactNo: phone(input.businessContactNo, sentence('business contact number')),
    establishedDate,
    ...(ssmExpiryDate ? { ssmExpiryDate } : {}),
    companyEmail: email(input.companyEmail, sentence('company email')),
    ...(input.operatingExpensesSen !== undefined
      ? { operatingExpensesSen: input.operatingExpensesSen }
      : {}),
    businessAuthorisedAddress: await address(
      lookups,
      input.businessAuthorisedAddress,
      sentence('business authorised address'),
    ),
    registeredSsmAddress: await address(
      lookups,
      input.registeredSsmAddress,
      sentence('registered SSM address'),
    ),
    mailingAddress: await address(lookups, input.mailingAddress, sentence('mailing address')),
  };
}

// ---------------------------------------------------------------------------------------------

interface Identity {
  identityCardType: IdentityCardType;
  identityCardNo: string;
  dateOfBirth: string;
  gender: Gender;
}

/** A MyKad number gives birth date and gender; a passport holder states them. */
function identity(
  input: Pick<ApplicantDetails, 'identityCardType' | 'identityCardNo' | 'dateOfBirth' | 'gender'>,
  now: Date,
): Identity {
  if (input.identityCardType === 'MYKAD') {
    const nric = parseNric(input.identityCardNo, now);
    if (!nric.ok) throw badRequest('Invalid NRIC entered');
    return {
      identityCardType: 'MYKAD',
      identityCardNo: nric.nric.digits,
      dateOfBirth: nric.nric.birthDate,
      gender: nric.nric.gender,
    };
  }
  const passport = validatePassport(input.identityCardNo);
  if (!passport.ok) throw badRequest('Please enter a valid passport number');
  if (!input.dateOfBirth) throw badRequest('Please enter your date of birth');
  if (!input.gender) throw badRequest('Please select your gender');
  return {
    identityCardType: 'PASSPORT',
    identityCardNo: passport.passport,
    dateOfBirth: notInFuture(input.dateOfBirth, sentence('Date of birth'), now),
    gender: input.gender,
  };
}

export async function checkApplicant(
  lookups: Lookups,
  input: ApplicantDetails,
  emergencyContacts: StoredEmergencyContacts | null,
  now: Date,
): Promise<StoredApplicant> {
  const who = identity(input, now);
  const { minAge, maxAge } = DEFAULT_ELIGIBILITY_SETTINGS;
  const age = ageOn(who.dateOfBirth, now);
  if (age < minAge || age > maxAge) {
    throw badRequest(
      sentence('Applicants must be between {min} and {max} years old', {
        min: minAge,
        max: maxAge,
      }),
    );
  }
  if (!(await lookups.raceExists(input.raceId))) throw badRequest('Please select race');
  if (!(await lookups.nationalityExists(input.nationalityId))) {
    throw badRequest('Please select nationality');
  }
  if (!(await lookups.bankExists(input.personalBankId))) throw badRequest('Please select bank');
  if (!isValidBankAccountNumber(input.personalBankAccountNo)) {
    throw badRequest('Please enter a valid bank account number (6 to 20 digits)');
  }
  if (
    input.employeeTypeCode !== undefined &&
    !(await lookups.employeeTypeExists(input.employeeTypeCode))
  ) {
    throw badRequest('Please select employment type');
  }
  if (
    input.grossSalaryRangeCode !== undefined &&
    !(await lookups.grossSalaryRangeExists(input.grossSalaryRangeCode))
  ) {
    throw badRequest('Please select salary range');
  }
  const personalEmail = email(input.personalEmail, sentence('personal email'));
  if (emergencyContacts?.contacts.some((contact) => isSameEmail(contact.email, personalEmail))) {
    throw badRequest('Your personal email must be different from your emergency contacts’ emails');
  }
  let referralSourceOther: string | undefined;
  if (input.referralSourceId !== undefined) {
    const source = await lookups.referralSource(input.referralSourceId);
    if (!source) throw badRequest('Please select referral source');
    if (source.needsOtherText) {
      referralSourceOther = input.referralSourceOther?.trim();
      if (!referralSourceOther) throw badRequest('Please enter your other referral source');
    }
  }
  const text = (value: string | undefined) => value?.trim() || undefined;
  const optional = {
    employeeTypeCode: input.employeeTypeCode,
    grossSalaryRangeCode: input.grossSalaryRangeCode,
    monthlyNetSalarySen: input.monthlyNetSalarySen,
    employerName: text(input.employerName),
    jobTitle: text(input.jobTitle),
    employmentStartDate: input.employmentStartDate
      ? notInFuture(input.employmentStartDate, sentence('Employment start date'), now)
      : undefined,
    employerContactNo: input.employerContactNo?.trim()
      ? phone(input.employerContactNo, sentence('employer contact number'))
      : undefined,
    referralSourceId: input.referralSourceId,
    referralSourceOther,
    partnerId: text(input.partnerId)?.toUpperCase(),
  };
  return {
    name: required(input.name, sentence('name as per identity card')),
    ...who,
    raceId: input.raceId,
    nationalityId: input.nationalityId,
    contactNo: phone(input.contactNo, sentence('contact number')),
    personalEmail,
    nricAddress: await address(lookups, input.nricAddress, sentence('NRIC address')),
    homeAddress: await address(lookups, input.homeAddress, sentence('home address')),
    mailingAddress: await address(lookups, input.mailingAddress, sentence('mailing address')),
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    personalBankId: input.personalBankId,
    personalBankAccountNo: input.personalBankAccountNo,
    acceptMarketingConsent: input.acceptMarketingConsent,
  };
}

// ---------------------------------------------------------------------------------------------

export async function checkDisbursement(
  lookups: Lookups,
  input: DisbursementDetails,
): Promise<StoredDisbursement> {
  if (!(await lookups.bankExists(input.bankId))) throw badRequest('Please select company bank');
  if (!isValidBankAccountNumber(input.accountNumber)) {
    throw badRequest('Please enter a valid company account number (6 to 20 digits)');
  }
  return {
    bankId: input.bankId,
    accountName: required(input.accountName, sentence('company account name')),
    accountNumber: input.accountNumber,
  };
}

// ---------------------------------------------------------------------------------------------

export const EMERGENCY_EMAIL_TAKEN =
  'Emergency contact email must be different from your personal email';

export async function checkEmergencyContacts(
  lookups: Lookups,
  input: EmergencyContactDetails,
  personalEmail: string | null,
): Promise<StoredEmergencyContacts> {
  if (input.contacts.length < 1 || input.contacts.length > MAX_EMERGENCY_CONTACTS) {
    throw badRequest(
      sentence('Please give 1 to {max} emergency contacts', { max: MAX_EMERGENCY_CONTACTS }),
    );
  }
  const contacts = [];
  for (const [index, contact] of input.contacts.entries()) {
    const label = sentence('emergency contact {number}', { number: index + 1 });
    const relationship = await lookups.relationship(contact.relationshipId);
    if (!relationship)
      throw badRequest(sentence('Please select relationship ({label})', { label }));
    let relationshipOther: string | undefined;
    if (relationship.needsOtherText) {
      relationshipOther = contact.relationshipOther?.trim();
      if (!relationshipOther) {
        throw badRequest(sentence('Please enter other relationship ({label})', { label }));
      }
    }
    const address = email(contact.email, sentence('{label} email', { label }));
    if (personalEmail && isSameEmail(address, personalEmail)) {
      throw badRequest(EMERGENCY_EMAIL_TAKEN);
    }
    contacts.push({
      name: required(contact.name, sentence('{label} name', { label })),
      relationshipId: relationship.id,
      ...(relationshipOther ? { relationshipOther } : {}),
      contactNo: phone(contact.contactNo, sentence('{label} contact number', { label })),
      email: address,
    });
  }
  return { contacts };
}

// ---------------------------------------------------------------------------------------------

function person(input: Person, index: number, now: Date): Person {
  const number = index + 1;
  const label =
    input.role === 'PARTNER'
      ? sentence('partner {number}', { number })
      : sentence('director {number}', { number });
  let identityCardNo: string;
  if (input.identityCardType === 'MYKAD') {
    // The applicant's rule: twelve digits, hyphens and spaces not counted, kept as digits.
    const nric = parseNric(input.identityCardNo, now);
    if (!nric.ok && nric.reason === 'format') {
      throw badRequest(sentence('IC number of {label} must be exactly 12 digits', { label }));
    }
    if (!nric.ok) throw badRequest(sentence('Invalid NRIC entered ({label})', { label }));
    identityCardNo = nric.nric.digits;
  } else {
    const passport = validatePassport(input.identityCardNo);
    if (!passport.ok) {
      throw badRequest(sentence('Please enter a valid passport number ({label})', { label }));
    }
    identityCardNo = passport.passport;
  }
  return {
    role: input.role,
    name: required(input.name, sentence('{label} name', { label })),
    identityCardType: input.identityCardType,
    identityCardNo,
    contactNo: phone(input.contactNo, sentence('{label} contact number', { label })),
    personalEmail: email(input.personalEmail, sentence('{label} personal email', { label })),
  };
}

/** Why the partners or directors listed do not fit the organization, word for word. */
function peopleRefusal(
  fits: Extract<PeopleCheck, { reason: 'wrongRole' | 'tooFew' }>,
  type: Sentence,
): Sentence {
  const partners = fits.expected === 'PARTNER';
  if (fits.reason === 'wrongRole') {
    return partners
      ? sentence('A {type} lists partners only', { type })
      : sentence('A {type} lists directors only', { type });
  }
  const count = fits.minimum;
  if (partners) {
    return count > 1
      ? sentence('A {type} needs at least {count} partners', { type, count })
      : sentence('A {type} needs at least 1 partner', { type });
  }
  return count > 1
    ? sentence('A {type} needs at least {count} directors', { type, count })
    : sentence('A {type} needs at least 1 director', { type });
}

export function checkDirectors(
  organizationType: OrganizationType,
  input: DirectorDetails,
  now: Date,
): StoredDirectors {
  const fits = checkPeopleForOrganization(
    organizationType,
    input.people.map((one) => one.role),
  );
  if (!fits.ok) {
    if (fits.reason === 'notApplicable') {
      throw badRequest('Director and partner details do not apply to a sole proprietorship');
    }
    throw badRequest(peopleRefusal(fits, ORGANIZATION_TYPE_WORDS[organizationType]));
  }
  const people = input.people.map((one, index) => person(one, index, now));
  const seen = new Set<string>();
  for (const one of people) {
    const key = `${one.identityCardType}:${one.identityCardNo}`;
    if (seen.has(key)) throw badRequest('The same identity card number is listed twice');
    seen.add(key);
  }
  return { people };
}
