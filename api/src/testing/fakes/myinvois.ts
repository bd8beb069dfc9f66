// A contract fake of LHDN MyInvois's identity service and taxpayer validation, as the SDK
// documents them: `POST /connect/token` (form: client_id, client_secret,
// grant_type=client_credentials, scope=InvoicingAPI) answers { access_token, token_type,
// expires_in, scope } or 400 { error: "invalid_client" }; `GET /api/v1.0/taxpayer/validate/{tin}
// ?idType=&idValue=` with the bearer token answers 200 (empty) when the TIN belongs to that
// identity, 404 when not, 400 for an id type it does not know, 401 for a token it does not accept.
import { randomBytes } from 'node:crypto';

import { type FakeServer, json, startFakeServer } from './fake-server';

const ID_TYPES = new Set(['NRIC', 'PASSPORT', 'BRN', 'ARMY']);

export interface MyInvoisFake {
  server: FakeServer;
  url: string;
  /** The taxpayers it knows: TIN -> the identity it was issued against. */
  taxpayers: Map<string, { idType: string; idValue: string }>;
  /** Tokens issued so far. */
  tokensIssued(): number;
  /** Forgets every token it issued (as when the client secret is rotated). */
  revokeTokens(): void;
  /** Takes another client secret: the old one is refused from now on. */
  rotateSecret(secret: string): void;
  close(): Promise<void>;
}

export async function startMyInvoisFake(options: {
  clientId: string;
  clientSecret: string;
  /** Seconds each token lives (an hour, as MyInvois gives). */
  tokenSeconds?: number;
}): Promise<MyInvoisFake> {
  let secret = options.clientSecret;
  const tokens = new Map<string, number>();
  let issued = 0;
  const taxpayers = new Map<string, { idType: string; idValue: string }>();
  const server = await startFakeServer((request) => {
    if (request.method === 'POST' && request.path === '/connect/token') {
      const form = request.form();
      if (
        form.grant_type !== 'client_credentials' ||
        form.client_id !== options.clientId ||
        form.client_secret !== secret
      ) {
        return json(400, { error: 'invalid_client' });
      }
      const value = randomBytes(24).toString('base64url');
      const seconds = options.tokenSeconds ?? 3600;
      tokens.set(value, Date.now() + seconds * 1000);
      issued += 1;
      return json(200, {
        access_token: value,
        token_type: 'Bearer',
        expires_in: seconds,
        scope: 'InvoicingAPI',
      });
    }
    const match = /^\/api\/v1\.0\/taxpayer\/validate\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
      const expires = bearer ? tokens.get(bearer) : undefined;
      if (!expires || expires < Date.now()) return { status: 401 };
      const idType = request.query.get('idType') ?? '';
      const idValue = request.query.get('idValue') ?? '';
      if (!ID_TYPES.has(idType) || !idValue) {
        return json(400, { error: { code: 'BadArgument', message: 'Invalid idType or idValue' } });
      }
      const known = taxpayers.get(decodeURIComponent(match[1]!));
      return known && known.idType === idType && known.idValue === idValue
        ? { status: 200 }
        : { status: 404 };
    }
    return { status: 404 };
  });
  return {
    server,
    url: server.url,
    taxpayers,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    rotateSecret(next) {
      secret = next;
      tokens.clear();
    },
    close: () => server.close(),
  };
}
