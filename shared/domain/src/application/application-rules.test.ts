import {
  checkPeopleForOrganization,
  formatReferenceNo,
  isEditableApplicationStatus,
  isValidBankAccountNumber,
  parsePhoneWithCountryCode,
  requiredSections,
} from './application-rules';

describe('sections an application needs', () => {
  it('asks a sole proprietor for no director or partner details', () => {
    expect(requiredSections('SOLE_PROP')).toEqual([
      'company',
      'applicant',
      'disbursement',
      'emergencyContacts',
    ]);
  });

  it('asks a partnership and a company for director and partner details', () => {
    expect(requiredSections('PARTNERSHIP')).toContain('directors');
    expect(requiredSections('COMPANY')).toContain('directors');
  });
});

describe('partners and directors', () => {
  it('refuses a partnership with fewer than 2 partners', () => {
    expect(checkPeopleForOrganization('PARTNERSHIP', ['PARTNER'])).toEqual({
      ok: false,
      reason: 'tooFew',
      expected: 'PARTNER',
      minimum: 2,
    });
  });

  it('accepts a partnership with 2 partners', () => {
    expect(checkPeopleForOrganization('PARTNERSHIP', ['PARTNER', 'PARTNER'])).toEqual({
      ok: true,
    });
  });

  it('refuses a company with no director', () => {
    expect(checkPeopleForOrganization('COMPANY', [])).toMatchObject({
      ok: false,
      reason: 'tooFew',
    });
  });

  it('accepts a company with 1 director', () => {
    expect(checkPeopleForOrganization('COMPANY', ['DIRECTOR'])).toEqual({ ok: true });
  });

  it('refuses partners listed for a company and directors for a partnership', () => {
    expect(checkPeopleForOrganization('COMPANY', ['DIRECTOR', 'PARTNER'])).toEqual({
      ok: false,
      reason: 'wrongRole',
      expected: 'DIRECTOR',
    });
    expect(checkPeopleForOrganization('PARTNERSHIP', ['DIRECTOR', 'DIRECTOR'])).toMatchObject({
      reason: 'wrongRole',
    });
  });

  it('has no partners or directors for a sole proprietor', () => {
    expect(checkPeopleForOrganization('SOLE_PROP', ['DIRECTOR'])).toEqual({
      ok: false,
      reason: 'notApplicable',
    });
  });
});

describe('editable statuses', () => {
  it('lets the applicant change a draft, an imported draft and a referred-back application', () => {
    expect(['DRAFT', 'IMPORTED_DRAFT', 'REFERBACK'].every(isEditableApplicationStatus)).toBe(true);
  });

  it('freezes a submitted, approved or cancelled application', () => {
    expect(['PENDING', 'APPROVED', 'CANCELLED'].some(isEditableApplicationStatus)).toBe(false);
  });
});

describe('bank account number', () => {
  it('accepts 6 to 20 digits', () => {
    expect(isValidBankAccountNumber('123456')).toBe(true);
    expect(isValidBankAccountNumber('12345678901234567890')).toBe(true);
  });

  it('refuses fewer than 6 or more than 20 digits, and anything but digits', () => {
    expect(isValidBankAccountNumber('12345')).toBe(false);
    expect(isValidBankAccountNumber('123456789012345678901')).toBe(false);
    expect(isValidBankAccountNumber('1234-5678')).toBe(false);
  });
});

describe('reference number', () => {
  it('reads tenant prefix, year and a six-digit running number', () => {
    expect(formatReferenceNo('arkcash', 2026, 1)).toBe('AC-2026-000001');
    expect(formatReferenceNo('redcash', 2027, 1234567)).toBe('RC-2027-1234567');
  });

  it('refuses an unknown tenant and a running number that is not positive', () => {
    expect(() => formatReferenceNo('other', 2026, 1)).toThrow(RangeError);
    expect(() => formatReferenceNo('arkcash', 2026, 0)).toThrow(RangeError);
  });
});

describe('phone number with its country code', () => {
  it('stores a Malaysian number as E.164', () => {
    expect(parsePhoneWithCountryCode('+60123456789')).toEqual({
      ok: true,
      e164: '+60123456789',
      kind: 'mobile',
    });
    expect(parsePhoneWithCountryCode('+60 3 2123 4567')).toMatchObject({
      ok: true,
      e164: '+60321234567',
    });
  });

  it('requires the country code', () => {
    expect(parsePhoneWithCountryCode('0123456789')).toEqual({ ok: false, reason: 'countryCode' });
  });

  it('refuses a dash', () => {
    expect(parsePhoneWithCountryCode('+6012-3456789')).toEqual({ ok: false, reason: 'dash' });
  });

  it('refuses a Malaysian number of the wrong length', () => {
    expect(parsePhoneWithCountryCode('+6012345')).toEqual({ ok: false, reason: 'length' });
  });

  it('accepts a foreign number of plausible length', () => {
    expect(parsePhoneWithCountryCode('+6591234567')).toEqual({
      ok: true,
      e164: '+6591234567',
      kind: 'international',
    });
    expect(parsePhoneWithCountryCode('+651234')).toEqual({ ok: false, reason: 'length' });
  });

  it('refuses letters and an empty field', () => {
    expect(parsePhoneWithCountryCode('+60abc')).toEqual({ ok: false, reason: 'digits' });
    expect(parsePhoneWithCountryCode('  ')).toEqual({ ok: false, reason: 'required' });
  });
});
