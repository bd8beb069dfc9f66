// The one place outside services are chosen. Each adapter is a folder with the same shape:
//   port.ts       what the platform needs from the service, in the platform's own types
//   sandbox.ts    a stand-in that behaves like the vendor (local runs, tests, demos)
//   <vendor>.ts   the real thing, one file per vendor (smtp.ts, recaptcha-v2.ts, local.ts...)
//   store.ts      only when the adapter keeps state of its own (a sandbox's records, passes)
// Adapters stand on the kernel and the database, never on modules. A new service (payment
// gateway, e-mandate, e-stamping...) adds its folder and one entry below; app.ts is unchanged.
import { randomBytes } from 'node:crypto';

import type { Redis } from 'ioredis';

import type { Sealer } from '../crypto/sealed';
import type { Orm } from '../db/database';
import type { Clock } from '../kernel/clock';
import type { CaptchaSettings, EmailSettings, S3Settings } from '../kernel/config';
import {
  providerNames,
  type ProviderService,
  type ProviderSettings,
  SANDBOX_PROVIDERS,
} from '../kernel/config-providers';
import type { PublicUrl } from '../kernel/public-url';
import type { CaptchaProvider, SandboxCaptcha } from './captcha/port';
import { recaptchaV2 } from './captcha/recaptcha-v2';
import { sandboxCaptcha } from './captcha/sandbox';
import { purgeExpiredPasses } from './captcha/store';
import { mtsaCertificateAuthority } from './certificate-authority/mtsa';
import type { CertificateAuthority } from './certificate-authority/port';
import { sandboxCertificateAuthority } from './certificate-authority/sandbox';
import { createCertificateAuthorityStore } from './certificate-authority/store';
import { memoryCounters } from './counters/memory';
import type { Counters } from './counters/port';
import { openRedis, redisCounters, type RedisLog } from './counters/redis';
import { okayEkyc } from './ekyc/okay';
import { type SandboxEkyc, sandboxEkyc } from './ekyc/sandbox';
import { createSandboxEkycStore } from './ekyc/sandbox-store';
import type { EmailSender } from './email/port';
import { sandboxEmail } from './email/sandbox';
import { smtpEmail } from './email/smtp';
import { type SandboxEmandate, sandboxEmandate } from './emandate/sandbox';
import { createSandboxCollectionStore, createSandboxEmandateStore } from './emandate/sandbox-store';
import { agentEstamp, type EstampWebhooks } from './estamp/agent';
import { createEstampSubmissionStore } from './estamp/agent-store';
import type { EstampProvider } from './estamp/port';
import { sandboxEstamp } from './estamp/sandbox';
import { createHealthBoard, type HealthBoard } from './health';
import { jitsiMeeting, type JoinOutcome, type MeetingWebhooks } from './meeting/jitsi';
import { createMeetingRoomStore } from './meeting/jitsi-store';
import type { MeetingProvider } from './meeting/port';
import { type SandboxMeeting, sandboxMeeting } from './meeting/sandbox';
import { createSandboxMeetingStore } from './meeting/sandbox-store';
import { createOutboxStore, type OutboxStore } from './outbox/store';
import type { GatewayKeys, PaymentGateway } from './payment-gateway/port';
import { razerPaymentGateway } from './payment-gateway/razer';
import {
  type NotificationDelivery,
  type SandboxGateway,
  sandboxPaymentGateway,
} from './payment-gateway/sandbox';
import { createSandboxGatewayStore } from './payment-gateway/sandbox-store';
import { type SandboxPayout, sandboxPayout } from './payout/sandbox';
import { createSandboxPayoutStore } from './payout/sandbox-store';
import { createSmsDeliveryStore } from './sms/deliveries-store';
import { ismsSms } from './sms/isms';
import type { SmsReceipts, SmsSender } from './sms/port';
import { sandboxSms } from './sms/sandbox';
import { localFileStorage } from './storage/local';
import type { FileStorage } from './storage/port';
import { s3FileStorage } from './storage/s3';
import { myInvoisTaxAuthority } from './tax-authority/myinvois';
import type { TaxAuthority } from './tax-authority/port';
import { sandboxTaxAuthority } from './tax-authority/sandbox';
import { type SandboxTelecomIdentity, sandboxTelecomIdentity } from './telecom-identity/sandbox';

