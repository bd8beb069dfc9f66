/**
 * The longest text each form field takes, read by the browser's forms and the API's request
 * schemas alike so that a value one side accepts the other accepts too. Every text column is
 * unbounded in the database; these are the limits the API has always enforced.
 */
export const FIELD_LIMITS = {
  /** A person's name as on the identity card, and a bank account holder's name. */
  personName: 150,
  /** The shortest name the forms take: a person's, a company's, an account holder's. */
  nameMin: 2,
  companyName: 200,
  addressLine: 200,
  postcode: 5,
  businessRegistrationNo: 20,
  taxIdentificationNo: 20,
  identityCardNo: 20,
  bankAccountNo: 20,
  /** A phone number written with its country code. */
  phone: 24,
  /** A phone number's digits, when its country code is a field of its own. */
  phoneDigits: 20,
  countryCode: 5,
  email: 254,
  employerName: 200,
  jobTitle: 100,
  loanReasonOther: 200,
  referralSourceOther: 200,
  relationshipOther: 100,
  campaignCode: 40,
  partnerId: 40,
  cancelReason: 500,
} as const;

export type FieldLimit = keyof typeof FIELD_LIMITS;
