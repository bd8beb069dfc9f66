/**
 * The providers page (`/admin/providers`, admins): for each outside service, which provider runs
 * it, how it has answered this API process (last call, its latency, the last failure) and its
 * settings with every secret hidden: a secret only says whether it is set. The vendors' callbacks
 * (delivery receipts, webhooks) and the meeting join links are public, each proved by its own
 * signature or secret.
 */
export const PROVIDER_PATHS = {
  list: '/api/admin/providers',
  smsReceipts: '/api/providers/sms/receipts',
  estampWebhooks: '/api/providers/estamp/webhooks',
  meetingWebhooks: '/api/providers/meeting/webhooks',
  meetingJoin: (key: string) => `/api/meetings/join/${key}`,
} as const;

export const PROVIDER_SERVICE_IDS = [
  'email',
  'captcha',
  'sms',
  'payment-gateway',
  'tax-authority',
  'ekyc',
  'estamp',
  'meeting',
  'certificate-authority',
  'emandate',
  'payout',
  'telecom-identity',
] as const;
export type ProviderServiceId = (typeof PROVIDER_SERVICE_IDS)[number];

export type ProviderSettingView =
  | { name: string; secret: false; value: string | null }
  | { name: string; secret: true; set: boolean };

export interface ProviderHealthView {
  calls: number;
  failures: number;
  /** ISO instants; null before the first call. */
  lastCallAt: string | null;
  lastLatencyMs: number | null;
  lastOkAt: string | null;
  lastError: { at: string; message: string } | null;
}

export interface ProviderView {
  service: ProviderServiceId;
  /** `sandbox`, or the vendor's name (`razer`, `myinvois`, `isms`...). */
  provider: string;
  sandbox: boolean;
  /** Whether production may run this service on its sandbox (ALLOW_SANDBOX). */
  sandboxAllowed: boolean;
  health: ProviderHealthView;
  settings: ProviderSettingView[];
  /** What the vendor's callbacks said of the last day's work, where it sends them: the text
   *  messages by delivery status, the stampings by status. */
  outcomes: { label: string; count: number }[];
}

export interface ProvidersView {
  /** When this process started keeping the health it shows. */
  since: string;
  services: ProviderView[];
}