export interface AdapterSettings {
  email: EmailSettings;
  captcha: CaptchaSettings;
  /** Folder uploaded documents are kept in, sealed. */
  filesDir: string;
  /** A bucket documents are kept in instead of `filesDir`. */
  s3?: S3Settings;
  /** Where the platform is reached, for links the sandboxes hand out. */
  publicUrl: PublicUrl;
  /** Redis for counters every API process shares; unset keeps them in this process. */
  redis?: { url: string; keyPrefix: string };
  /** The keys the platform shares with the payment gateway; keys of this process alone when not
   *  given (the sandbox gateway then only talks to this process). */
  paymentGateway?: GatewayKeys;
  /** The provider of each service that has a real one (sandboxes when not given). */
  providers?: ProviderSettings;
}

export interface Adapters {
  email: EmailSender;
  sms: SmsSender;
  /** The SMS gateway's delivery receipts; null for the sandbox, which has none. */
  smsReceipts: SmsReceipts | null;
  captcha: CaptchaProvider;
  ekyc: SandboxEkyc;
  storage: FileStorage;
  /** The video meetings live attestation calls run on. */
  meeting: MeetingProvider;
  /** The sandbox meeting when it is the one in use: its room page joins either side. */
  sandboxMeeting: SandboxMeeting | null;
  /** The meeting server's join links and webhooks; null for the sandbox. */
  meetingServer: {
    join(key: string): Promise<JoinOutcome>;
    webhooks: MeetingWebhooks;
  } | null;
  /** What the sandbox email and SMS providers "sent". */
  outbox: OutboxStore;
  /** The sandbox captcha when it is the one in use, for the page that ticks its box. */
  sandboxCaptcha: SandboxCaptcha | null;
  /** Rate-limit and attempt counters. */
  counters: Counters;
  /** Issues signers' certificates and signs on their behalf (digital signatures). */
  certificateAuthority: CertificateAuthority;
  /** Direct debit by e-Mandate; the sandbox bank's page approves or rejects. */
  emandate: SandboxEmandate;
  /** E-stamping of the signed agreement. */
  estamp: EstampProvider;
  /** The e-stamping agent's webhooks; null for the sandbox stamp office. */
  estampWebhooks: EstampWebhooks | null;
  /** Payouts by instant bank transfer (disbursement); the sandbox keeps its own ledger. */
  payout: SandboxPayout;
  /** The Redis client when Redis is configured: the route rate limits count there too. */
  redis: Redis | null;
  /** Checks e-invoice TINs against the identity they were issued for (LHDN MyInvois). */
  taxAuthority: TaxAuthority;
  /** Online banking and card payments (Razer Merchant Services, or its sandbox). */
  paymentGateway: PaymentGateway;
  /** The sandbox gateway when it is the one in use: its hosted page takes the buyer's outcome. */
  sandboxGateway: SandboxGateway | null;
  /** The telecom partner's identity service (redcash tenant sign-in); the sandbox keeps a small
   *  subscriber directory a person can sign in as. */
  telecomIdentity: SandboxTelecomIdentity;
  /** Which provider runs each service. */
  providerNames: Record<ProviderService, string>;
  /** How each service has answered this process: last call, latency, last failure. */
  health: HealthBoard;
  /** Forgets bot-check passes that expired before `cutoff` (spent ones included); how many. */
  purgeCaptchaPasses(cutoff: Date): Promise<number>;
  /** Lets go of connections (Redis). */
  close(): Promise<void>;
}

