import { maskEmail, maskNric, maskText, maskValue } from './mask';

describe('personal data in logs', () => {
  it('masks an email keeping its first letter and domain', () => {
    expect(maskEmail('john@example.com')).toBe('j***@example.com');
    expect(maskEmail('nobody')).toBe('***');
  });

  it('masks an NRIC keeping its first six characters', () => {
    expect(maskNric('900101145678')).toBe('900101******');
    expect(maskNric('900101-14-5678')).toBe('900101-**-****');
  });

  it('masks NRIC numbers and emails inside free text', () => {
    expect(maskText('applicant 900101145678 from Aisyah.B@example.com.my today')).toBe(
      'applicant 900101****** from A***@example.com.my today',
    );
    expect(maskText('ic=900101-14-5678&x=1')).toBe('ic=900101-**-****&x=1');
  });

  it('leaves shorter and longer numbers alone', () => {
    expect(maskText('amount 500000, time 1763862330123, phone +60123456789')).toBe(
      'amount 500000, time 1763862330123, phone +60123456789',
    );
  });

  it('removes passwords, tokens and authorization at any depth', () => {
    expect(
      maskValue({
        body: { email: 'ali@example.com', password: 'secret', nested: { refreshToken: 't' } },
        headers: { Authorization: 'Bearer abc', accept: 'application/json' },
      }),
    ).toEqual({
      body: { email: 'a***@example.com', nested: {} },
      headers: { accept: 'application/json' },
    });
  });

  it('leaves numbers, flags and non-plain objects alone', () => {
    const when = new Date(0);
    expect(maskValue({ amount: 500000, ok: true, when })).toEqual({
      amount: 500000,
      ok: true,
      when,
    });
  });
});
