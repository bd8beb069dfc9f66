// The rules both edges run (nginx runs this very file): what a log line says of a path.
import edgeRules from '../gateway/edge-rules.js';
import { findPersonalData } from './log-scan';

describe('what the edge logs of a path', () => {
  it.each([
    [
      '/arkcash/api/v1.0/user/checkEmailExisted/email/aisyah.binti%40example.com/phoneNo/%2B60123456789',
    ],
    ['/arkcash/api/v1.0/trustGate/cert/900101-14-5678'],
    ['/api/organization/user/email/someone@example.com'],
    ['/x/012-3456789/0123456789'],
    // A content hash that happens to start with twelve digits.
    ['/401147378385fe7f.js'],
  ])('masks %s so that no personal data is left', (path) => {
    const logged = edgeRules.logPath(path);
    expect(findPersonalData(logged)).toEqual([]);
    expect(logged.split('/').length).toBe(path.split('/').length);
  });

  it('keeps ids and the route readable, and hides a long opaque segment', () => {
    expect(edgeRules.logPath('/api/application/0d4a3a5e-1b2c-4d5e-8f90-123456789abc/pending')).toBe(
      '/api/application/0d4a3a5e-1b2c-4d5e-8f90-123456789abc/pending',
    );
    expect(edgeRules.logPath('/api/sandbox/razer/AbCdEfGhIjKlMnOpQrStUvWx/return')).toBe(
      '/api/sandbox/razer/:token/return',
    );
    expect(edgeRules.logPath('/arkcash/api/v1.0/trustGate/cert/900101145678')).toBe(
      '/arkcash/api/v1.0/trustGate/cert/900101******',
    );
  });
});
