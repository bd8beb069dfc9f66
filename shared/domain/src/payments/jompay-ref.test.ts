import {
  agreementNoOfRef1,
  isJompayBillerCode,
  isLuhnValid,
  jompayRef1,
  luhnCheckDigit,
  readJompayRef1,
} from './jompay-ref';

describe('Luhn mod 10', () => {
  it('gives the check digits of the published examples', () => {
    // ISO/IEC 7812-1's worked example and a common test card number.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(luhnCheckDigit('0')).toBe(0);
  });

  it('refuses a payload that is not digits', () => {
    expect(() => luhnCheckDigit('12a')).toThrow();
    expect(isLuhnValid('1')).toBe(false);
    expect(isLuhnValid('12 3')).toBe(false);
  });
});

describe('JomPAY Ref-1', () => {
  const ref1 = jompayRef1('AGR-AC-2026-000123')!;

  it('is the agreement year and serial with a check digit', () => {
    expect(ref1).toMatch(/^2026000123\d$/);
    expect(ref1).toBe(`2026000123${luhnCheckDigit('2026000123')}`);
    expect(readJompayRef1(ref1)).toEqual({ ok: true, year: '2026', serial: '000123' });
    expect(agreementNoOfRef1('AC', { year: '2026', serial: '000123' })).toBe('AGR-AC-2026-000123');
  });

  it('reads a Ref-1 keyed with spaces or dashes', () => {
    expect(readJompayRef1(`${ref1.slice(0, 4)} ${ref1.slice(4, 8)}-${ref1.slice(8)}`)).toEqual({
      ok: true,
      year: '2026',
      serial: '000123',
    });
  });

  it('catches every single mistyped digit', () => {
    for (let position = 0; position < ref1.length; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        if (String(digit) === ref1[position]) continue;
        const typo = `${ref1.slice(0, position)}${digit}${ref1.slice(position + 1)}`;
        expect(readJompayRef1(typo)).toEqual({ ok: false, reason: 'checkDigit' });
      }
    }
  });

  it('catches two adjacent digits swapped', () => {
    // 2026000123 + check: swapping "2" and "0" at the start.
    const swapped = `${ref1[1]}${ref1[0]}${ref1.slice(2)}`;
    expect(readJompayRef1(swapped)).toEqual({ ok: false, reason: 'checkDigit' });
  });

  it('refuses what is not a Ref-1 at all', () => {
    expect(readJompayRef1('')).toEqual({ ok: false, reason: 'format' });
    expect(readJompayRef1('ABC')).toEqual({ ok: false, reason: 'format' });
    expect(readJompayRef1('123456')).toEqual({ ok: false, reason: 'format' });
    expect(jompayRef1('LOAN-1')).toBeNull();
  });

  it('keeps a serial past six digits', () => {
    const long = jompayRef1('AGR-RC-2027-1234567')!;
    expect(readJompayRef1(long)).toEqual({ ok: true, year: '2027', serial: '1234567' });
  });

  it('knows a biller code', () => {
    expect(isJompayBillerCode('12345')).toBe(true);
    expect(isJompayBillerCode('123')).toBe(false);
    expect(isJompayBillerCode('12a45')).toBe(false);
  });
});
