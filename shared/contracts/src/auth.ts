import type { StaffRole } from '@lending/domain';

import type { TenantId } from './brand';
import type { Language } from './events';

/**
 * Accounts and sessions: the shapes both the API and the front ends rely on (spec sections 3, 7).
 * Paths are listed once here so neither side spells them twice.
 */
export const AUTH_PATHS = {
  register: '/api/auth/register',
  login: '/api/auth/login',
  refresh: '/api/auth/refreshToken',
  logout: '/api/auth/logout',
  requestResetPassword: '/api/auth/requestResetPassword/email',
  resetPassword: '/api/auth/user/resetPassword',
  checkResetToken: '/arkcash/api/v1.0/check-reset-password-token/token',
  captchaVerify: '/arkcash/api/v1.0/recapthaV2/verify-token',
  captchaConfig: '/arkcash/api/v1.0/recapthaV2/config',
  sandboxCaptchaSolve: '/arkcash/api/v1.0/sandbox/captcha/solve',
  sandboxOutbox: '/arkcash/api/v1.0/sandbox/outbox',
  /** The outbox as a page a person can browse (plain HTML with clickable links). */
  sandboxOutboxPage: '/api/sandbox/outbox',
  /** Creates an account like `register`, in the language of the path (EN or MS). */
  createUser: (language: string) => `/arkcash/api/v1.0/user/${language}`,
  /** Creates an account on the redcash tenant, whatever tenant the request names. */
  createRedcashUser: '/arkcash/api/v1.0/redcash/user',
  /** The telecom tenant's sign-in with the telecom account (phone number and the telecom's
   *  password); refused (404) on the arkcash tenant, like every `redone` and `cep` path. */
  redOneFirstLogin: '/arkcash/api/v1.0/redone/firstLogin',
  /** Asks the telecom to send the subscriber a new password by SMS. */
  redOneResetPassword: '/arkcash/api/v1.0/redone/resetPassword',
  /** Checks an NRIC against the one the telecom holds for the signed-in line (redOneJwt). */
  redOneValidateNric: '/arkcash/api/v1.0/redone/validateNric',
  /** The telecom's customer-portal sign-in (email and portal password): tokens only. */
  cepLogin: '/arkcash/api/v1.0/cep/login',
  /** Sandbox only: the telecom's sandbox subscriber directory, for a person trying it out. */
  sandboxTelecomSubscribers: '/arkcash/api/v1.0/sandbox/telecom/subscribers',
  userMe: '/arkcash/api/v1.0/user/me',
  userById: (userId: string) => `/arkcash/api/v1.0/user/${userId}`,
  userEmail: (userId: string) => `/arkcash/api/v1.0/user/${userId}/email`,
  userTinNumber: (userId: string) => `/arkcash/api/v1.0/user/${userId}/tinNumber`,
  userApplicationCreated: (userId: string) =>
    `/arkcash/api/v1.0/user/application-created/${userId}`,
  /** POST `CheckEmailExistedRequest`: the spec's path carried the email and phone number; they
   *  travel in the body, never in an address that logs and histories keep. */
  checkEmailExisted: '/arkcash/api/v1.0/user/checkEmailExisted',
  updatePassword: '/arkcash/api/v1.0/user/update-password',
  adminUpdateUser: (userId: string) => `/arkcash/admin/api/v1.0/user/${userId}`,
  adminUpdateAuthOnly: (userId: string) => `/arkcash/admin/api/v1.0/user/updateAuthOnly/${userId}`,
  staffLogin: '/arkcash/admin/api/v1.0/auth/login',
  staffRefresh: '/arkcash/admin/api/v1.0/auth/refreshToken',
  staffLogout: '/arkcash/admin/api/v1.0/auth/logout',
} as const;

/** Back-office roles. Applicants and guarantors are not staff; a guarantor has no account at all
 *  and reaches their own agreement through a signed link. */
export { STAFF_ROLES } from '@lending/domain';
export type { StaffRole };
export type UserRole = 'APPLICANT' | StaffRole;

/** `aud` of each kind of token the API issues; a token is only accepted where its audience is. */
export type TokenAudience = 'applicant' | 'staff';

