import {
  ageOn,
  formatNric,
  groupNricAsTyped,
  isKnownPlaceOfBirthCode,
  isValidNric,
  maskNric,
  maskNricInText,
  normalizeNric,
  NRIC_TYPED_MAX_LENGTH,
  parseNric,
  validatePassport,
} from './nric';

describe('MyKad NRIC', () => {
  it('reads the birth date, place of birth and gender of a valid NRIC', () => {
    expect(parseNric('900101-14-5677')).toEqual({
      ok: true,
      nric: {
        digits: '900101145677',
        birthDate: '1990-01-01',
        placeOfBirthCode: '14',
        gender: 'MALE',
        formatted: '900101-14-5677',
      },
    });
  });

  it('accepts the number typed with hyphens, spaces or neither', () => {
    expect(normalizeNric(' 900101 14 5677 ')).toBe('900101145677');
    expect(isValidNric('900101145677')).toBe(true);
    expect(isValidNric('900101 14 5677')).toBe(true);
  });

  it('rejects an NRIC that is not 12 digits', () => {
    expect(parseNric('90010114567')).toEqual({ ok: false, reason: 'format' });
    expect(parseNric('9001011456789')).toEqual({ ok: false, reason: 'format' });
    expect(parseNric('90010A145677')).toEqual({ ok: false, reason: 'format' });
    expect(parseNric('')).toEqual({ ok: false, reason: 'format' });
  });

  it('reads years 00 to 35 as 20xx and later years as 19xx', () => {
    const year2035 = parseNric('350101-10-1234');
    const year1936 = parseNric('360101-10-1234');
    const year2000 = parseNric('000229-10-1234');
    expect(year2035.ok && year2035.nric.birthDate).toBe('2035-01-01');
    expect(year1936.ok && year1936.nric.birthDate).toBe('1936-01-01');
    expect(year2000.ok && year2000.nric.birthDate).toBe('2000-02-29');
  });

  it('rejects a birth date that does not exist', () => {
    expect(parseNric('010229-10-1234')).toEqual({ ok: false, reason: 'date' });
    expect(parseNric('901301-10-1234')).toEqual({ ok: false, reason: 'date' });
    expect(parseNric('900100-10-1234')).toEqual({ ok: false, reason: 'date' });
    expect(parseNric('900431-10-1234')).toEqual({ ok: false, reason: 'date' });
  });

  it('rejects a birth date after today when today is given', () => {
    const today = new Date('2025-06-30T16:30:00Z'); // 1 July 2025 in Malaysia
    expect(parseNric('250702-10-1234', today)).toEqual({ ok: false, reason: 'date' });
    expect(parseNric('250701-10-1234', today).ok).toBe(true);
  });

  it('rejects an unknown place-of-birth code', () => {
    for (const code of ['00', '17', '20', '80', '81', '83', '99']) {
      expect(parseNric(`900101-${code}-1234`)).toEqual({ ok: false, reason: 'placeOfBirth' });
    }
  });

  it('accepts the known place-of-birth codes', () => {
    for (const code of ['01', '14', '16', '21', '59', '60', '71', '72', '79', '82']) {
      expect(isKnownPlaceOfBirthCode(code)).toBe(true);
    }
  });

  it('reads an odd last digit as MALE and an even one as FEMALE', () => {
    const male = parseNric('900101-14-5671');
    const female = parseNric('900101-14-5670');
    expect(male.ok && male.nric.gender).toBe('MALE');
    expect(female.ok && female.nric.gender).toBe('FEMALE');
  });

  it('computes age on the Malaysian date of today', () => {
    // 14 June 2025 16:00 UTC is already 15 June in Malaysia: the birthday.
    expect(ageOn('1990-06-15', new Date('2025-06-14T16:00:00Z'))).toBe(35);
    expect(ageOn('1990-06-15', new Date('2025-06-14T15:59:59Z'))).toBe(34);
  });

  it('formats an NRIC as YYMMDD-PB-###G', () => {
    expect(formatNric('900101145677')).toBe('900101-14-5677');
    expect(formatNric('900101 14 5677')).toBe('900101-14-5677');
    expect(formatNric('12345')).toBe('12345');
  });

  it('masks an NRIC keeping its first 6 characters', () => {
    expect(maskNric('900101145677')).toBe('900101******');
    expect(maskNric('900101-14-5677')).toBe('900101-**-****');
  });

  it('masks every NRIC-like run of 12 digits in free text', () => {
    expect(maskNricInText('applicant 900101145677 and 880202-10-1234 submitted')).toBe(
      'applicant 900101****** and 880202-**-**** submitted',
    );
    expect(maskNricInText('ic=900101 14 5677;')).toBe('ic=900101 ** ****;');
  });

  it('leaves shorter and longer numbers in free text alone', () => {
    const text = 'ref 12345678901 account 1234567890123 phone +60123456789';
    expect(maskNricInText(text)).toBe(text);
  });
});

describe('passport', () => {
  it('accepts 6 to 12 letters and digits and upper-cases them', () => {
    expect(validatePassport(' a1234567 ')).toEqual({ ok: true, passport: 'A1234567' });
    expect(validatePassport('AB1234')).toEqual({ ok: true, passport: 'AB1234' });
    expect(validatePassport('AB1234567890').ok).toBe(true);
  });

  it('rejects a passport number that is too short, too long or has other characters', () => {
    expect(validatePassport('A1234')).toEqual({ ok: false, reason: 'format' });
    expect(validatePassport('A12345678901')).toEqual({ ok: true, passport: 'A12345678901' });
    expect(validatePassport('A123456789012')).toEqual({ ok: false, reason: 'format' });
    expect(validatePassport('A1234-567')).toEqual({ ok: false, reason: 'format' });
  });
});

describe('an NRIC as typed', () => {
  it('groups the digits 6-2-4 as they are typed, with no hyphen after the last', () => {
    expect(groupNricAsTyped('9')).toBe('9');
    expect(groupNricAsTyped('900101')).toBe('900101');
    expect(groupNricAsTyped('9001011')).toBe('900101-1');
    expect(groupNricAsTyped('90010114')).toBe('900101-14');
    expect(groupNricAsTyped('900101145677')).toBe('900101-14-5677');
  });

  it('counts digits only toward the twelve, whatever separators were typed or pasted', () => {
    expect(groupNricAsTyped('900101-14-5677')).toBe('900101-14-5677');
    expect(groupNricAsTyped(' 900101 14 5677 ')).toBe('900101-14-5677');
    expect(groupNricAsTyped('900101-14-56778')).toBe('900101-14-5677');
    expect(groupNricAsTyped('900101-14-5677').length).toBe(NRIC_TYPED_MAX_LENGTH);
  });

  it('reads the same number typed with or without hyphens (a director’s too)', () => {
    const plain = parseNric('900101145677');
    expect(parseNric('900101-14-5677')).toEqual(plain);
    expect(parseNric(groupNricAsTyped('900101145677'))).toEqual(plain);
    expect(parseNric('90010114567')).toEqual({ ok: false, reason: 'format' });
    expect(parseNric('900101-14-567')).toEqual({ ok: false, reason: 'format' });
  });
});
