// Which provider each outside service runs on, and its settings, read from the environment. Every
// service has a sandbox (laptops, tests, demos); production refuses a sandbox unless ALLOW_SANDBOX
// names that service, and says which ones stand in the way. The vendors' details (addresses,
// credentials, how to reach their own test systems) are in docs/providers.md.

import {
  PROVIDER_SERVICE_IDS,
  type ProviderServiceId,
  type ProviderSettingView,
} from '@lending/contracts';

/** The outside services, as ALLOW_SANDBOX and the providers page name them. */
export const PROVIDER_SERVICES = PROVIDER_SERVICE_IDS;
export type ProviderService = ProviderServiceId;
export type { ProviderSettingView };

export type RazerSettings = {
  provider: 'razer';
  /** The hosted payment page's host (`https://pay.merchant.razer.com`). */
  paymentUrl: string;
  /** The merchant API's host, for status queries (`https://api.merchant.razer.com`). */
  apiUrl: string;
};
export type PaymentGatewaySettings = { provider: 'sandbox' } | RazerSettings;

export type MyInvoisSettings = {
  provider: 'myinvois';
  /** The API's host (`https://api.myinvois.hasil.gov.my`). */
  apiUrl: string;
  /** The identity service's host, where `/connect/token` is (the API's host unless told). */
  identityUrl: string;
  clientId: string;
  clientSecret: string;
  /** An intermediary's taxpayer TIN, sent as `onbehalfof` when it acts for the lender. */
  onBehalfOf?: string;
};
export type TaxAuthoritySettings = { provider: 'sandbox' } | MyInvoisSettings;

export type IsmsSettings = {
  provider: 'isms';
  /** The gateway's host (`https://www.isms.com.my`). */
  url: string;
  username: string;
  password: string;
  /** The sender id the gateway registered for the lender; none sends from its shared number. */
  senderId?: string;
  /** What the gateway sends with each delivery receipt (HTTP basic password, user `isms`). */
  receiptSecret: string;
};
export type SmsSettings = { provider: 'sandbox' } | IsmsSettings;

export type OkaySettings = {
  provider: 'okay';
  /** The eKYC vendor's API host. */
  url: string;
  apiKey: string;
  /** The least face-match score (0 to 100) that passes. */
  faceThreshold: number;
  /** The least liveness score (0 to 100) that passes. */
  livenessThreshold: number;
};
export type EkycSettings = { provider: 'sandbox' } | OkaySettings;

export type EstampAgentSettings = {
  provider: 'agent';
  url: string;
  keyId: string;
  /** Signs our requests (HMAC-SHA256) and the agent's webhooks. */
  secret: string;
};
export type EstampSettings = { provider: 'sandbox' } | EstampAgentSettings;

export type JitsiSettings = {
  provider: 'jitsi';
  /** The meeting server (`https://meet.lender.example`). */
  url: string;
  /** The JWT issuer and the secret the server's token authentication shares with us. */
  appId: string;
  appSecret: string;
  /** Signs the server's participant webhooks. */
  webhookSecret: string;
  /** How long after a call's start its links still let people in. */
  roomMinutes: number;
};
export type MeetingSettings = { provider: 'sandbox' } | JitsiSettings;

export type MtsaSettings = {
  provider: 'mtsa';
  wsdlUrl: string | undefined;
  username: string | undefined;
  password: string | undefined;
};
export type CertificateAuthoritySettings = { provider: 'sandbox' } | MtsaSettings;

export interface ProviderSettings {
  paymentGateway: PaymentGatewaySettings;
  taxAuthority: TaxAuthoritySettings;
  sms: SmsSettings;
  ekyc: EkycSettings;
  estamp: EstampSettings;
  meeting: MeetingSettings;
  certificateAuthority: CertificateAuthoritySettings;
  /** The services production may run on their sandbox. */
  allowSandbox: ProviderService[];
  /** Shorter deadlines and waits than each vendor's own (suites that make vendors slow). */
  timing?: { timeoutMs?: number; backoffMs?: number };
}

export const SANDBOX_PROVIDERS: ProviderSettings = {
  paymentGateway: { provider: 'sandbox' },
  taxAuthority: { provider: 'sandbox' },
  sms: { provider: 'sandbox' },
  ekyc: { provider: 'sandbox' },
  estamp: { provider: 'sandbox' },
  meeting: { provider: 'sandbox' },
  certificateAuthority: { provider: 'sandbox' },
  allowSandbox: [],
};

