import { checkPassword, PASSWORD_MAX_LENGTH } from './password';

describe('password policy', () => {
  it('requires a password', () => {
    expect(checkPassword('')).toEqual({ ok: false, reason: 'required' });
  });

  it('rejects a password shorter than 8 characters', () => {
    expect(checkPassword('Abc1234')).toEqual({ ok: false, reason: 'tooShort' });
  });

  it('accepts a password of 8 characters', () => {
    expect(checkPassword('Abc12345')).toEqual({ ok: true });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('😀😀😀😀')).toEqual({ ok: false, reason: 'tooShort' });
    expect(checkPassword('😀😀😀😀😀😀😀😀')).toEqual({ ok: true });
  });

  it('keeps spaces as typed', () => {
    expect(checkPassword('  abcd  ')).toEqual({ ok: true });
  });

  it('accepts a long passphrase up to 1024 characters without truncating it', () => {
    expect(checkPassword('a'.repeat(PASSWORD_MAX_LENGTH))).toEqual({ ok: true });
  });

  it('rejects a password longer than 1024 characters', () => {
    expect(checkPassword('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual({
      ok: false,
      reason: 'tooLong',
    });
  });

  it('requires the confirmation to match', () => {
    expect(checkPassword('Abc12345', 'Abc12346')).toEqual({ ok: false, reason: 'mismatch' });
    expect(checkPassword('Abc12345', 'Abc12345')).toEqual({ ok: true });
  });
});
