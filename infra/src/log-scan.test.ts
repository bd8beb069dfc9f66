import { findPersonalData } from './log-scan';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, ...fields });

describe('the log gate', () => {
  it('passes what the API writes after masking', () => {
    const log = [
      line({ msg: 'request', method: 'GET', route: '/api/users/:email', status: 200, ms: 3 }),
      line({ msg: 'sent', to: 'j***@example.com', phone: '+601****89', nric: '900101******' }),
      line({ msg: 'reset', url: '/reset-password?token=[redacted]' }),
      line({ err: { message: 'Failed query: select 1\nparams: [redacted]' } }),
      line({ msg: 'amounts', sen: 500000, at: '2026-01-05T09:00:00.000Z', time: 1763862330123 }),
    ].join('\n');
    expect(findPersonalData(log)).toEqual([]);
  });

  it.each([
    ['email', line({ msg: 'user john.tan@example.com' })],
    ['email (percent-encoded)', line({ url: '/api/check/john%40example.com' })],
    ['phone number', line({ msg: 'sms to 012-345 6789' })],
    ['phone number', line({ msg: 'sms to +60123456789' })],
    ['identity card number', line({ msg: 'nric 900101-14-5678' })],
    ['signed token', line({ msg: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig' })],
    ['token or code in a query string', line({ url: '/reset-password?token=abc123' })],
    ['statement parameters', line({ err: { message: 'Failed query\nparams: Ali,Call me' } })],
    ['password', line({ body: { password: 'hunter22' } })],
  ])('finds a leaked %s', (kind, log) => {
    expect(findPersonalData(log).map((finding) => finding.kind)).toContain(kind);
  });

  it('says on which line it found what', () => {
    const log = [line({ msg: 'ok' }), line({ msg: 'to ali.b@example.com' })].join('\n');
    expect(findPersonalData(log)).toEqual([expect.objectContaining({ kind: 'email', line: 2 })]);
  });
});
