import { formatMalaysianPhone } from './use-contact-number';

describe('company phone number', () => {
  it.each([
    ['+60321234567', '+60 3-2123 4567'],
    ['+60123456789', '+60 12-345 6789'],
    ['+60198765432', '+60 19-876 5432'],
    ['+6041234567', '+60 4-123 4567'],
    ['+6088123456', '+60 88-12 3456'],
  ])('shows %s as %s', (e164, shown) => {
    expect(formatMalaysianPhone(e164)).toBe(shown);
  });

  it('leaves a number from elsewhere as it is', () => {
    expect(formatMalaysianPhone('+6561234567')).toBe('+6561234567');
  });
});
