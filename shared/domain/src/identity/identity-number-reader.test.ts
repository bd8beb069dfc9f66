import { identityNumberFor, maskIdentityNumber } from './identity-number-reader';

describe('who reads an identity number whole', () => {
  it('masks a MyKad number after its first six digits, as written', () => {
    expect(maskIdentityNumber('900101145678')).toBe('900101******');
    expect(maskIdentityNumber('900101-14-5678')).toBe('900101-**-****');
  });

  it('masks a passport number after its first two characters, hiding its length', () => {
    expect(maskIdentityNumber('A12345678')).toBe('A1******');
    expect(maskIdentityNumber('K1234567890')).toBe('K1******');
  });

  it('gives the number whole to its owner and to staff who decide, masked to anyone else', () => {
    expect(identityNumberFor({ kind: 'owner' }, 'A12345678')).toBe('A12345678');
    for (const role of ['ADMIN', 'CREDIT_OFFICER', 'APPROVER'] as const)
      expect(identityNumberFor({ kind: 'staff', roles: [role] }, '900101145678')).toBe(
        '900101145678',
      );
    expect(identityNumberFor({ kind: 'staff', roles: ['CUSTOMER_SERVICE'] }, '900101145678')).toBe(
      '900101******',
    );
    expect(identityNumberFor({ kind: 'someone-else' }, 'A12345678')).toBe('A1******');
  });
});
