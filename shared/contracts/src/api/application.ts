/**
 * The application a borrower builds while onboarding (spec sections 3, 4 and 7): the
 * organization it is for, the loan asked for, the detail sections of the forms, the progress
 * steps completed and the status. Money is in sen; dates are ISO `YYYY-MM-DD`.
 */
export type OrganizationType = 'SOLE_PROP' | 'PARTNERSHIP' | 'COMPANY';
export type IdentityCardType = 'MYKAD' | 'PASSPORT';
export type Gender = 'MALE' | 'FEMALE';

export type ApplicationStatus =
  | 'DRAFT'
  | 'IMPORTED_DRAFT'
  | 'PENDING'
  | 'KIV'
  | 'REQUESTED_FOR_INTERVIEW'
  | 'PSYCHOMETRIC_TEST'
  | 'REDO_PSYCHOMETRIC_TEST'
  | 'REFERBACK'
  | 'SUBMITTED_FOR_APPROVAL_1'
  | 'SUBMITTED_FOR_APPROVAL_2'
  | 'APPROVED'
  | 'REJECTED'
  | 'CANCELLED';

export type ApplicationProgressStep =
  | 'APPLICATIONFORMCOMPLETED'
  | 'EMAILVERIFICATIONCOMPLETED'
  | 'DOCUMENTUPLOADCOMPLETED'
  | 'EKYCCOMPLETED'
  | 'ACCEPT_LOAN'
  | 'ATTESTATION_SELECTION'
  | 'ATTESTATION_PROCESS'
  | 'AGREEMENT_SIGNING';

/** The detail sections of the application form, each saved on its own path. */
export type ApplicationSection =
  'company' | 'applicant' | 'disbursement' | 'emergencyContacts' | 'directors';

export const APPLICATION_PATHS = {
  /** POST: start an application (loan details); GET by id; DELETE cancels a draft. */
  create: '/api/application',
  byId: (applicationId: string) => `/api/application/${applicationId}`,
  byUser: (userId: string) => `/arkcash/api/v1.0/application/userId/${userId}`,
  /** PATCH: the loan asked for (amount, tenure, reason, campaign code) while a draft. */
  loan: (applicationId: string) => `/api/application/${applicationId}/loan`,
  companyDetails: '/api/application/companyDetails',
  applicantDetails: '/api/application/applicantDetails',
  disbursementDetails: '/api/application/disbursementDetails',
  emergencyContactDetails: '/api/application/emergencyContactDetails',
  directorDetails: '/api/application/directorDetails',
  /** PATCH: submit; refused with `missing` when the application is not complete. */
  submit: (applicationId: string) => `/api/application/${applicationId}/pending`,
  /** PATCH (staff, ADMIN): cancel with a reason; an approved file's unsigned agreement too. */
  adminCancel: (applicationId: string) =>
    `/arkcash/admin/api/v1.0/application/${applicationId}/status/cancel`,
  organizationByUser: (userId: string) => `/api/organization/user/${userId}`,
  /** POST `{ email }`: the organization registered with an email (own, or staff). The spec's
   *  GET carried the email in its address. */
  organizationByEmail: '/api/organization/user/email',
  organization: (organizationId: string) => `/api/organization/${organizationId}/`,
  /** GET ?newBusinessRegistrationNo=... with a bot-check pass (`BOT_CHECK_HEADER`): whether a
   *  business is already registered. */
  checkOrganizationExistence: '/api/auth/check-organization-existence',
} as const;

/** An address as the forms take it; the server fills city and state from the postcode. */
export interface AddressInput {
  line1: string;
  line2?: string;
  line3?: string;
  postcode: string;
}

export interface Address extends AddressInput {
  cityId: number;
  cityName: string;
  stateId: number;
  stateName: string;
}

export interface Organization {
  id: string;
  userId: string;
  organizationType: OrganizationType;
  companyName: string;
  newBusinessRegistrationNo: string;
  /** E.164; kept when an application is cancelled and a new one started (spec section 4). */
  businessContactNo: string | null;
  applicantName: string;
  applicantEmail: string;
  applicantContactNo: string | null;
  /** Masked except to the owner and staff: `880101******`. */
  applicantIdentityCardNo: string | null;
  createdAt: string;
}

