/**
 * Master data (spec section 7): drop-down lists, places, the product and company settings.
 * Lists carry an English `name` and a Bahasa Melayu `nameMs`; `code` is the stable key to store.
 */
export const MASTER_PATHS = {
  race: '/api/race',
  loanReason: '/api/loanReason',
  nationality: '/api/nationality',
  bank: '/api/bank',
  relationship: '/api/relationship',
  natureOfBusiness: '/api/natureOfBusiness',
  referralSource: '/api/referralSource',
  grossSalaryRange: (companyId: number) => `/api/grossSalaryRange/company/${companyId}`,
  employeeType: (companyId: number) => `/api/employeeType/company/${companyId}`,
  state: '/api/state',
  city: '/api/city',
  postcode: (postcode: string) => `/api/postcode/${postcode}`,
  product: '/api/product/single',
  productByReferralCode: (companyId: number) =>
    `/arkcash/api/v1.0/product/company/${companyId}/referralCode`,
  companySetting: (key: string) => `/api/companySettings/${key}/value`,
} as const;

/** The company whose salary ranges and employee types the forms use. */
export const MASTER_COMPANY_ID = 1;

/** Page size of every drop-down list, and the largest page the API serves. */
export const DROPDOWN_PAGE_SIZE = 100;

export interface MasterItem {
  id: number;
  code: string;
  name: string;
  nameMs: string;
}

/** An item that, when chosen, asks for free text (e.g. "Others"). */
export interface MasterItemWithOther extends MasterItem {
  needsOtherText: boolean;
}

/** Sorted by name, case-insensitively. */
export type Race = MasterItem;
export type LoanReason = MasterItemWithOther;
export type Nationality = MasterItem;
export type Relationship = MasterItemWithOther;
export type NatureOfBusiness = MasterItem;

export interface ReferralSource extends MasterItemWithOther {
  createdAt: string;
}

/** Sorted by name. */
export interface Bank {
  id: number;
  code: string;
  name: string;
  swiftCode: string;
}

/** Items with a numeric code, sorted by it. */
export interface CodedItem {
  id: number;
  code: number;
  name: string;
  nameMs: string;
}

export interface GrossSalaryRange extends CodedItem {
  minSen: number;
  /** Null for the open-ended top range. */
  maxSen: number | null;
}

export type EmployeeType = CodedItem;

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PageQuery {
  /** From 1; default 1. */
  page?: number;
  /** 1 to 100; default 100. */
  pageSize?: number;
}

export interface ReferralSourceQuery extends PageQuery {
  sortBy?: 'createAt';
  /** Default ASC (oldest first). */
  order?: 'ASC' | 'DESC';
}

export interface State {
  id: number;
  code: string;
  name: string;
  nameMs: string;
}

export interface City {
  id: number;
  stateId: number;
  name: string;
}

export interface PostcodeLookup {
  /** Id of the postcode row, for the forms' `...PostcodeId` fields. */
  id: number;
  postcode: string;
  city: { id: number; name: string };
  state: { id: number; name: string };
}

/** A referral (campaign) code's terms. */
export interface ProductCampaign {
  code: string;
  name: string;
  nameMs: string;
  /** Share of the attestation fee waived, in basis points (1000 = 10% of the fee). */
  attestationFeeWaiverBp: number;
}

/** The single product of a tenant. Money in sen, rates in basis points. */
export interface Product {
  id: number;
  code: string;
  name: string;
  nameMs: string;
  minAmountSen: number;
  maxAmountSen: number;
  minTenureMonths: number;
  maxTenureMonths: number;
  /** Flat interest per annum: 1200 = 12% p.a. */
  securedRateBp: number;
  unsecuredRateBp: number;
  /** The public simulator's flat rate per month: 150 = 1.5% a month. */
  simulatorMonthlyRateBp: number;
  /** Attestation fee (inclusive of SST) as a share of the approved amount. */
  securedAttestationFeeBp: number;
  unsecuredAttestationFeeBp: number;
  /** Stamp duty for every RM1,000 of principal or part of it: 500 = RM5. */
  stampDutySenPerThousand: number;
  /** Late charge per annum on an overdue instalment: 800 = 8% p.a. */
  lateChargeRateBp: number;
  /** The referral code asked for, upper-cased, or null. */
  referralCode: string | null;
  campaign: ProductCampaign | null;
}

export interface ReferralCodeRequest {
  referralCode: string;
}

export const COMPANY_SETTING_KEYS = ['contactNumber', 'supportEmail'] as const;

export interface CompanySetting {
  key: string;
  value: string;
}