/** Where uploaded documents are kept; also what the start-up sweep of stored files goes through. */
export function fileStorageFor(
  settings: Pick<AdapterSettings, 'filesDir'> & { s3?: S3Settings | undefined },
): FileStorage {
  return settings.s3 ? s3FileStorage(settings.s3) : localFileStorage(settings.filesDir);
}

function chooseCaptcha(
  settings: CaptchaSettings,
  db: Orm,
  clock: Clock,
): { captcha: CaptchaProvider; sandboxBox: SandboxCaptcha | null } {
  if (settings.provider === 'recaptcha-v2') {
    return { captcha: recaptchaV2(db, clock, settings), sandboxBox: null };
  }
  const sandboxBox = sandboxCaptcha(db, clock);
  return { captcha: sandboxBox, sandboxBox };
}

/** A form posted over HTTP, as a gateway posts its notifications. */
const postForm: NotificationDelivery = async (url, fields) => {
  const response = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.text() };
};

/** Whatever keeps the product's secrets out of the providers page's error messages. */
function secretsOf(settings: AdapterSettings): string[] {
  const providers = settings.providers ?? SANDBOX_PROVIDERS;
  const found: (string | undefined)[] = [
    settings.paymentGateway?.verifyKey,
    settings.paymentGateway?.secretKey,
    settings.captcha.provider === 'recaptcha-v2' ? settings.captcha.secret : undefined,
    settings.email.provider === 'smtp' ? settings.email.url : undefined,
    providers.taxAuthority.provider === 'myinvois'
      ? providers.taxAuthority.clientSecret
      : undefined,
    providers.sms.provider === 'isms' ? providers.sms.password : undefined,
    providers.sms.provider === 'isms' ? providers.sms.receiptSecret : undefined,
    providers.ekyc.provider === 'okay' ? providers.ekyc.apiKey : undefined,
    providers.estamp.provider === 'agent' ? providers.estamp.secret : undefined,
    providers.meeting.provider === 'jitsi' ? providers.meeting.appSecret : undefined,
    providers.meeting.provider === 'jitsi' ? providers.meeting.webhookSecret : undefined,
    providers.certificateAuthority.provider === 'mtsa'
      ? providers.certificateAuthority.password
      : undefined,
  ];
  return found.filter((secret): secret is string => Boolean(secret));
}

