import { checkStaffLogin, staffIdentity } from './staff-session';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('staff session', () => {
  it('reads the id, email, name and roles of a staff token', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', sub: 'staff-7', email: 'ops@lender.test', name: 'Nur Aina', roles: ['ADMIN'] })}.sig`;
    expect(staffIdentity(token)).toEqual({
      id: 'staff-7',
      email: 'ops@lender.test',
      name: 'Nur Aina',
      roles: ['ADMIN'],
    });
  });

  it('names a member by email when the token carries no name', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', email: 'ops@lender.test', roles: ['ADMIN'] })}.sig`;
    expect(staffIdentity(token)?.name).toBe('ops@lender.test');
  });

  it('refuses a token that is not a staff token or not a token at all', () => {
    const applicant = `${encode({ alg: 'HS256' })}.${encode({ aud: 'applicant', sub: 'u1' })}.sig`;
    expect(staffIdentity(applicant)).toBeNull();
    expect(staffIdentity('garbage')).toBeNull();
    expect(staffIdentity(null)).toBeNull();
  });

  it('needs a valid email and a password', () => {
    expect(checkStaffLogin('', '')).toEqual(['emailRequired', 'passwordRequired']);
    expect(checkStaffLogin('ops@', 'x')).toEqual(['emailInvalid']);
    expect(checkStaffLogin(' ops@lender.test ', 'secret')).toEqual([]);
  });
});
