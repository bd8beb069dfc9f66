// The providers page: each outside service's provider, how it has answered this process, its
// settings with secrets hidden, and what the vendor's callbacks said of the last day's work.
import type {
  ProviderServiceId,
  ProviderSettingView,
  ProvidersView,
  ProviderView,
} from '@lending/contracts';

import type { EstampWebhooks } from '../../adapters/estamp/agent';
import type { HealthBoard } from '../../adapters/health';
import type { SmsReceipts } from '../../adapters/sms/port';
import type { Clock } from '../../kernel/clock';
import { PROVIDER_SERVICES } from '../../kernel/config-providers';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ProvidersServiceDeps {
  names: Record<ProviderServiceId, string>;
  settings: Record<ProviderServiceId, ProviderSettingView[]>;
  allowSandbox: readonly ProviderServiceId[];
  health: HealthBoard;
  smsReceipts: SmsReceipts | null;
  estampWebhooks: EstampWebhooks | null;
  clock: Clock;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function createProvidersService(deps: ProvidersServiceDeps) {
  const since = deps.clock.now();

  async function outcomes(service: ProviderServiceId): Promise<ProviderView['outcomes']> {
    if (service === 'sms' && deps.smsReceipts) {
      const counts = await deps.smsReceipts.counts(new Date(deps.clock.now().getTime() - DAY_MS));
      return Object.entries(counts).map(([label, count]) => ({ label, count }));
    }
    if (service === 'estamp' && deps.estampWebhooks) {
      const counts = await deps.estampWebhooks.counts();
      return Object.entries(counts).map(([label, count]) => ({ label, count }));
    }
    return [];
  }

  return {
    async list(): Promise<ProvidersView> {
      const services = await Promise.all(
        PROVIDER_SERVICES.map(async (service): Promise<ProviderView> => {
          const health = deps.health.health(service);
          const provider = deps.names[service];
          return {
            service,
            provider,
            sandbox: provider === 'sandbox',
            sandboxAllowed: deps.allowSandbox.includes(service),
            health: {
              calls: health.calls,
              failures: health.failures,
              lastCallAt: iso(health.lastCallAt),
              lastLatencyMs: health.lastLatencyMs,
              lastOkAt: iso(health.lastOkAt),
              lastError: health.lastError
                ? { at: health.lastError.at.toISOString(), message: health.lastError.message }
                : null,
            },
            settings: deps.settings[service],
            outcomes: await outcomes(service),
          };
        }),
      );
      return { since: since.toISOString(), services };
    },
  };
}

export type ProvidersService = ReturnType<typeof createProvidersService>;
