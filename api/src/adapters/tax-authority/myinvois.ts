// LHDN MyInvois, the real taxpayer check. The platform signs in as an ERP system with OAuth2
// client credentials (`POST /connect/token`, scope InvoicingAPI) and keeps the access token until
// shortly before it expires; a token refused before then (revoked, the secret rotated) is fetched
// again once. `GET /api/v1.0/taxpayer/validate/{tin}?idType=&idValue=` answers 200 when the TIN
// belongs to that identity and 404 when not (400 for input it cannot read). Throttling (429) and
// server errors are tried again after a wait; when no answer comes the check is "cannot tell".
//
// The TIN and the identity travel in the address because that is the interface; no log line,
// error or health record of ours ever carries an address.
import type { Clock } from '../../kernel/clock';
import type { MyInvoisSettings } from '../../kernel/config-providers';
import {
  type CallPolicy,
  callVendor,
  retryAll,
  VendorCallError,
  vendorRefused,
  vendorUrl,
} from '../vendor-http';
import { type TaxAuthority, TaxAuthorityUnavailable } from './port';

const VENDOR = 'MyInvois';
export const TOKEN_PATH = '/connect/token';
export const VALIDATE_PATH = (tin: string) =>
  `/api/v1.0/taxpayer/validate/${encodeURIComponent(tin)}`;

const POLICY: CallPolicy = { timeoutMs: 8_000, attempts: 3, backoffMs: 500, retryOn: retryAll };
/** A token is renewed this long before the time it was given for. */
const RENEW_BEFORE_MS = 60_000;

interface Token {
  value: string;
  expiresAt: number;
}

export function myInvoisTaxAuthority(
  settings: Omit<MyInvoisSettings, 'provider'>,
  deps: { clock: Clock; policy?: Partial<CallPolicy> },
): TaxAuthority {
  const policy = { ...POLICY, ...deps.policy };
  let token: Token | null = null;
  let fetching: Promise<Token> | null = null;

  async function fetchToken(): Promise<Token> {
    const answer = await callVendor(
      VENDOR,
      () => ({
        method: 'POST',
        url: vendorUrl(settings.identityUrl, TOKEN_PATH),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          grant_type: 'client_credentials',
          scope: 'InvoicingAPI',
        }).toString(),
      }),
      policy,
    );
    if (answer.status === 400 || answer.status === 401) {
      throw vendorRefused(VENDOR, 'credentials', `token refused (${answer.status})`, answer.status);
    }
    if (answer.status !== 200) {
      throw vendorRefused(VENDOR, 'answer', `token answered ${answer.status}`, answer.status);
    }
    let body: { access_token?: unknown; expires_in?: unknown };
    try {
      body = answer.json();
    } catch {
      throw vendorRefused(VENDOR, 'answer', 'token answer unreadable');
    }
    if (typeof body.access_token !== 'string' || !body.access_token) {
      throw vendorRefused(VENDOR, 'answer', 'token answer without a token');
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    return { value: body.access_token, expiresAt: deps.clock.now().getTime() + seconds * 1000 };
  }

  /** The token in hand while it has a minute left; one fetch at a time for every caller. */
  async function currentToken(): Promise<string> {
    if (token && token.expiresAt - RENEW_BEFORE_MS > deps.clock.now().getTime()) {
      return token.value;
    }
    fetching ??= fetchToken().finally(() => {
      fetching = null;
    });
    token = await fetching;
    return token.value;
  }

  async function validate(tin: string, idType: string, idValue: string, bearer: string) {
    const query = new URLSearchParams({ idType, idValue });
    return callVendor(
      VENDOR,
      () => ({
        method: 'GET',
        url: `${vendorUrl(settings.apiUrl, VALIDATE_PATH(tin))}?${query.toString()}`,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(settings.onBehalfOf ? { onbehalfof: settings.onBehalfOf } : {}),
        },
      }),
      policy,
    );
  }

  return {
    name: 'myinvois',
    async validateTin({ tin, idType, idValue }) {
      try {
        let answer = await validate(tin, idType, idValue, await currentToken());
        if (answer.status === 401) {
          // The token lapsed early (revoked, rotated): one fresh token, one more try.
          token = null;
          answer = await validate(tin, idType, idValue, await currentToken());
          if (answer.status === 401) {
            throw vendorRefused(VENDOR, 'credentials', 'a fresh token was refused', 401);
          }
        }
        if (answer.status === 200) return true;
        if (answer.status === 404 || answer.status === 400) return false;
        throw vendorRefused(
          VENDOR,
          'answer',
          `validation answered ${answer.status}`,
          answer.status,
        );
      } catch (error) {
        if (error instanceof VendorCallError) throw new TaxAuthorityUnavailable(error.message);
        throw error;
      }
    },
  };
}
