import { destinationAfterSignIn, normalizeTypedEmail } from './sign-in-outcome';

const user = {
  id: 'u1',
  email: 'a@example.com',
  firstName: 'Aina',
  phoneNo: '+60123456789',
  nric: null,
  role: 'APPLICANT' as const,
  language: 'EN' as const,
  partnerId: null,
  createdAt: '2026-01-01T00:00:00Z',
  allowToApplyNewLoanAfterDateTime: null,
  tinNumber: null,
  residentialAddress1: null,
  residentialAddress2: null,
  residentialAddress3: null,
  applicationCreatedAt: null,
};
const now = new Date('2026-11-23T00:00:00Z');

describe('where sign-in leads', () => {
  it('goes home with an account, with or without applications', () => {
    expect(destinationAfterSignIn({ userDetails: user, applicationDetails: [] }, now)).toBe(
      '/home',
    );
    expect(
      destinationAfterSignIn(
        { userDetails: user, applicationDetails: [{ id: 'a', status: 'DRAFT' }] },
        now,
      ),
    ).toBe('/home');
  });

  it('stops a rejected applicant until their waiting time has passed', () => {
    const waiting = { ...user, allowToApplyNewLoanAfterDateTime: '2027-02-01T00:00:00Z' };
    const rejected = [{ id: 'a', status: 'REJECTED' }];
    expect(
      destinationAfterSignIn({ userDetails: waiting, applicationDetails: rejected }, now),
    ).toBe('/not-allow-new-loan');
    const passed = { ...user, allowToApplyNewLoanAfterDateTime: '2026-11-01T00:00:00Z' };
    expect(destinationAfterSignIn({ userDetails: passed, applicationDetails: rejected }, now)).toBe(
      '/home',
    );
    // A waiting time on an application that is not rejected does not block.
    expect(
      destinationAfterSignIn(
        { userDetails: waiting, applicationDetails: [{ id: 'b', status: 'PENDING' }] },
        now,
      ),
    ).toBe('/home');
  });

  it('stops a temporarily banned applicant with no loan in progress, whatever ended the last', () => {
    const banned = { ...user, allowToApplyNewLoanAfterDateTime: '2027-05-01T00:00:00Z' };
    expect(destinationAfterSignIn({ userDetails: banned, applicationDetails: [] }, now)).toBe(
      '/not-allow-new-loan',
    );
    expect(
      destinationAfterSignIn(
        { userDetails: banned, applicationDetails: [{ id: 'c', status: 'CANCELLED' }] },
        now,
      ),
    ).toBe('/not-allow-new-loan');
  });

  it('sends a telecom customer without an account to registration with their phone number', () => {
    expect(
      destinationAfterSignIn({ userDetails: null, applicationDetails: [] }, now, '+60123456789'),
    ).toBe('/registration?phoneNo=%2B60123456789');
    expect(destinationAfterSignIn({ userDetails: null, applicationDetails: [] }, now)).toBe(
      '/registration',
    );
  });

  it('trims and lower-cases the typed email', () => {
    expect(normalizeTypedEmail('  Nur.Aina@Example.COM ')).toBe('nur.aina@example.com');
  });
});
