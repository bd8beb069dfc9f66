import { randomBytes } from 'node:crypto';
import { createSealer } from './sealed';

describe('sealed personal data', () => {
  const sealer = createSealer(randomBytes(32));

  it('opens what it sealed, and never seals the same value the same way twice', () => {
    const first = sealer.seal('880101145678');
    const second = sealer.seal('880101145678');
    expect(first).not.toEqual(second);
    expect(first).not.toContain('880101');
    expect(sealer.openText(first)).toBe('880101145678');
    expect(sealer.openJson(sealer.sealJson({ nric: '880101145678' }))).toEqual({
      nric: '880101145678',
    });
  });

  it('refuses a sealed value that was tampered with', () => {
    const sealed = sealer.seal('880101145678');
    const body = Buffer.from(sealed.split('.')[1]!, 'base64url');
    const last = body.length - 1;
    body[last] = body[last]! ^ 1;
    expect(() => sealer.open(`v1.${body.toString('base64url')}`)).toThrow();
  });

  it('refuses a value sealed with another key', () => {
    const other = createSealer(randomBytes(32));
    expect(() => sealer.open(other.seal('secret'))).toThrow();
  });

  it('fingerprints equal values equally and different keys differently', () => {
    const other = createSealer(randomBytes(32));
    expect(sealer.fingerprint('880101145678')).toBe(sealer.fingerprint('880101145678'));
    expect(sealer.fingerprint('880101145678')).not.toBe(sealer.fingerprint('880101145679'));
    expect(other.fingerprint('880101145678')).not.toBe(sealer.fingerprint('880101145678'));
  });

  it('seals binary files', () => {
    const file = randomBytes(1000);
    expect(sealer.openBytes(sealer.sealBytes(file)).equals(file)).toBe(true);
  });
});
