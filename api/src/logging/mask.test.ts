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

  it('leaves amounts, timestamps and dates alone', () => {
    expect(maskText('amount 500000, time 1763862330123, on 2026-01-05 09:00:00')).toBe(
      'amount 500000, time 1763862330123, on 2026-01-05 09:00:00',
    );
  });

  it('masks phone numbers, local and international, with or without separators', () => {
    expect(maskText('phone +60123456789')).toBe('phone +601****89');
    expect(maskText('sms to 012-345 6789 sent')).toBe('sms to 01****89 sent');
    expect(maskText('office 0387654321')).toBe('office 03****21');
    expect(maskText('/api/check/phone/60198765432')).toBe('/api/check/phone/601****32');
  });

  it('masks emails and phones that arrive percent-encoded in addresses', () => {
    expect(maskText('/api/users/check-email/john.tan%40example.com')).toBe(
      '/api/users/check-email/j***@example.com',
    );
    expect(maskText('?phone=%2B60123456789')).toBe('?phone=+601****89');
  });

  it('drops tokens and one-time codes from query strings, and whole JWTs anywhere', () => {
    expect(maskText('/reset-password?token=abcDEF123_-x&language=MS')).toBe(
      '/reset-password?token=[redacted]&language=MS',
    );
    expect(maskText('/verify?otp=123456')).toBe('/verify?otp=[redacted]');
    expect(maskText('/api/file/x?link=eyJyIjoiZmlsZSJ9.c2ln')).toBe('/api/file/x?link=[redacted]');
    expect(maskText('bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXBhcnQ end')).toBe(
      'bearer [token] end',
    );
  });

  it("drops a failed statement's parameters from its message", () => {
    expect(
      maskText(
        'Failed query: insert into "contact_messages" ("name") values ($1)\nparams: Ali Tan,Call me back',
      ),
    ).toBe('Failed query: insert into "contact_messages" ("name") values ($1)\nparams: [redacted]');
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
