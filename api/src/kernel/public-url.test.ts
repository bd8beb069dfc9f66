import { createPublicAddress, requestOriginOf, withRequestOrigin } from './public-url';

describe('the address links are made with', () => {
  const local = createPublicAddress({ configured: undefined, fallback: 'http://localhost:3500/' });

  it('names the address this machine was reached at, by any of its own names', () => {
    expect(withRequestOrigin('http://127.0.0.1:3500', local.url)).toBe('http://127.0.0.1:3500');
    expect(withRequestOrigin('http://localhost:3500', local.url)).toBe('http://localhost:3500');
    expect(withRequestOrigin('http://[::1]:3500', local.url)).toBe('http://[::1]:3500');
  });

  it('names the address served when the request named another host, or there is no request', () => {
    expect(withRequestOrigin('https://evil.example', local.url)).toBe('http://localhost:3500');
    expect(withRequestOrigin(null, local.url)).toBe('http://localhost:3500');
    expect(local.url()).toBe('http://localhost:3500');
  });

  it('names PUBLIC_URL whatever the request named, once it is set', () => {
    const fixed = createPublicAddress({
      configured: 'https://apply.example.com/',
      fallback: 'http://localhost:3000',
    });
    expect(withRequestOrigin('http://127.0.0.1:3000', fixed.url)).toBe('https://apply.example.com');
    expect(fixed.configured).toBe('https://apply.example.com');
    expect(fixed.isOwn('https://apply.example.com')).toBe(true);
    expect(fixed.isOwn('http://127.0.0.1:3000')).toBe(false);
  });

  it('knows its own origins, and no one else’s', () => {
    expect(local.isOwn('http://127.0.0.1:3500')).toBe(true);
    expect(local.isOwn('http://localhost:3500')).toBe(true);
    expect(local.isOwn('https://pay.example')).toBe(false);
    expect(local.isOwn('not a url')).toBe(false);
  });

  it('reads a request’s origin from its protocol and host, refusing what is not one', () => {
    expect(requestOriginOf('http', '127.0.0.1:3500')).toBe('http://127.0.0.1:3500');
    expect(requestOriginOf('https', 'apply.example.com')).toBe('https://apply.example.com');
    expect(requestOriginOf('http', undefined)).toBeNull();
    expect(requestOriginOf('http', 'a b')).toBeNull();
  });
});
