import type {
  AdminUpdateAuthRequest,
  AdminUpdateUserRequest,
  Language,
  UserDetails,
} from '@lending/contracts';
import {
  checkPassword,
  isIsoDate,
  malaysiaDate,
  malaysiaInstant,
  toE164,
  validateEmail,
} from '@lending/domain';

/** The profile form as typed: text everywhere, the ban date as a Malaysia calendar date. */
export interface ProfileForm {
  firstName: string;
  language: Language;
  partnerId: string;
  /** `YYYY-MM-DD`, or empty for no wait. */
  allowToApplyNewLoanAfterDate: string;
  tinNumber: string;
  residentialAddress1: string;
  residentialAddress2: string;
  residentialAddress3: string;
}

export type ProfileField = keyof ProfileForm;
export type ProfileProblem =
  | 'required'
  | 'tooLong'
  | 'invalid'
  /** Nothing differs from what is stored. */
  | 'unchanged';

const LIMITS: Partial<Record<ProfileField, number>> = {
  firstName: 100,
  partnerId: 50,
  tinNumber: 20,
  residentialAddress1: 200,
  residentialAddress2: 200,
  residentialAddress3: 200,
};

export function profileFormOf(user: UserDetails): ProfileForm {
  return {
    firstName: user.firstName,
    language: user.language,
    partnerId: user.partnerId ?? '',
    allowToApplyNewLoanAfterDate: user.allowToApplyNewLoanAfterDateTime
      ? malaysiaDate(new Date(user.allowToApplyNewLoanAfterDateTime))
      : '',
    tinNumber: user.tinNumber ?? '',
    residentialAddress1: user.residentialAddress1 ?? '',
    residentialAddress2: user.residentialAddress2 ?? '',
    residentialAddress3: user.residentialAddress3 ?? '',
  };
}

const clean = (text: string) => text.trim().replace(/\s+/g, ' ');
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a Malaysia calendar day, as the API takes a moment. */
const malaysiaMidnight = (day: string) => malaysiaInstant(day).toISOString();

/**
 * What the form would change, checked as the server checks it: only fields that differ are sent,
 * an emptied field is sent as null (cleared), and each problem is named per field.
 */
export function checkProfile(
  user: UserDetails,
  form: ProfileForm,
): { problems: Partial<Record<ProfileField, ProfileProblem>>; changes: AdminUpdateUserRequest } {
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  const before = profileFormOf(user);
  const changes: AdminUpdateUserRequest = {};
  for (const field of Object.keys(LIMITS) as ProfileField[]) {
    const max = LIMITS[field]!;
    if (clean(form[field]).length > max) problems[field] = 'tooLong';
  }
  const firstName = clean(form.firstName);
  if (!firstName) problems.firstName = 'required';
  else if (firstName !== before.firstName) changes.firstName = firstName;
  if (form.language !== before.language) changes.language = form.language;
  const partnerId = clean(form.partnerId).toUpperCase();
  if (partnerId !== before.partnerId) changes.partnerId = partnerId || null;
  const tin = form.tinNumber.trim().toUpperCase();
  if (tin && !/^[A-Z0-9]{1,20}$/.test(tin)) problems.tinNumber = 'invalid';
  if (tin !== before.tinNumber) changes.tinNumber = tin || null;
  const day = form.allowToApplyNewLoanAfterDate.trim();
  if (day && (!isoDay.test(day) || !isIsoDate(day))) {
    problems.allowToApplyNewLoanAfterDate = 'invalid';
  } else if (day !== before.allowToApplyNewLoanAfterDate) {
    changes.allowToApplyNewLoanAfterDateTime = day ? malaysiaMidnight(day) : null;
  }
  for (const field of [
    'residentialAddress1',
    'residentialAddress2',
    'residentialAddress3',
  ] as const) {
    const value = clean(form[field]);
    if (value !== before[field]) changes[field] = value || null;
  }
  return { problems, changes };
}

export interface SignInForm {
  email: string;
  countryCode: string;
  /** Digits only, the trunk 0 allowed. */
  phone: string;
  password: string;
  confirmation: string;
}

export type SignInField = 'email' | 'phone' | 'password' | 'confirmation';
export type SignInProblem =
  | 'emailRequired'
  | 'emailInvalid'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'phoneNotMobile'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordMismatch'
  /** The server found another account with it. */
  | 'emailTaken'
  | 'phoneTaken';

/** The stored number split back into the form's two fields: the longest of `codes` it starts
 *  with, and the rest (a Malaysian number with its trunk 0, as people say it). */
export function signInFormOf(user: UserDetails, codes: readonly string[]): SignInForm {
  const phone = user.phoneNo ?? '';
  const code =
    [...codes].sort((a, b) => b.length - a.length).find((one) => phone.startsWith(one)) ?? '+60';
  const national = phone.startsWith(code) ? phone.slice(code.length) : '';
  return {
    email: user.email,
    countryCode: code,
    phone: code === '+60' && national ? `0${national}` : national,
    password: '',
    confirmation: '',
  };
}

/** The sign-in details that would change, checked as the server checks them. */
export function checkSignIn(
  user: UserDetails,
  form: SignInForm,
): { problems: Partial<Record<SignInField, SignInProblem>>; changes: AdminUpdateAuthRequest } {
  const problems: Partial<Record<SignInField, SignInProblem>> = {};
  const changes: AdminUpdateAuthRequest = {};
  const email = validateEmail(form.email);
  if (!email.ok) problems.email = email.reason === 'required' ? 'emailRequired' : 'emailInvalid';
  else if (email.email !== user.email) changes.email = email.email;
  const phone = toE164(form.countryCode, form.phone);
  if (!phone.ok) {
    problems.phone = phone.reason === 'required' ? 'phoneRequired' : 'phoneInvalid';
  } else if (phone.kind === 'landline') {
    // One-time codes are sent to this number by SMS.
    problems.phone = 'phoneNotMobile';
  } else if (phone.e164 !== user.phoneNo) changes.phoneNo = phone.e164;
  if (form.password !== '' || form.confirmation !== '') {
    const password = checkPassword(form.password, form.confirmation);
    if (!password.ok) {
      if (password.reason === 'mismatch') problems.confirmation = 'passwordMismatch';
      else
        problems.password = password.reason === 'tooLong' ? 'passwordTooLong' : 'passwordTooShort';
    } else changes.password = form.password;
  }
  return { problems, changes };
}
