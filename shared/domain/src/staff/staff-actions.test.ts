import { ALLOWED, firstRefusal, refusedByRole } from './staff-actions';

describe('what a member of staff may do, and why not', () => {
  it('refuses by role, naming the roles the action belongs to', () => {
    expect(refusedByRole(['APPROVER'], ['ADMIN', 'CREDIT_OFFICER'])).toEqual({
      allowed: false,
      reason: 'roleNotAllowed',
      roles: ['ADMIN', 'CREDIT_OFFICER'],
    });
    expect(refusedByRole(['APPROVER', 'CREDIT_OFFICER'], ['ADMIN', 'CREDIT_OFFICER'])).toBeNull();
  });

  it('answers the first refusal in order, or allows', () => {
    expect(firstRefusal(null, false, 'notWaiting', 'sameStaff')).toEqual({
      allowed: false,
      reason: 'notWaiting',
    });
    expect(firstRefusal(null, false)).toBe(ALLOWED);
  });
});