export interface UserDetails {
  id: string;
  email: string;
  firstName: string;
  phoneNo: string | null;
  /** Masked unless the caller is the user or staff with a need. */
  nric: string | null;
  role: UserRole;
  language: Language;
  partnerId: string | null;
  createdAt: string;
  allowToApplyNewLoanAfterDateTime: string | null;
  tinNumber: string | null;
  residentialAddress1: string | null;
  residentialAddress2: string | null;
  residentialAddress3: string | null;
  /** When the user first started an application (PATCH .../user/application-created/{userId}). */
  applicationCreatedAt: string | null;
}

export interface LoginRequest {
  email: string;
  password: string;
  captchaToken: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface LoginResponse extends TokenPair {
  redOneJwt: string | null;
  userDetails: UserDetails | null;
  /** The user's applications, newest first: the first one's details load after sign-in. */
  applicationDetails: { id: string; status: string }[];
  agreementDetails: { id: string; agreementStatus: string; signDate: string | null } | null;
}

export interface StaffLoginRequest {
  email: string;
  password: string;
}

/** Claims of a staff access token: the back office reads who and what from the token. */
export interface StaffTokenClaims {
  sub: string;
  email: string;
  /** The staff member's name, as the back office's header shows it. */
  name: string;
  roles: StaffRole[];
  aud: 'staff';
  /** The sign-in session (refresh-token family). */
  sid: string;
}

export interface CaptchaVerifyResponse {
  success: boolean;
}

export interface CaptchaConfig {
  provider: 'sandbox' | 'recaptcha-v2';
  siteKey: string | null;
}

/** Claims of an applicant access token. `sid` names the sign-in session (refresh-token family). */
export interface ApplicantTokenClaims {
  sub: string;
  aud: 'applicant';
  tenant: TenantId;
  sid: string;
}

/** The account form (POST /api/auth/register and both user-creation paths; on
 *  POST .../user/{language} the path's language wins over the body's). */
export interface RegisterRequest {
  /** Trimmed and lower-cased by the server. */
  email: string;
  /** At least 8 characters, at most 1024, taken whole. */
  password: string;
  firstName: string;
  /** E.164, e.g. `+60123456789`. */
  phoneNo: string;
  language: Language;
  captchaToken: string;
  acceptMarketingConsent: boolean;
}

export type TelecomAccountType = 'PREPAID' | 'POSTPAID';

/** The telecom tenant's sign-in with the telecom account. */
export interface RedOneFirstLoginRequest {
  /** The line's number (the telecom's callerId), E.164, e.g. `+60111000001`. */
  callerId: string;
  /** The password of the telecom account (not of ours). */
  password: string;
}

/**
 * Like `LoginResponse` when the line belongs to an account of ours (same phone number, same
 * NRIC); otherwise no tokens and no user details: the person registers, the phone number
 * carried over (spec section 4). `redOneJwt` proves the line for an hour either way.
 */
export interface RedOneFirstLoginResponse {
  redOneJwt: string;
  accessToken: string | null;
  refreshToken: string | null;
  userDetails: UserDetails | null;
  applicationDetails: { id: string; status: string }[];
  agreementDetails: { id: string; agreementStatus: string; signDate: string | null } | null;
  /** The line's number, E.164: registration starts with it. */
  phoneNo: string;
  /** An account of ours already uses this number but its NRIC is not the line's (or not known
   *  yet): the person signs in with their email instead of registering again. */
  phoneNoTaken: boolean;
}

/** `Authorization: Bearer <redOneJwt>`. */
export interface RedOneValidateNricRequest {
  nric: string;
}

/** The NRIC matched the line's; a wrong one answers 400 "Invalid NRIC entered". */
export interface RedOneValidateNricResponse {
  valid: true;
  accountType: TelecomAccountType;
  /** Completed months on postpaid; null for prepaid. */
  postpaidTenureMonths: number | null;
  /** The postpaid rule of the eligibility check (more than 6 months), as the telecom reports. */
  telecomPostpaid: { pass: boolean; reason?: 'noTelecomPostpaid' | 'telecomPostpaidTooNew' };
}

/** The same answer whether or not the number is the telecom's. */
export interface RedOneResetPasswordRequest {
  callerId: string;
}

export interface CepLoginRequest {
  email: string;
  password: string;
}

/** Tokens only: the user id (`sub`), email and first name are read from the access token. */
export type CepLoginResponse = TokenPair;

/** A line of the sandbox telecom's directory (sandbox only; every line's password is given). */
export interface SandboxTelecomSubscriber {
  callerId: string;
  name: string;
  nric: string;
  accountType: TelecomAccountType;
  postpaidTenureMonths: number | null;
  portalEmail: string;
  password: string;
}

export interface RefreshTokenRequest {
  refreshToken: string;
}

/** Ends the session the refresh token belongs to (its whole family). Answers 204 either way. */
export type LogoutRequest = RefreshTokenRequest;

export interface RequestResetPasswordRequest {
  email: string;
  captchaToken: string;
}

/** The same answer whether or not an account exists for the email. */
export interface RequestResetPasswordResponse {
  message: string;
}

export interface CheckResetTokenRequest {
  token: string;
}

export interface CheckResetTokenResponse {
  valid: boolean;
}

/** PATCH /api/auth/user/resetPassword with `Authorization: Bearer <reset token>`; 204. */
export interface ResetPasswordRequest {
  password: string;
}

/** PATCH .../user/update-password; 204. Other sessions of the user end. */
export interface UpdatePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export interface UpdateEmailRequest {
  email: string;
}

export interface UpdateTinNumberRequest {
  /** Upper-cased by the server, e.g. `IG12345678901`. */
  tinNumber: string;
}

/** A bot-check pass (`captchaToken`) the person has earned and not spent: checking whether an
 *  email or a business has an account needs one, and does not spend it. */
export interface CheckEmailExistedRequest {
  email: string;
  /** E.164. */
  phoneNo: string;
  captchaToken: string;
}

/** The header a GET carries its bot-check pass in (never the address). */
export const BOT_CHECK_HEADER = 'x-captcha-token';

export interface CheckEmailExistedResponse {
  emailExisted: boolean;
  phoneNoExisted: boolean;
}

/** Back office: PATCH /arkcash/admin/api/v1.0/user/{userId} (ADMIN, CUSTOMER_SERVICE). Only the
 *  fields sent change; `null` clears a clearable field. The phone number is a sign-in detail
 *  (one-time codes go to it): it changes through updateAuthOnly. */
export interface AdminUpdateUserRequest {
  firstName?: string;
  language?: Language;
  partnerId?: string | null;
  allowToApplyNewLoanAfterDateTime?: string | null;
  tinNumber?: string | null;
  residentialAddress1?: string | null;
  residentialAddress2?: string | null;
  residentialAddress3?: string | null;
}

/** Back office: PATCH .../user/updateAuthOnly/{userId} (ADMIN). Changes only what signs in and
 *  receives one-time codes: the email, the phone number (E.164) and/or the password. Any change
 *  ends every session of the user. */
export interface AdminUpdateAuthRequest {
  email?: string;
  phoneNo?: string;
  password?: string;
}

export interface CaptchaSolveResponse {
  token: string;
}

/** A message the sandbox email or SMS provider kept instead of sending. */
export interface OutboxMessage {
  id: string;
  /** `authenticator`: a demo staff member's current sign-in code, worked out when read. */
  channel: 'email' | 'sms' | 'authenticator';
  to: string;
  subject: string | null;
  body: string;
  /** Every link in the body, in order. */
  links: string[];
  createdAt: string;
}

/** Default abuse limits (requests per window); the API takes others as options. */
export const AUTH_RATE_LIMIT_DEFAULTS = {
  /** Sign-in attempts from one address, and for one address and account, in 15 minutes. */
  loginPerIp: 30,
  loginPerAccount: 5,
  /** Failed sign-ins of one account from any address in 15 minutes: past them the account is
   *  locked for the rest of the window and its owner told. */
  loginFailuresPerAccount: 10,
  /** Reset requests from one address, and for one address and email, in an hour. */
  resetPerIp: 10,
  resetPerAccount: 3,
  /** Staff set-password link checks and uses from one address in an hour. */
  passwordLinkPerIp: 30,
  /** Captcha checks from one address in a minute. */
  captchaVerifyPerIp: 30,
  /** Email/phone existence checks from one address in 10 minutes. */
  checkEmailPerIp: 20,
} as const;