type Env = NodeJS.ProcessEnv;

function need(env: Env, name: string, why: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is required ${why}`);
  return value;
}

function httpsUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an address (https://...)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an address (https://...)`);
  }
  return value.replace(/\/+$/, '');
}

function score(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 100) {
    throw new Error(`${name} must be a number from 0 to 100`);
  }
  return parsed;
}

function choice<T extends string>(env: Env, name: string, allowed: readonly T[]): T | 'sandbox' {
  const value = env[name] || 'sandbox';
  if (value !== 'sandbox' && !allowed.includes(value as T)) {
    throw new Error(`${name} must be sandbox or ${allowed.join(' or ')}`);
  }
  return value as T | 'sandbox';
}

function readAllowSandbox(value: string | undefined): ProviderService[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(PROVIDER_SERVICES as readonly string[]).includes(name)) {
      throw new Error(`ALLOW_SANDBOX names an unknown service: ${name}`);
    }
  }
  return names as ProviderService[];
}

/** The provider of each service from the environment (sandboxes unless told otherwise). */
export function readProviders(env: Env): ProviderSettings {
  const gateway = choice(env, 'PAYMENT_GATEWAY_PROVIDER', ['razer'] as const);
  const tax = choice(env, 'TAX_AUTHORITY_PROVIDER', ['myinvois'] as const);
  const sms = choice(env, 'SMS_PROVIDER', ['isms'] as const);
  const ekyc = choice(env, 'EKYC_PROVIDER', ['okay'] as const);
  const estamp = choice(env, 'ESTAMP_PROVIDER', ['agent'] as const);
  const meeting = choice(env, 'MEETING_PROVIDER', ['jitsi'] as const);
  const authority = choice(env, 'CERTIFICATE_AUTHORITY_PROVIDER', ['mtsa'] as const);
  const forRazer = 'when PAYMENT_GATEWAY_PROVIDER is razer';
  if (gateway === 'razer') {
    for (const name of [
      'PAYMENT_GATEWAY_MERCHANT_ID',
      'PAYMENT_GATEWAY_VERIFY_KEY',
      'PAYMENT_GATEWAY_SECRET_KEY',
    ]) {
      need(env, name, forRazer);
    }
  }
  const myinvoisUrl = httpsUrl(
    env.MYINVOIS_URL || 'https://api.myinvois.hasil.gov.my',
    'MYINVOIS_URL',
  );
  return {
    paymentGateway:
      gateway === 'razer'
        ? {
            provider: 'razer',
            paymentUrl: httpsUrl(
              env.RAZER_PAYMENT_URL || 'https://pay.merchant.razer.com',
              'RAZER_PAYMENT_URL',
            ),
            apiUrl: httpsUrl(
              env.RAZER_API_URL || 'https://api.merchant.razer.com',
              'RAZER_API_URL',
            ),
          }
        : { provider: 'sandbox' },
    taxAuthority:
      tax === 'myinvois'
        ? {
            provider: 'myinvois',
            apiUrl: myinvoisUrl,
            identityUrl: httpsUrl(
              env.MYINVOIS_IDENTITY_URL || myinvoisUrl,
              'MYINVOIS_IDENTITY_URL',
            ),
            clientId: need(env, 'MYINVOIS_CLIENT_ID', 'when TAX_AUTHORITY_PROVIDER is myinvois'),
            clientSecret: need(
              env,
              'MYINVOIS_CLIENT_SECRET',
              'when TAX_AUTHORITY_PROVIDER is myinvois',
            ),
            ...(env.MYINVOIS_ON_BEHALF_OF ? { onBehalfOf: env.MYINVOIS_ON_BEHALF_OF } : {}),
          }
        : { provider: 'sandbox' },
    sms:
      sms === 'isms'
        ? {
            provider: 'isms',
            url: httpsUrl(env.ISMS_URL || 'https://www.isms.com.my', 'ISMS_URL'),
            username: need(env, 'ISMS_USERNAME', 'when SMS_PROVIDER is isms'),
            password: need(env, 'ISMS_PASSWORD', 'when SMS_PROVIDER is isms'),
            ...(env.ISMS_SENDER_ID ? { senderId: env.ISMS_SENDER_ID } : {}),
            receiptSecret: need(env, 'SMS_RECEIPT_SECRET', 'when SMS_PROVIDER is isms'),
          }
        : { provider: 'sandbox' },
    ekyc:
      ekyc === 'okay'
        ? {
            provider: 'okay',
            url: httpsUrl(need(env, 'OKAY_URL', 'when EKYC_PROVIDER is okay'), 'OKAY_URL'),
            apiKey: need(env, 'OKAY_API_KEY', 'when EKYC_PROVIDER is okay'),
            faceThreshold: score(env.OKAY_FACE_THRESHOLD, 80, 'OKAY_FACE_THRESHOLD'),
            livenessThreshold: score(env.OKAY_LIVENESS_THRESHOLD, 80, 'OKAY_LIVENESS_THRESHOLD'),
          }
        : { provider: 'sandbox' },
    estamp:
      estamp === 'agent'
        ? {
            provider: 'agent',
            url: httpsUrl(need(env, 'ESTAMP_URL', 'when ESTAMP_PROVIDER is agent'), 'ESTAMP_URL'),
            keyId: need(env, 'ESTAMP_KEY_ID', 'when ESTAMP_PROVIDER is agent'),
            secret: need(env, 'ESTAMP_SECRET', 'when ESTAMP_PROVIDER is agent'),
          }
        : { provider: 'sandbox' },
    meeting:
      meeting === 'jitsi'
        ? {
            provider: 'jitsi',
            url: httpsUrl(need(env, 'JITSI_URL', 'when MEETING_PROVIDER is jitsi'), 'JITSI_URL'),
            appId: need(env, 'JITSI_APP_ID', 'when MEETING_PROVIDER is jitsi'),
            appSecret: need(env, 'JITSI_APP_SECRET', 'when MEETING_PROVIDER is jitsi'),
            webhookSecret: need(env, 'JITSI_WEBHOOK_SECRET', 'when MEETING_PROVIDER is jitsi'),
            roomMinutes: Math.round(score(env.JITSI_ROOM_MINUTES, 90, 'JITSI_ROOM_MINUTES')),
          }
        : { provider: 'sandbox' },
    // What MTSA needs is checked when the provider is built, which names everything missing.
    certificateAuthority:
      authority === 'mtsa'
        ? {
            provider: 'mtsa',
            wsdlUrl: env.MTSA_WSDL_URL || undefined,
            username: env.MTSA_USERNAME || undefined,
            password: env.MTSA_PASSWORD || undefined,
          }
        : { provider: 'sandbox' },
    allowSandbox: readAllowSandbox(env.ALLOW_SANDBOX),
  };
}

