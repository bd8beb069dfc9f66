import {
  applyRate,
  assertSen,
  divideRoundHalfUp,
  formatRinggit,
  parseRinggit,
  ringgitToSen,
  senToRinggitString,
} from './money';

describe('ringgit amounts as integer sen', () => {
  it('reads a decimal string as sen without floating point', () => {
    expect(ringgitToSen('12345.67')).toBe(1234567);
    expect(ringgitToSen('0.1')).toBe(10);
    expect(ringgitToSen('0.29')).toBe(29);
    expect(ringgitToSen('5000')).toBe(500000);
  });

  it('accepts thousands separators and an RM prefix', () => {
    expect(ringgitToSen('12,345.67')).toBe(1234567);
    expect(ringgitToSen('RM 50,000')).toBe(5000000);
  });

  it('reads a negative amount', () => {
    expect(ringgitToSen('-10.50')).toBe(-1050);
  });

  it('refuses more than two decimal places instead of rounding', () => {
    expect(parseRinggit('1.005')).toEqual({ ok: false, reason: 'precision' });
  });

  it('refuses text that is not an amount', () => {
    expect(parseRinggit('12a')).toEqual({ ok: false, reason: 'format' });
    expect(parseRinggit('1,23.00')).toEqual({ ok: false, reason: 'format' });
    expect(parseRinggit('')).toEqual({ ok: false, reason: 'format' });
    expect(() => ringgitToSen('abc')).toThrow(RangeError);
  });

  it('formats sen as RM with thousands separators and two decimals', () => {
    expect(formatRinggit(1234567)).toBe('RM 12,345.67');
    expect(formatRinggit(5)).toBe('RM 0.05');
    expect(formatRinggit(0)).toBe('RM 0.00');
    expect(formatRinggit(100000000)).toBe('RM 1,000,000.00');
  });

  it('formats a negative amount with the sign before RM', () => {
    expect(formatRinggit(-1234567)).toBe('-RM 12,345.67');
    expect(formatRinggit(-5)).toBe('-RM 0.05');
  });

  it('rejects sen that is not a whole number', () => {
    expect(() => formatRinggit(12.5)).toThrow(RangeError);
    expect(() => assertSen(Number.NaN)).toThrow(RangeError);
    expect(assertSen(1250)).toBe(1250);
  });

  it('writes sen as a plain decimal string', () => {
    expect(senToRinggitString(97337)).toBe('973.37');
    expect(senToRinggitString(-7)).toBe('-0.07');
  });
});

describe('rounding', () => {
  it('rounds halves away from zero', () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfUp(4n, 3n)).toBe(1n);
    expect(divideRoundHalfUp(5n, 3n)).toBe(2n);
  });

  it('applies a basis-point rate rounded half up to the sen', () => {
    expect(applyRate(1000000, 700)).toBe(70000);
    expect(applyRate(1234567, 1200)).toBe(148148);
    expect(applyRate(5, 1000)).toBe(1);
  });
});
