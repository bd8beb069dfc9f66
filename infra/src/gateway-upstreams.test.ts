import { createUpstreams, onUpstreamFailure, upstreamsFromEnv } from '../gateway/upstreams.mjs';

const A = 'http://api-1:3001';
const B = 'http://api-2:3001';
const C = 'http://api-3:3001';

describe('the API upstreams of the gateway', () => {
  it('are read from API_UPSTREAMS, else from API_URL alone', () => {
    expect(upstreamsFromEnv({ API_UPSTREAMS: ` ${A}, ${B},`, API_URL: C })).toEqual([A, B]);
    expect(upstreamsFromEnv({ API_URL: C })).toEqual([C]);
    expect(upstreamsFromEnv({})).toEqual([]);
    expect(() => upstreamsFromEnv({ API_UPSTREAMS: `${A},api-2:3001` })).toThrow(/http/);
    expect(() => upstreamsFromEnv({ API_URL: 'not an address' })).toThrow();
  });

  it('are taken in turn, leaving one out for a while after it refused a connection', () => {
    let now = 1_000;
    const upstreams = createUpstreams([A, B, C], { downMs: 5_000, now: () => now });
    expect([1, 2, 3, 4].map(() => upstreams.pick())).toEqual([A, B, C, A]);
    upstreams.markDown(C);
    expect([1, 2, 3, 4].map(() => upstreams.pick())).toEqual([B, A, B, A]);
    now += 5_000;
    expect(upstreams.isDown(C)).toBe(false);
    expect([1, 2, 3].map(() => upstreams.pick())).toEqual([B, C, A]);
  });

  it('offer each untried one once for a request, and try one even when all are down', () => {
    let now = 0;
    const upstreams = createUpstreams([A, B], { downMs: 5_000, now: () => now });
    expect(upstreams.pick(new Set([A]))).toBe(B);
    expect(upstreams.pick(new Set([A, B]))).toBeUndefined();
    upstreams.markDown(A);
    now += 1_000;
    upstreams.markDown(B);
    // A comes back first: it is the one tried rather than answering without a try.
    expect(upstreams.pick()).toBe(A);
  });

  it('send a request on only when it never reached an API or is a read', () => {
    const refused = {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    };
    const closed = {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    };
    const timedOut = { cause: { code: 'UND_ERR_HEADERS_TIMEOUT' } };
    expect(onUpstreamFailure('GET', refused)).toEqual({ refused: true, retry: true });
    expect(onUpstreamFailure('GET', closed)).toEqual({ refused: false, retry: true });
    expect(onUpstreamFailure('GET', timedOut)).toEqual({ refused: false, retry: false });
    // A form is never sent twice: it may have reached an API that then went away.
    expect(onUpstreamFailure('POST', refused)).toEqual({ refused: true, retry: false });
    expect(onUpstreamFailure('PUT', closed)).toEqual({ refused: false, retry: false });
  });
});
