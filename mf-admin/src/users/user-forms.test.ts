import type { UserDetails } from '@lending/contracts';

import { checkProfile, checkSignIn, profileFormOf, signInFormOf } from './user-forms';

const user: UserDetails = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'aminah@example.com',
  firstName: 'Aminah',
  phoneNo: '+60123456789',
  nric: '900101******',
  role: 'APPLICANT',
  language: 'EN',
  partnerId: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  // 1 September 2026 in Malaysia.
  allowToApplyNewLoanAfterDateTime: '2026-08-31T16:00:00.000Z',
  tinNumber: null,
  residentialAddress1: 'No 1, Jalan Mawar',
  residentialAddress2: null,
  residentialAddress3: null,
  applicationCreatedAt: null,
};

const CODES = ['+60', '+65', '+673', '+1'];

describe('the profile form', () => {
  it('sends only what changed, trimmed, and clears emptied fields', () => {
    const form = {
      ...profileFormOf(user),
      firstName: '  Aminah   Hassan ',
      tinNumber: 'ig123456789',
      residentialAddress1: '  ',
      allowToApplyNewLoanAfterDate: '',
    };
    expect(checkProfile(user, form)).toEqual({
      problems: {},
      changes: {
        firstName: 'Aminah Hassan',
        tinNumber: 'IG123456789',
        residentialAddress1: null,
        allowToApplyNewLoanAfterDateTime: null,
      },
    });
  });

  it('reads the wait as a Malaysia date and sends the start of the day chosen', () => {
    const form = profileFormOf(user);
    expect(form.allowToApplyNewLoanAfterDate).toBe('2026-09-01');
    expect(checkProfile(user, form).changes).toEqual({});
    expect(
      checkProfile(user, { ...form, allowToApplyNewLoanAfterDate: '2026-10-15' }).changes,
    ).toEqual({ allowToApplyNewLoanAfterDateTime: '2026-10-14T16:00:00.000Z' });
  });

  it('names each problem by field', () => {
    const { problems } = checkProfile(user, {
      ...profileFormOf(user),
      firstName: ' ',
      tinNumber: 'IG-123',
      residentialAddress2: 'x'.repeat(201),
      allowToApplyNewLoanAfterDate: '2026-13-45',
    });
    expect(problems).toEqual({
      firstName: 'required',
      tinNumber: 'invalid',
      residentialAddress2: 'tooLong',
      allowToApplyNewLoanAfterDate: 'invalid',
    });
  });
});

describe('the sign-in details form', () => {
  it('splits the stored number back into the country code and the number as people say it', () => {
    expect(signInFormOf(user, CODES)).toMatchObject({ countryCode: '+60', phone: '0123456789' });
    expect(signInFormOf({ ...user, phoneNo: '+6591234567' }, CODES)).toMatchObject({
      countryCode: '+65',
      phone: '91234567',
    });
  });

  it('sends the new email and mobile number in the form the API stores them', () => {
    const form = {
      ...signInFormOf(user, CODES),
      email: ' Aminah.New@Example.com ',
      phone: '0111234567',
    };
    expect(checkSignIn(user, form)).toEqual({
      problems: {},
      changes: { email: 'aminah.new@example.com', phoneNo: '+60111234567' },
    });
    expect(checkSignIn(user, signInFormOf(user, CODES)).changes).toEqual({});
  });

  it('refuses a landline, a bad email and passwords that differ', () => {
    const { problems } = checkSignIn(user, {
      ...signInFormOf(user, CODES),
      email: 'not-an-email',
      phone: '0321234567',
      password: 'long enough',
      confirmation: 'long enougg',
    });
    expect(problems).toEqual({
      email: 'emailInvalid',
      phone: 'phoneNotMobile',
      confirmation: 'passwordMismatch',
    });
    expect(
      checkSignIn(user, { ...signInFormOf(user, CODES), password: 'short', confirmation: 'short' })
        .problems,
    ).toEqual({ password: 'passwordTooShort' });
  });
});
