import { classifyMalaysianNumber, formatPhoneForDisplay, isMalaysianMobile, toE164 } from './phone';

describe('phone number from country code and digits', () => {
  it('stores a Malaysian mobile number as E.164', () => {
    expect(toE164('+60', '123456789')).toEqual({ ok: true, e164: '+60123456789', kind: 'mobile' });
    expect(toE164('60', '0123456789')).toEqual({ ok: true, e164: '+60123456789', kind: 'mobile' });
    expect(toE164('+60', '01123456789')).toEqual({
      ok: true,
      e164: '+601123456789',
      kind: 'mobile',
    });
  });

  it('stores a Malaysian landline number as E.164', () => {
    expect(toE164('+60', '0321234567')).toEqual({
      ok: true,
      e164: '+60321234567',
      kind: 'landline',
    });
    expect(toE164('+60', '041234567').ok).toBe(true);
    expect(toE164('+60', '088123456').ok).toBe(true);
  });

  it('refuses a number typed with a dash', () => {
    expect(toE164('+60', '012-3456789')).toEqual({ ok: false, reason: 'dash' });
  });

  it('ignores spaces but refuses other characters', () => {
    expect(toE164('+60', '012 345 6789').ok).toBe(true);
    expect(toE164('+60', '(012)3456789')).toEqual({ ok: false, reason: 'digits' });
  });

  it('requires a country code and a number', () => {
    expect(toE164('', '0123456789')).toEqual({ ok: false, reason: 'countryCode' });
    expect(toE164('+0', '0123456789')).toEqual({ ok: false, reason: 'countryCode' });
    expect(toE164('+60', '  ')).toEqual({ ok: false, reason: 'required' });
  });

  it('rejects a Malaysian mobile number that is not 9 or 10 digits', () => {
    expect(toE164('+60', '01234567')).toEqual({ ok: false, reason: 'length' });
    expect(toE164('+60', '012345678901')).toEqual({ ok: false, reason: 'length' });
  });

  it('rejects a landline number of the wrong length for its area code', () => {
    expect(toE164('+60', '032123456')).toEqual({ ok: false, reason: 'length' });
    expect(toE164('+60', '0412345678')).toEqual({ ok: false, reason: 'length' });
    expect(toE164('+60', '0881234567')).toEqual({ ok: false, reason: 'length' });
  });

  it('rejects a Malaysian number with an unknown prefix', () => {
    expect(toE164('+60', '0212345678')).toEqual({ ok: false, reason: 'prefix' });
    expect(toE164('+60', '081123456')).toEqual({ ok: false, reason: 'prefix' });
  });

  it('accepts a number from another country within E.164 length', () => {
    expect(toE164('+65', '91234567')).toEqual({
      ok: true,
      e164: '+6591234567',
      kind: 'international',
    });
    expect(toE164('+65', '123')).toEqual({ ok: false, reason: 'length' });
    expect(toE164('+65', '1234567890123456')).toEqual({ ok: false, reason: 'length' });
  });

  it('tells a Malaysian mobile number from a landline', () => {
    expect(classifyMalaysianNumber('123456789')).toBe('mobile');
    expect(classifyMalaysianNumber('321234567')).toBe('landline');
    expect(isMalaysianMobile('+60123456789')).toBe(true);
    expect(isMalaysianMobile('+60321234567')).toBe(false);
    expect(isMalaysianMobile('+6591234567')).toBe(false);
  });
});

describe('phone number for display', () => {
  it('groups a mobile number as +60 12-345 6789', () => {
    expect(formatPhoneForDisplay('+60123456789')).toBe('+60 12-345 6789');
    expect(formatPhoneForDisplay('+601123456789')).toBe('+60 11-2345 6789');
  });

  it('groups a landline with a one-digit area code', () => {
    expect(formatPhoneForDisplay('+60321234567')).toBe('+60 3-2123 4567');
    expect(formatPhoneForDisplay('+6041234567')).toBe('+60 4-123 4567');
    expect(formatPhoneForDisplay('+6091234567')).toBe('+60 9-123 4567');
  });

  it('groups a Sabah or Sarawak landline with a two-digit area code', () => {
    expect(formatPhoneForDisplay('+6088123456')).toBe('+60 88-12 3456');
    expect(formatPhoneForDisplay('+6082123456')).toBe('+60 82-12 3456');
  });

  it('leaves other numbers unchanged', () => {
    expect(formatPhoneForDisplay('+6591234567')).toBe('+6591234567');
    expect(formatPhoneForDisplay('+601')).toBe('+601');
  });
});
