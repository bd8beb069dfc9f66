import { platformUrl } from '../bin/lib.mjs';

describe('the address the start prints', () => {
  it('is PUBLIC_URL when set, the address every link names', () => {
    expect(platformUrl(3500, { PUBLIC_URL: 'https://apply.example.com/' })).toBe(
      'https://apply.example.com',
    );
    expect(platformUrl(3500, { PUBLIC_URL: 'http://192.168.1.20:3500' })).toBe(
      'http://192.168.1.20:3500',
    );
  });

  it('is this machine at the gateway port otherwise', () => {
    expect(platformUrl(3500, {})).toBe('http://localhost:3500');
    expect(platformUrl(3000, { PUBLIC_URL: '' })).toBe('http://localhost:3000');
  });
});