/** Which provider runs each service: `sandbox`, or the vendor's name. */
export function providerNames(
  providers: ProviderSettings,
  others: { email: string; captcha: string },
): Record<ProviderService, string> {
  return {
    email: others.email,
    captcha: others.captcha,
    sms: providers.sms.provider,
    'payment-gateway': providers.paymentGateway.provider,
    'tax-authority': providers.taxAuthority.provider,
    ekyc: providers.ekyc.provider,
    estamp: providers.estamp.provider,
    meeting: providers.meeting.provider,
    'certificate-authority': providers.certificateAuthority.provider,
    // The bank's schemes publish no interface a lender can write against without the bank:
    // these two have their sandbox only (docs/providers.md says what an integration provides).
    emandate: 'sandbox',
    payout: 'sandbox',
    // The telecom partner's own identity service: its interface comes with the partnership.
    'telecom-identity': 'sandbox',
  };
}

/**
 * Production runs no sandbox it was not told it may: the error names every service still on its
 * sandbox and how to allow it, so one start tells the operator all that is left.
 */
export function refuseUnallowedSandboxes(
  names: Record<ProviderService, string>,
  allowSandbox: readonly ProviderService[],
): void {
  const refused = PROVIDER_SERVICES.filter(
    (service) => names[service] === 'sandbox' && !allowSandbox.includes(service),
  );
  if (refused.length === 0) return;
  throw new Error(
    `production will not run these services on their sandbox: ${refused.join(', ')}. ` +
      'Configure their real providers (docs/providers.md), or name them in ALLOW_SANDBOX ' +
      `(ALLOW_SANDBOX=${refused.join(',')}) to run them on their sandbox knowingly.`,
  );
}