export interface LoanRequest {
  requestedAmountSen: number;
  tenureMonths: number;
  loanReasonId: number;
  loanReasonOther?: string;
  campaignCode?: string;
}

export interface CreateApplicationRequest extends LoanRequest {
  /** Whose organization; the signed-in applicant's own when omitted. */
  organizationId?: string;
}

export interface CompanyDetails {
  companyName: string;
  taxIdentificationNo?: string;
  oldBusinessRegistrationNo?: string;
  newBusinessRegistrationNo: string;
  natureOfBusinessId: number;
  businessContactNo: string;
  establishedDate: string;
  ssmExpiryDate?: string;
  companyEmail: string;
  operatingExpensesSen?: number;
  businessAuthorisedAddress: AddressInput;
  registeredSsmAddress: AddressInput;
  mailingAddress: AddressInput;
}

export interface ApplicantDetails {
  name: string;
  identityCardType: IdentityCardType;
  identityCardNo: string;
  /** Read from a MyKad number by the server; given by the applicant for a passport. */
  dateOfBirth?: string;
  gender?: Gender;
  raceId: number;
  nationalityId: number;
  contactNo: string;
  personalEmail: string;
  nricAddress: AddressInput;
  homeAddress: AddressInput;
  mailingAddress: AddressInput;
  employeeTypeCode?: number;
  grossSalaryRangeCode?: number;
  monthlyNetSalarySen?: number;
  employerName?: string;
  jobTitle?: string;
  employmentStartDate?: string;
  employerContactNo?: string;
  personalBankId: number;
  personalBankAccountNo: string;
  referralSourceId?: number;
  referralSourceOther?: string;
  partnerId?: string;
  acceptMarketingConsent: boolean;
}

export interface DisbursementDetails {
  bankId: number;
  accountName: string;
  accountNumber: string;
}

export interface EmergencyContact {
  name: string;
  relationshipId: number;
  relationshipOther?: string;
  contactNo: string;
  email: string;
}

export interface EmergencyContactDetails {
  contacts: EmergencyContact[];
}

export type PersonRole = 'PARTNER' | 'DIRECTOR';

export interface Person {
  role: PersonRole;
  name: string;
  identityCardType: IdentityCardType;
  identityCardNo: string;
  contactNo: string;
  personalEmail: string;
}

export interface DirectorDetails {
  people: Person[];
}

/** The body of every section path: which application, and the section's fields. */
export type SectionRequest<T> = { applicationId: string } & T;

/** What a section looks like read back: addresses resolved, identity numbers whole for the
 *  owner (it is their own) and masked for staff without the need. */
export interface ApplicationSections {
  company:
    | (Omit<
        CompanyDetails,
        'businessAuthorisedAddress' | 'registeredSsmAddress' | 'mailingAddress'
      > & {
        businessAuthorisedAddress: Address;
        registeredSsmAddress: Address;
        mailingAddress: Address;
      })
    | null;
  applicant:
    | (Omit<ApplicantDetails, 'nricAddress' | 'homeAddress' | 'mailingAddress'> & {
        dateOfBirth: string;
        gender: Gender;
        age: number;
        nricAddress: Address;
        homeAddress: Address;
        mailingAddress: Address;
      })
    | null;
  disbursement: DisbursementDetails | null;
  /** Numbered from 1 in the order given. */
  emergencyContacts: { contacts: (EmergencyContact & { number: number })[] } | null;
  directors: DirectorDetails | null;
}

/** Why an application cannot be submitted yet: one entry per thing still to do. */
export type MissingItem =
  | { kind: 'loan' }
  | { kind: 'section'; section: ApplicationSection }
  | { kind: 'emailVerification' }
  | { kind: 'document'; fileType: string; required: number; uploaded: number };

