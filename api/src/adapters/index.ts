// The one place outside services are chosen. Each adapter is a folder with the same shape:
//   port.ts       what the platform needs from the service, in the platform's own types
//   sandbox.ts    a stand-in that behaves like the vendor (local runs, tests, demos)
//   <vendor>.ts   the real thing, one file per vendor (smtp.ts, recaptcha-v2.ts, local.ts...)
//   store.ts      only when the adapter keeps state of its own (a sandbox's records, passes)
// Adapters stand on the kernel and the database, never on modules. A new service (payment
// gateway, e-mandate, e-stamping...) adds its folder and one entry below; app.ts is unchanged.
import type { Redis } from 'ioredis';

import type { Sealer } from '../crypto/sealed';
import type { Orm } from '../db/database';
import type { Clock } from '../kernel/clock';
import type { CaptchaSettings, EmailSettings, S3Settings } from '../kernel/config';
import type { CaptchaProvider, SandboxCaptcha } from './captcha/port';
import { recaptchaV2 } from './captcha/recaptcha-v2';
import { sandboxCaptcha } from './captcha/sandbox';
import { purgeExpiredPasses } from './captcha/store';
import { memoryCounters } from './counters/memory';
import type { Counters } from './counters/port';
import { openRedis, redisCounters, type RedisLog } from './counters/redis';
import { type SandboxEkyc, sandboxEkyc } from './ekyc/sandbox';
import { createSandboxEkycStore } from './ekyc/sandbox-store';
import type { EmailSender } from './email/port';
import { sandboxEmail } from './email/sandbox';
import { smtpEmail } from './email/smtp';
import { createOutboxStore, type OutboxStore } from './outbox/store';
import type { SmsSender } from './sms/port';
import { sandboxSms } from './sms/sandbox';
import { localFileStorage } from './storage/local';
import type { FileStorage } from './storage/port';
import { s3FileStorage } from './storage/s3';

export interface AdapterSettings {
  email: EmailSettings;
  captcha: CaptchaSettings;
  /** Folder uploaded documents are kept in, sealed. */
  filesDir: string;
  /** A bucket documents are kept in instead of `filesDir`. */
  s3?: S3Settings;
  /** Where the platform is reached, for links the sandboxes hand out. */
  publicUrl: string;
  /** Redis for counters every API process shares; unset keeps them in this process. */
  redis?: { url: string; keyPrefix: string };
}

export interface Adapters {
  email: EmailSender;
  sms: SmsSender;
  captcha: CaptchaProvider;
  ekyc: SandboxEkyc;
  storage: FileStorage;
  /** What the sandbox email and SMS providers "sent". */
  outbox: OutboxStore;
  /** The sandbox captcha when it is the one in use, for the page that ticks its box. */
  sandboxCaptcha: SandboxCaptcha | null;
  /** Rate-limit and attempt counters. */
  counters: Counters;
  /** The Redis client when Redis is configured: the route rate limits count there too. */
  redis: Redis | null;
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

export function createAdapters(
  settings: AdapterSettings,
  deps: { db: Orm; clock: Clock; sealer: Sealer; log: RedisLog },
): Adapters {
  const { db, clock, sealer } = deps;
  const outbox = createOutboxStore(db);
  const { captcha, sandboxBox } = chooseCaptcha(settings.captcha, db, clock);
  const redis = settings.redis
    ? openRedis(settings.redis.url, settings.redis.keyPrefix, deps.log)
    : null;
  return {
    email: settings.email.provider === 'smtp' ? smtpEmail(settings.email) : sandboxEmail(outbox),
    sms: sandboxSms(outbox),
    captcha,
    ekyc: sandboxEkyc({
      store: createSandboxEkycStore(db),
      sealer,
      clock,
      publicUrl: settings.publicUrl,
    }),
    storage: fileStorageFor(settings),
    outbox,
    sandboxCaptcha: sandboxBox,
    purgeCaptchaPasses: (cutoff) => purgeExpiredPasses(db, cutoff),
    counters: redis ? redisCounters(redis, clock) : memoryCounters(clock),
    redis,
    async close() {
      if (!redis) return;
      // QUIT lets commands under way finish; a client not connected just stops trying.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
