import type { PublishedFigures, SettingsVersion, TenantId } from '@lending/contracts';
import {
  DEFAULT_PRODUCT_SETTINGS,
  type ProductSettings,
  validateProductSettings,
} from '@lending/domain';

import type { Principal } from '../../http/access';
import { HttpError, sentence } from '../../kernel/errors';
import type { OrmTransaction } from '../../kernel/transaction';
import { isVersionTaken, type SettingsStore, type StoredSettings } from './store';

export const SETTINGS_CHANGED =
  'The settings were changed by someone else since you opened them; reload and edit again';

function view(stored: StoredSettings | undefined): SettingsVersion {
  return stored
    ? {
        settings: stored.settings,
        createdAt: stored.createdAt.toISOString(),
        createdBy: stored.createdBy,
      }
    : { settings: { ...DEFAULT_PRODUCT_SETTINGS }, createdAt: null, createdBy: null };
}

export function createSettingsService(store: SettingsStore) {
  /** The tenant's settings now: the newest stored version, or the defaults as version 1. */
  async function currentSettings(tenant: string): Promise<ProductSettings> {
    return (await store.latest(tenant))?.settings ?? { ...DEFAULT_PRODUCT_SETTINGS };
  }

  /** A version as it was saved; version 1 is the defaults until someone saves one. */
  async function settingsVersion(tenant: string, version: number): Promise<ProductSettings> {
    const found = await store.version(tenant, version);
    if (found) return found.settings;
    if (version === DEFAULT_PRODUCT_SETTINGS.version) return { ...DEFAULT_PRODUCT_SETTINGS };
    throw new HttpError(404, 'Settings version not found');
  }

  return {
    currentSettings,
    settingsVersion,

    async current(tenant: TenantId): Promise<SettingsVersion> {
      return view(await store.latest(tenant));
    },

    /** What the public pages quote: the rates and fees of the settings offers are made with now,
     *  picked field by field so nothing else a version holds (limits, bands, holidays) leaks. */
    async published(tenant: TenantId): Promise<PublishedFigures> {
      const { rates, fees } = await currentSettings(tenant);
      return {
        rates: {
          securedAnnualRateBp: rates.securedAnnualRateBp,
          unsecuredAnnualRateBp: rates.unsecuredAnnualRateBp,
          simulatorMonthlyRateBp: rates.simulatorMonthlyRateBp,
          lateChargeAnnualRateBp: rates.lateChargeAnnualRateBp,
        },
        fees: {
          attestationFeeSecuredBp: fees.attestationFeeSecuredBp,
          attestationFeeUnsecuredBp: fees.attestationFeeUnsecuredBp,
          stampDutySenPerThousand: fees.stampDutySenPerThousand,
          loanProtectionServiceTaxBp: fees.loanProtectionServiceTaxBp,
        },
      };
    },

    async version(tenant: TenantId, version: number): Promise<SettingsVersion> {
      const found = await store.version(tenant, version);
      if (!found && version !== DEFAULT_PRODUCT_SETTINGS.version) {
        throw new HttpError(404, 'Settings version not found');
      }
      return view(found);
    },

    /**
     * Saves `edited` as the next version. `edited.version` is the version the admin started
     * from: someone else's save in between is refused rather than silently overwritten.
     */
    async update(
      viewer: Extract<Principal, { kind: 'staff' }>,
      tenant: TenantId,
      edited: ProductSettings,
      ip: string | null,
    ): Promise<SettingsVersion> {
      const current = await currentSettings(tenant);
      if (edited.version !== current.version) {
        throw new HttpError(409, SETTINGS_CHANGED, 'SETTINGS_CHANGED');
      }
      const next: ProductSettings = { ...edited, version: current.version + 1 };
      const problems = validateProductSettings(next);
      if (problems.length > 0) {
        const where = problems.map((problem) => `${problem.path} (${problem.code})`).join(', ');
        throw new HttpError(
          400,
          sentence('These settings do not fit together: {where}', { where }),
          'SETTINGS_INVALID',
        );
      }
      try {
        return view(
          await store.insert(tenant, next, {
            staffId: viewer.staffId,
            ip,
            previousVersion: current.version,
          }),
        );
      } catch (error) {
        if (isVersionTaken(error)) throw new HttpError(409, SETTINGS_CHANGED, 'SETTINGS_CHANGED');
        throw error;
      }
    },

    /** The tenant's public holidays now, the dates the attestation calendar keeps free. */
    async publicHolidays(tenant: string, tx?: OrmTransaction): Promise<readonly string[]> {
      const stored = await store.latest(tenant, tx);
      return (stored?.settings ?? DEFAULT_PRODUCT_SETTINGS).officeHours.publicHolidays;
    },

    /**
     * A new settings version whose public holidays are `dates` (an activated holiday calendar),
     * in the caller's transaction; everything else as it is. Answers the versions it went from
     * and to.
     */
    async replacePublicHolidays(
      tx: OrmTransaction,
      staffId: string,
      tenant: string,
      dates: readonly string[],
      ip: string | null,
    ): Promise<{ from: number; to: number }> {
      const current = (await store.latest(tenant, tx))?.settings ?? {
        ...DEFAULT_PRODUCT_SETTINGS,
      };
      const next: ProductSettings = {
        ...current,
        version: current.version + 1,
        officeHours: { ...current.officeHours, publicHolidays: [...dates] },
      };
      const problems = validateProductSettings(next);
      if (problems.length > 0) {
        const where = problems.map((problem) => `${problem.path} (${problem.code})`).join(', ');
        throw new HttpError(
          400,
          sentence('These settings do not fit together: {where}', { where }),
          'SETTINGS_INVALID',
        );
      }
      await store.insert(tenant, next, { staffId, ip, previousVersion: current.version }, tx);
      return { from: current.version, to: next.version };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