const plain = (name: string, value: string | number | undefined | null): ProviderSettingView => ({
  name,
  secret: false,
  value: value === undefined || value === null ? null : String(value),
});
const hidden = (name: string, value: string | undefined): ProviderSettingView => ({
  name,
  secret: true,
  set: Boolean(value),
});

/** An SMTP address without its user and password. */
function smtpHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** Each service's settings, secrets hidden, for the providers page. */
export function describeProviderSettings(
  providers: ProviderSettings,
  others: {
    email: { provider: string; url?: string; from?: string };
    captcha: { provider: string; siteKey?: string; secret?: string };
    gatewayKeys: { merchantId: string; verifyKey: string; secretKey: string };
  },
): Record<ProviderService, ProviderSettingView[]> {
  const { email, captcha, gatewayKeys } = others;
  const gateway = providers.paymentGateway;
  const tax = providers.taxAuthority;
  const sms = providers.sms;
  const ekyc = providers.ekyc;
  const estamp = providers.estamp;
  const meeting = providers.meeting;
  const authority = providers.certificateAuthority;
  return {
    email:
      email.provider === 'smtp'
        ? [
            plain('SMTP_URL', email.url ? smtpHost(email.url) : null),
            hidden('SMTP_URL (user and password)', email.url),
            plain('EMAIL_FROM', email.from),
          ]
        : [],
    captcha:
      captcha.provider === 'recaptcha-v2'
        ? [plain('RECAPTCHA_SITE_KEY', captcha.siteKey), hidden('RECAPTCHA_SECRET', captcha.secret)]
        : [],
    sms:
      sms.provider === 'isms'
        ? [
            plain('ISMS_URL', sms.url),
            plain('ISMS_USERNAME', sms.username),
            hidden('ISMS_PASSWORD', sms.password),
            plain('ISMS_SENDER_ID', sms.senderId),
            hidden('SMS_RECEIPT_SECRET', sms.receiptSecret),
          ]
        : [],
    'payment-gateway': [
      ...(gateway.provider === 'razer'
        ? [plain('RAZER_PAYMENT_URL', gateway.paymentUrl), plain('RAZER_API_URL', gateway.apiUrl)]
        : []),
      plain('PAYMENT_GATEWAY_MERCHANT_ID', gatewayKeys.merchantId),
      hidden('PAYMENT_GATEWAY_VERIFY_KEY', gatewayKeys.verifyKey),
      hidden('PAYMENT_GATEWAY_SECRET_KEY', gatewayKeys.secretKey),
    ],
    'tax-authority':
      tax.provider === 'myinvois'
        ? [
            plain('MYINVOIS_URL', tax.apiUrl),
            plain('MYINVOIS_IDENTITY_URL', tax.identityUrl),
            plain('MYINVOIS_CLIENT_ID', tax.clientId),
            hidden('MYINVOIS_CLIENT_SECRET', tax.clientSecret),
            plain('MYINVOIS_ON_BEHALF_OF', tax.onBehalfOf),
          ]
        : [],
    ekyc:
      ekyc.provider === 'okay'
        ? [
            plain('OKAY_URL', ekyc.url),
            hidden('OKAY_API_KEY', ekyc.apiKey),
            plain('OKAY_FACE_THRESHOLD', ekyc.faceThreshold),
            plain('OKAY_LIVENESS_THRESHOLD', ekyc.livenessThreshold),
          ]
        : [],
    estamp:
      estamp.provider === 'agent'
        ? [
            plain('ESTAMP_URL', estamp.url),
            plain('ESTAMP_KEY_ID', estamp.keyId),
            hidden('ESTAMP_SECRET', estamp.secret),
          ]
        : [],
    meeting:
      meeting.provider === 'jitsi'
        ? [
            plain('JITSI_URL', meeting.url),
            plain('JITSI_APP_ID', meeting.appId),
            hidden('JITSI_APP_SECRET', meeting.appSecret),
            hidden('JITSI_WEBHOOK_SECRET', meeting.webhookSecret),
            plain('JITSI_ROOM_MINUTES', meeting.roomMinutes),
          ]
        : [],
    'certificate-authority':
      authority.provider === 'mtsa'
        ? [
            plain('MTSA_WSDL_URL', authority.wsdlUrl),
            plain('MTSA_USERNAME', authority.username),
            hidden('MTSA_PASSWORD', authority.password),
          ]
        : [],
    emandate: [],
    payout: [],
    'telecom-identity': [],
  };
}
