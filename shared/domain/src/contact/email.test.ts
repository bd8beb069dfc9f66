import { isSameEmail, normalizeEmail, validateEmail } from './email';

describe('email', () => {
  it('trims and lower-cases an address', () => {
    expect(normalizeEmail('  Siti.Aminah@Example.COM ')).toBe('siti.aminah@example.com');
  });

  it('accepts a valid address and returns it normalised', () => {
    expect(validateEmail(' Ali+loans@Mail.example.my ')).toEqual({
      ok: true,
      email: 'ali+loans@mail.example.my',
    });
  });

  it('rejects an empty address as required', () => {
    expect(validateEmail('   ')).toEqual({ ok: false, reason: 'required' });
  });

  it('rejects an address without a valid domain or local part', () => {
    for (const bad of [
      'ali',
      'ali@',
      '@example.com',
      'ali@example',
      'ali@@example.com',
      'a..b@example.com',
      'ali@-x.com',
      'ali @example.com',
    ]) {
      expect(validateEmail(bad)).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('rejects an address longer than 254 characters', () => {
    const long = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`;
    expect(validateEmail(long)).toEqual({ ok: false, reason: 'length' });
  });

  it('treats two addresses differing only in case and spaces as the same', () => {
    expect(isSameEmail('Ali@Example.com ', 'ali@example.com')).toBe(true);
    expect(isSameEmail('ali@example.com', 'abu@example.com')).toBe(false);
  });
});