export function createAdapters(
  settings: AdapterSettings,
  deps: {
    db: Orm;
    clock: Clock;
    sealer: Sealer;
    log: RedisLog;
    /** How the sandbox gateway posts its notifications (an HTTP POST when not given). */
    deliverNotification?: NotificationDelivery;
  },
): Adapters {
  const { db, clock, sealer } = deps;
  const providers = settings.providers ?? SANDBOX_PROVIDERS;
  const health = createHealthBoard(clock);
  const timing = providers.timing ? { policy: providers.timing } : {};
  const secrets = secretsOf(settings);
  const observe = <T extends object>(service: ProviderService, adapter: T): T =>
    health.observe(service, adapter, secrets);
  const outbox = createOutboxStore(db);
  const { captcha, sandboxBox } = chooseCaptcha(settings.captcha, db, clock);
  const redis = settings.redis
    ? openRedis(settings.redis.url, settings.redis.keyPrefix, deps.log)
    : null;
  const isms =
    providers.sms.provider === 'isms'
      ? ismsSms(providers.sms, {
          store: createSmsDeliveryStore(db, 'isms'),
          clock,
          log: deps.log,
          ...timing,
        })
      : null;
  const sms = observe('sms', isms ?? sandboxSms(outbox));
  const gatewayKeys = settings.paymentGateway ?? {
    merchantId: 'sandbox_merchant',
    verifyKey: randomBytes(16).toString('hex'),
    secretKey: randomBytes(16).toString('hex'),
  };
  const sandboxGateway =
    providers.paymentGateway.provider === 'sandbox'
      ? sandboxPaymentGateway({
          store: createSandboxGatewayStore(db),
          clock,
          keys: gatewayKeys,
          publicUrl: settings.publicUrl,
          deliver: deps.deliverNotification ?? postForm,
        })
      : null;
  const paymentGateway = observe(
    'payment-gateway',
    providers.paymentGateway.provider === 'razer'
      ? razerPaymentGateway({ keys: gatewayKeys, ...providers.paymentGateway, ...timing })
      : sandboxGateway!,
  );
  const observedCaptcha = observe('captcha', captcha);
  const ekycDeps = {
    store: createSandboxEkycStore(db),
    sealer,
    clock,
    publicUrl: settings.publicUrl,
  };
  const jitsi =
    providers.meeting.provider === 'jitsi'
      ? jitsiMeeting(providers.meeting, {
          store: createMeetingRoomStore(db, 'jitsi'),
          clock,
          publicUrl: settings.publicUrl,
        })
      : null;
  const meetingSandbox = jitsi
    ? null
    : sandboxMeeting({
        store: createSandboxMeetingStore(db),
        clock,
        publicUrl: settings.publicUrl,
      });
  const meeting = observe('meeting', (jitsi ?? meetingSandbox)!);
  const stampAgent =
    providers.estamp.provider === 'agent'
      ? agentEstamp(providers.estamp, {
          clock,
          store: createEstampSubmissionStore(db),
          ...timing,
        })
      : null;
  const authority =
    providers.certificateAuthority.provider === 'mtsa'
      ? mtsaCertificateAuthority(providers.certificateAuthority)
      : sandboxCertificateAuthority({
          db,
          store: createCertificateAuthorityStore(),
          sealer,
          clock,
        });
  return {
    email: observe(
      'email',
      settings.email.provider === 'smtp' ? smtpEmail(settings.email) : sandboxEmail(outbox),
    ),
    sms,
    smsReceipts: isms?.receipts ?? null,
    telecomIdentity: observe('telecom-identity', sandboxTelecomIdentity({ sms })),
    captcha: observedCaptcha,
    ekyc: observe(
      'ekyc',
      providers.ekyc.provider === 'okay'
        ? okayEkyc(providers.ekyc, { ...ekycDeps, ...timing })
        : sandboxEkyc(ekycDeps),
    ),
    storage: fileStorageFor(settings),
    meeting,
    sandboxMeeting: meetingSandbox ? (meeting as SandboxMeeting) : null,
    meetingServer: jitsi
      ? { join: (key) => (meeting as typeof jitsi).join(key), webhooks: jitsi.webhooks }
      : null,
    outbox,
    sandboxCaptcha: sandboxBox ? (observedCaptcha as SandboxCaptcha) : null,
    purgeCaptchaPasses: (cutoff) => purgeExpiredPasses(db, cutoff),
    counters: redis ? redisCounters(redis, clock) : memoryCounters(clock),
    certificateAuthority: observe('certificate-authority', authority),
    emandate: observe(
      'emandate',
      sandboxEmandate({
        store: createSandboxEmandateStore(db),
        collections: createSandboxCollectionStore(db),
        clock,
        publicUrl: settings.publicUrl,
      }),
    ),
    estamp: observe('estamp', stampAgent ?? sandboxEstamp({ clock })),
    estampWebhooks: stampAgent?.webhooks ?? null,
    payout: observe('payout', sandboxPayout({ store: createSandboxPayoutStore(db), clock })),
    redis,
    taxAuthority: observe(
      'tax-authority',
      providers.taxAuthority.provider === 'myinvois'
        ? myInvoisTaxAuthority(providers.taxAuthority, { clock, ...timing })
        : sandboxTaxAuthority(),
    ),
    paymentGateway,
    sandboxGateway: sandboxGateway ? (paymentGateway as SandboxGateway) : null,
    providerNames: providerNames(providers, {
      email: settings.email.provider,
      captcha: settings.captcha.provider,
    }),
    health,
    async close() {
      if (!redis) return;
      // QUIT lets commands under way finish; a client not connected just stops trying.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