export interface Application {
  id: string;
  referenceNo: string;
  userId: string;
  organizationId: string;
  organizationType: OrganizationType;
  status: ApplicationStatus;
  /** The same as `status` (the original services name it both ways). */
  applicationStatus: ApplicationStatus;
  requestedAmountSen: number | null;
  tenureMonths: number | null;
  loanReasonId: number | null;
  loanReasonOther: string | null;
  campaignCode: string | null;
  /** Flat-rate estimate from the product's unsecured rate: shown, never charged. */
  interestRateBp: number | null;
  estimatedMonthlyInstalmentSen: number | null;
  progress: ApplicationProgressStep[];
  sections: ApplicationSections;
  /** What still stands between this application and submission (empty when complete). */
  missing: MissingItem[];
  submittedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The list the home screen and the login read: newest first. */
export interface ApplicationListItem {
  id: string;
  referenceNo: string;
  status: ApplicationStatus;
  organizationType: OrganizationType;
  requestedAmountSen: number | null;
  createdAt: string;
}

export interface SubmitRefusal {
  statusCode: 409;
  error: string;
  message: string;
  code: 'SUBMIT_REFUSED';
  missing: MissingItem[];
}

/** Staff cancelling from the admin path: why, and the version the file was read at (a stale
 *  one answers 409 APPLICATION_CHANGED). Answers with a decision result. */
export interface CancelRequest {
  reason: string;
  version: number;
}

export interface OrganizationExistence {
  exists: boolean;
}

// ---- Identity verification (eKYC) -------------------------------------------------------------

export const EKYC_PATHS = {
  /** POST {applicationId}: a capture link for the phone (QR code). */
  start: '/api/ekyc/start',
  /** GET: where the verification stands. */
  session: (sessionId: string) => `/api/ekyc/${sessionId}`,
  /** POST: the applicant says they finished on the phone; records EKYCCOMPLETED when passed. */
  confirm: (sessionId: string) => `/api/ekyc/${sessionId}/confirm`,
  /** The sandbox provider's hosted capture page (GET) and its form (POST multipart). */
  sandboxCapture: (captureToken: string) => `/api/sandbox/ekyc/${captureToken}`,
} as const;

export type EkycSessionStatus = 'PENDING' | 'PASSED' | 'FAILED' | 'EXPIRED';

export interface EkycStartRequest {
  applicationId: string;
  language?: 'EN' | 'MS';
}

export interface EkycStartResponse {
  sessionId: string;
  captureUrl: string;
  expiresAt: string;
}

export interface EkycSession {
  sessionId: string;
  applicationId: string;
  status: EkycSessionStatus;
  /** Why it failed, as the user may read it (spec section 8). */
  message: string | null;
  expiresAt: string;
  completedAt: string | null;
  confirmedAt: string | null;
}

// ---- Psychometric test ------------------------------------------------------------------------

export const PSYCHOMETRIC_PATHS = {
  /** GET ?language=EN|MS&applicationId=...: the questions; starts the server's timer. */
  questions: '/api/psychometric/questions',
  /** POST {answers}: scored on the server. */
  answers: (applicationId: string) => `/api/psychometric/${applicationId}/answers`,
} as const;

export type PsychometricDimension =
  'budgeting' | 'saving' | 'debtAttitude' | 'businessPlanning' | 'riskAttitude';

export interface PsychometricQuestion {
  id: string;
  dimension: PsychometricDimension;
  text: string;
}

export interface PsychometricQuestionnaire {
  version: string;
  language: 'EN' | 'MS';
  /** The five answers, 1 (strongly disagree) to 5 (strongly agree). */
  scale: { value: number; label: string }[];
  questions: PsychometricQuestion[];
  /** The attempt the answers belong to; the server timed its start. */
  attemptId: string;
  startedAt: string;
}

export interface PsychometricAnswersRequest {
  attemptId: string;
  answers: Record<string, number>;
}

export type PsychometricInvalidReason =
  'ATTENTION_CHECK' | 'INCONSISTENT' | 'STRAIGHT_LINING' | 'TOO_FAST';

export interface PsychometricResult {
  outcome: 'VALID' | 'INVALID';
  /** The application's status afterwards: PENDING, or REDO_PSYCHOMETRIC_TEST. */
  status: ApplicationStatus;
  invalidReasons: PsychometricInvalidReason[];
  message: string;
}
