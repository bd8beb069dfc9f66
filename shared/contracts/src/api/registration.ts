/**
 * Eligibility check, registration (account + organization in one step) and the verification
 * codes sent by email and SMS (spec sections 3, 5 and 9). Money is in sen; dates `YYYY-MM-DD`.
 */
import type { EligibilityFailure, EligibilityRule } from '@lending/domain';

import type { LoginResponse } from '../auth';
import type { Gender, IdentityCardType, OrganizationType } from './application';

export const REGISTRATION_PATHS = {
  eligibilityCheck: '/api/eligibility/check',
  register: '/api/onboarding/register',
  /** GET ?newBusinessRegistrationNo=... with a bot-check pass (`BOT_CHECK_HEADER`): `{ exists }`. */
  checkOrganizationExistence: '/api/auth/check-organization-existence',
  /** GET ?partnerId=...: `{ valid }`. */
  checkPartner: '/api/onboarding/partner-check',
  sendCode: (channel: VerificationChannel) => `/api/verification/${channel}/send`,
  verifyCode: (channel: VerificationChannel) => `/api/verification/${channel}/verify`,
  verificationStatus: '/api/verification/status',
  /** GET: what the signed-in applicant gave at registration, to fill the application forms. */
  details: '/api/onboarding/registration',
} as const;

// The rules and their reasons are the domain's; the wire carries them by these names.
export type EligibilityRuleName = EligibilityRule;
export type EligibilityFailureReason = EligibilityFailure;

export interface EligibilityCheckRequest {
  isMalaysianCitizen: boolean;
  /** MyKad number; the age is read from it. */
  nric?: string;
  /** Used when no NRIC is given. */
  birthDate?: string;
  businessEstablishedDate: string;
  annualTurnoverSen: number;
  grossMonthlyIncomeSen: number;
  /** When the telecom postpaid account was opened (the redcash tenant asks); null for none. */
  telecomPostpaidSince?: string | null;
  /** The telecom sign-in's proof of the line (redcash): the postpaid rule then takes the
   *  telecom's own report of the line instead of `telecomPostpaidSince`. */
  redOneJwt?: string;
}

export interface EligibilityRuleOutcome {
  rule: EligibilityRuleName;
  pass: boolean;
  /** Why a rule failed; absent when it passed. */
  reason?: EligibilityFailureReason;
}

export interface EligibilityCheckResponse {
  eligible: boolean;
  rules: EligibilityRuleOutcome[];
  /** The thresholds the rules used, for the explanations on the result page. */
  limits: {
    minAge: number;
    maxAge: number;
    minBusinessAgeMonths: number;
    minAnnualTurnoverSen: number;
    minGrossMonthlyIncomeSen: number;
    minTelecomPostpaidMonths: number;
  };
}

/** The registration form (spec section 3, "Registration form data"). */
export interface OnboardingRegisterRequest {
  organizationType: OrganizationType;
  companyName: string;
  newBusinessRegistrationNo: string;
  /** Country code (`+60`) and digits of the business's number. */
  businessContactCountryCode: string;
  businessContactNo: string;
  establishedDate: string;
  natureOfBusinessId: number;
  /** The business authorised address's postcode; it must be a known one. */
  businessAuthorizedPostcode: string;
  applicantName: string;
  applicantIdentityCardType: IdentityCardType;
  applicantIdentityCardNo: string;
  /** Required for a passport; read from the number for a MyKad. */
  applicantDateOfBirth?: string;
  applicantGender?: Gender;
  applicantRaceId: number;
  applicantContactCountryCode: string;
  applicantContactNo: string;
  applicantEmail: string;
  password: string;
  passwordConfirmation: string;
  partnerId?: string;
  referralSourceId?: number;
  referralSourceOther?: string;
  termsAccepted: boolean;
  /** `LEGAL_TEXT_VERSION` of the terms and privacy notice the applicant was shown and accepted. */
  consentTextVersion: string;
  acceptMarketingConsent: boolean;
  language: 'EN' | 'MS';
  captchaToken: string;
}

export interface OnboardingRegisterResponse extends LoginResponse {
  organizationId: string;
  applicant: { dateOfBirth: string; gender: Gender; age: number };
}

export type VerificationChannel = 'email' | 'sms';

export interface SendCodeResponse {
  /** Where the code went, partly hidden: `a***@example.com`, `+60******789`. */
  sentTo: string;
  expiresAt: string;
  /** A new code can be asked for from this moment. */
  resendAvailableAt: string;
}

export interface VerifyCodeRequest {
  code: string;
}

export interface ChannelVerification {
  verified: boolean;
  verifiedAt: string | null;
  /** The code sent and still usable (not used, not expired, to the current address), so a
   *  reloaded page still takes it; null when there is none. */
  pending?: SendCodeResponse | null;
}

export interface VerificationStatus {
  email: ChannelVerification;
  sms: ChannelVerification;
}

/** What the applicant gave at registration, so the application forms start from it rather
 *  than asking again. Only ever the signed-in applicant's own. */
export interface RegistrationDetails {
  organizationType: OrganizationType;
  companyName: string;
  newBusinessRegistrationNo: string;
  /** E.164. */
  businessContactNo: string | null;
  establishedDate: string;
  natureOfBusinessId: number;
  businessPostcode: string;
  applicantName: string;
  applicantIdentityCardType: IdentityCardType | null;
  /** The applicant's own number, in full. */
  applicantIdentityCardNo: string | null;
  applicantDateOfBirth: string;
  applicantGender: Gender;
  applicantRaceId: number;
  /** E.164. */
  applicantContactNo: string | null;
  applicantEmail: string;
  partnerId: string | null;
  referralSourceId: number | null;
  referralSourceOther: string | null;
  acceptMarketingConsent: boolean;
}
