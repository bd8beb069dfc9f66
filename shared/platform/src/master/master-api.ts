import {
  type Bank,
  DROPDOWN_PAGE_SIZE,
  type EmployeeType,
  type GrossSalaryRange,
  type LoanReason,
  MASTER_COMPANY_ID,
  MASTER_PATHS,
  type MasterItem,
  type Nationality,
  type NatureOfBusiness,
  type Page,
  type PostcodeLookup,
  type Product,
  type Race,
  type ReferralSource,
  type Relationship,
} from '@lending/contracts';

import { api } from '../api/api-client';

/** Lists come either bare or as a page (spec section 7 mixes both); forms want the items. */
function items<T>(data: T[] | Page<T>): T[] {
  return Array.isArray(data) ? data : data.data;
}

async function list<T>(path: string, params?: Record<string, unknown>): Promise<T[]> {
  return items((await api.master.get<T[] | Page<T>>(path, { params })).data);
}

/** The drop-down lists, places and product every form reads (spec section 7, master). */
export const masterApi = {
  races: () => list<Race>(MASTER_PATHS.race),
  loanReasons: () => list<LoanReason>(MASTER_PATHS.loanReason),
  nationalities: () => list<Nationality>(MASTER_PATHS.nationality),
  banks: () => list<Bank>(MASTER_PATHS.bank),
  relationships: () => list<Relationship>(MASTER_PATHS.relationship),
  naturesOfBusiness: () =>
    list<NatureOfBusiness>(MASTER_PATHS.natureOfBusiness, { pageSize: DROPDOWN_PAGE_SIZE }),
  referralSources: () =>
    list<ReferralSource>(MASTER_PATHS.referralSource, {
      pageSize: DROPDOWN_PAGE_SIZE,
      sortBy: 'createAt',
      order: 'ASC',
    }),
  grossSalaryRanges: () => list<GrossSalaryRange>(MASTER_PATHS.grossSalaryRange(MASTER_COMPANY_ID)),
  employeeTypes: () => list<EmployeeType>(MASTER_PATHS.employeeType(MASTER_COMPANY_ID)),
  states: () => list<MasterItem>(MASTER_PATHS.state),
  /** Null when the postcode is unknown (the form shows "postcode not found"). */
  async postcode(postcode: string): Promise<PostcodeLookup | null> {
    try {
      return (await api.master.get<PostcodeLookup>(MASTER_PATHS.postcode(postcode))).data;
    } catch (error) {
      if ((error as { response?: { status?: number } }).response?.status === 404) return null;
      throw error;
    }
  },
  async product(referralCode?: string): Promise<Product> {
    return (
      await api.master.get<Product>(MASTER_PATHS.product, {
        params: referralCode ? { referralCode } : undefined,
      })
    ).data;
  },
};
