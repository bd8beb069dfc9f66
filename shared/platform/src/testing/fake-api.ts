import { AUTH_PATHS } from '@lending/contracts';

/** A request as a test's fake API receives it. */
export interface FakeApiRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeApiAnswer {
  status: number;
  body?: unknown;
}

/**
 * Stands in for the network in component tests: every XMLHttpRequest the platform's transport
 * opens is answered by `answer`, on the next microtask (so fake timers do not hold it back).
 */
export function installFakeApi(answer: (request: FakeApiRequest) => FakeApiAnswer) {
  const requests: FakeApiRequest[] = [];
  const original = globalThis.XMLHttpRequest;

  class FakeXhr {
    status = 0;
    responseText = '';
    response: unknown = null;
    responseType = 'text';
    timeout = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    readonly upload = { addEventListener: () => undefined };
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      const request: FakeApiRequest = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body: typeof body === 'string' && body ? (JSON.parse(body) as unknown) : body,
      };
      requests.push(request);
      void Promise.resolve().then(() => {
        const { status, body: reply } = answer(request);
        this.status = status;
        this.responseText = reply === undefined ? '' : JSON.stringify(reply);
        this.response = this.responseText;
        this.onload?.();
      });
    }
  }

  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    requests,
    restore: () => {
      globalThis.XMLHttpRequest = original;
    },
  };
}

const MINUTE = 60_000;
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A staff access token as the API signs it, ending at `exp` (ms). */
export const staffToken = (id: number, exp: number) =>
  `${encode({ alg: 'HS256' })}.${encode({ aud: 'staff', sub: `s${id}`, email: 'ops@lender.test', roles: ['APPROVER'], exp: Math.floor(exp / 1000) })}.sig${id}`;

/** The API's staff session as far as the page can tell: tokens end, refresh tokens work once. */
export function fakeStaffSessions() {
  let issued = 1;
  let liveRefresh = 'refresh-1';
  const expiries = new Map<string, number>([[staffToken(1, Date.now()), Date.now()]]);
  const fake = installFakeApi((request: FakeApiRequest) => {
    if (request.url === AUTH_PATHS.staffLogout) {
      liveRefresh = '';
      return { status: 204 };
    }
    if (request.url === AUTH_PATHS.staffRefresh) {
      const { refreshToken } = request.body as { refreshToken: string };
      if (refreshToken !== liveRefresh)
        return { status: 401, body: { message: 'Session expired' } };
      issued += 1;
      liveRefresh = `refresh-${issued}`;
      const accessToken = staffToken(issued, Date.now() + 15 * MINUTE);
      expiries.set(accessToken, Date.now() + 15 * MINUTE);
      return { status: 200, body: { accessToken, refreshToken: liveRefresh } };
    }
    const bearer = request.headers.authorization?.replace('Bearer ', '') ?? '';
    const until = expiries.get(bearer);
    if (until === undefined || until <= Date.now()) return { status: 401, body: {} };
    return { status: 200, body: { ok: true } };
  });
  return {
    fake,
    refreshes: () => fake.requests.filter((r) => r.url === AUTH_PATHS.staffRefresh),
    logouts: () => fake.requests.filter((r) => r.url === AUTH_PATHS.staffLogout),
  };
}
