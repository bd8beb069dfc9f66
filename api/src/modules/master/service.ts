import type { Page, Product, TenantId } from '@lending/contracts';

import { badRequest, notFound } from '../../kernel/errors';
import type { SettingsService } from '../settings/service';
import type { MasterStore } from './store';

export type { Choice, MasterLookups } from './store';

interface PageRequest {
  page: number;
  pageSize: number;
}

function paged<T>(request: PageRequest, rows: T[], total: number): Page<T> {
  return { data: rows, total, page: request.page, pageSize: request.pageSize };
}

const offsetOf = ({ page, pageSize }: PageRequest) => (page - 1) * pageSize;

/** Master data as the front ends read it (spec section 7). */
export function createMasterService(
  store: MasterStore,
  settings: Pick<SettingsService, 'currentSettings'>,
  now: () => Date = () => new Date(),
) {
  /**
   * The tenant's product, or its variant for a referral (campaign) code. Rates, fees and limits
   * come from the current product settings, the same version an offer is made with, so what the
   * simulator and the forms show is what the back office last saved.
   */
  async function product(tenant: TenantId, referralCode: string | undefined): Promise<Product> {
    const base = await store.product(tenant);
    if (!base) throw notFound('Product not found');
    const { tenant: _tenant, ...row } = base;
    const current = await settings.currentSettings(tenant);
    const fields = {
      ...row,
      ...current.limits,
      securedRateBp: current.rates.securedAnnualRateBp,
      unsecuredRateBp: current.rates.unsecuredAnnualRateBp,
      simulatorMonthlyRateBp: current.rates.simulatorMonthlyRateBp,
      lateChargeRateBp: current.rates.lateChargeAnnualRateBp,
      securedAttestationFeeBp: current.fees.attestationFeeSecuredBp,
      unsecuredAttestationFeeBp: current.fees.attestationFeeUnsecuredBp,
      stampDutySenPerThousand: current.fees.stampDutySenPerThousand,
    };
    const code = referralCode?.trim().toUpperCase();
    if (!code) return { ...fields, referralCode: null, campaign: null };
    const campaign = await store.campaign(base.id, code, now());
    if (!campaign) throw badRequest('Invalid campaign code');
    return { ...fields, referralCode: campaign.code, campaign };
  }

  return {
    races: store.races,
    loanReasons: store.loanReasons,
    nationalities: store.nationalities,
    banks: store.banks,
    allBanks: store.allBanks,
    replaceBanks: store.replaceBanks,
    relationships: store.relationships,
    grossSalaryRanges: store.grossSalaryRanges,
    employeeTypes: store.employeeTypes,
    states: store.states,
    cities: store.cities,

    async naturesOfBusiness(request: PageRequest) {
      const { rows, total } = await store.naturesOfBusiness(request.pageSize, offsetOf(request));
      return paged(request, rows, total);
    },

    async referralSources(request: PageRequest & { order: 'ASC' | 'DESC' }) {
      const { rows, total } = await store.referralSources(
        request.pageSize,
        offsetOf(request),
        request.order,
      );
      return paged(
        request,
        rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
      );
    },

    async postcode(postcode: string) {
      const found = await store.postcode(postcode);
      if (!found) throw notFound('Postcode not found');
      return found;
    },

    product,
    campaignFeeWaiverBp: store.campaignFeeWaiverBp,

    async companySetting(tenant: TenantId, key: string) {
      const setting = await store.companySetting(tenant, key);
      if (!setting) throw notFound('Company setting not found');
      return setting;
    },
  };
}

export type MasterService = ReturnType<typeof createMasterService>;
