import {
  checkOrganizationType,
  organizationTypeForEntityCode,
  parseRegistrationNumber,
} from './registration-number';

describe('business registration number (SSM new format)', () => {
  it('reads year, entity code, sequence and organization type', () => {
    expect(parseRegistrationNumber('201901000005', 2025)).toEqual({
      ok: true,
      registrationNumber: {
        digits: '201901000005',
        year: 2019,
        entityCode: '01',
        sequence: '000005',
        organizationType: 'COMPANY',
      },
    });
  });

  it('accepts the groups separated by spaces or hyphens', () => {
    expect(parseRegistrationNumber('2019 03 123456', 2025).ok).toBe(true);
    expect(parseRegistrationNumber('2019-03-123456', 2025).ok).toBe(true);
  });

  it('rejects a number that is not 12 digits (old formats included)', () => {
    expect(parseRegistrationNumber('1312525-A', 2025)).toEqual({ ok: false, reason: 'format' });
    expect(parseRegistrationNumber('20190100000', 2025)).toEqual({ ok: false, reason: 'format' });
  });

  it('rejects a year before 1900 or after the current year', () => {
    expect(parseRegistrationNumber('189901000005', 2025)).toEqual({ ok: false, reason: 'year' });
    expect(parseRegistrationNumber('202601000005', 2025)).toEqual({ ok: false, reason: 'year' });
    expect(parseRegistrationNumber('202501000005', 2025).ok).toBe(true);
    expect(parseRegistrationNumber('190001000005', 2025).ok).toBe(true);
  });

  it('rejects an unknown entity code', () => {
    expect(parseRegistrationNumber('201900000005', 2025)).toEqual({
      ok: false,
      reason: 'entityCode',
    });
    expect(parseRegistrationNumber('201907000005', 2025)).toEqual({
      ok: false,
      reason: 'entityCode',
    });
  });

  it('maps entity codes 01 and 02 to COMPANY, 03 to SOLE_PROP, 04 to 06 to PARTNERSHIP', () => {
    expect(organizationTypeForEntityCode('01')).toBe('COMPANY');
    expect(organizationTypeForEntityCode('02')).toBe('COMPANY');
    expect(organizationTypeForEntityCode('03')).toBe('SOLE_PROP');
    expect(organizationTypeForEntityCode('04')).toBe('PARTNERSHIP');
    expect(organizationTypeForEntityCode('05')).toBe('PARTNERSHIP');
    expect(organizationTypeForEntityCode('06')).toBe('PARTNERSHIP');
    expect(organizationTypeForEntityCode('07')).toBeUndefined();
  });
});

describe('organization type against the registration number', () => {
  it('accepts the organization type that the entity code gives', () => {
    expect(checkOrganizationType('201901000005', 'COMPANY')).toEqual({ ok: true });
    expect(checkOrganizationType('201903000005', 'SOLE_PROP')).toEqual({ ok: true });
    expect(checkOrganizationType('201905000005', 'PARTNERSHIP')).toEqual({ ok: true });
  });

  it('refuses SOLE_PROP or PARTNERSHIP for a company number (01, 02)', () => {
    expect(checkOrganizationType('201901000005', 'SOLE_PROP')).toEqual({
      ok: false,
      reason: 'organizationTypeMismatch',
      expected: 'COMPANY',
    });
    expect(checkOrganizationType('201902000005', 'PARTNERSHIP')).toEqual({
      ok: false,
      reason: 'organizationTypeMismatch',
      expected: 'COMPANY',
    });
  });

  it('refuses COMPANY for a business or partnership number (03 to 06)', () => {
    expect(checkOrganizationType('201903000005', 'COMPANY')).toEqual({
      ok: false,
      reason: 'organizationTypeMismatch',
      expected: 'SOLE_PROP',
    });
    expect(checkOrganizationType('201906000005', 'COMPANY')).toEqual({
      ok: false,
      reason: 'organizationTypeMismatch',
      expected: 'PARTNERSHIP',
    });
  });

  it('refuses a malformed number or unknown entity code before comparing types', () => {
    expect(checkOrganizationType('2019', 'COMPANY')).toEqual({ ok: false, reason: 'format' });
    expect(checkOrganizationType('201909000005', 'COMPANY')).toEqual({
      ok: false,
      reason: 'entityCode',
    });
  });
});
