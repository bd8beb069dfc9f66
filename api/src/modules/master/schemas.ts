import type {
  Bank,
  City,
  CompanySetting,
  EmployeeType,
  GrossSalaryRange,
  MasterItem,
  MasterItemWithOther,
  PostcodeLookup,
  Product,
  ReferralSource,
  State,
} from '@lending/contracts';
import { DROPDOWN_PAGE_SIZE } from '@lending/contracts';
import { type Static, type TSchema, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

export const MasterItemSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  nameMs: Type.String({ description: 'Bahasa Melayu label' }),
});
export const MasterItemWithOtherSchema = Type.Composite([
  MasterItemSchema,
  Type.Object({
    needsOtherText: Type.Boolean({ description: 'Choosing it asks for free text' }),
  }),
]);
export const ReferralSourceSchema = Type.Composite([
  MasterItemWithOtherSchema,
  Type.Object({ createdAt: Type.String({ format: 'date-time' }) }),
]);
export const BankSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  swiftCode: Type.String(),
});
export const CodedItemSchema = Type.Object({
  id: Type.Integer(),
  code: Type.Integer(),
  name: Type.String(),
  nameMs: Type.String(),
});
export const GrossSalaryRangeSchema = Type.Composite([
  CodedItemSchema,
  Type.Object({ minSen: Type.Integer(), maxSen: Type.Union([Type.Integer(), Type.Null()]) }),
]);
export const StateSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  nameMs: Type.String(),
});
export const CitySchema = Type.Object({
  id: Type.Integer(),
  stateId: Type.Integer(),
  name: Type.String(),
});
const Place = Type.Object({ id: Type.Integer(), name: Type.String() });
export const PostcodeLookupSchema = Type.Object({
  id: Type.Integer(),
  postcode: Type.String(),
  city: Place,
  state: Place,
});
export const ProductSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  nameMs: Type.String(),
  minAmountSen: Type.Integer(),
  maxAmountSen: Type.Integer(),
  minTenureMonths: Type.Integer(),
  maxTenureMonths: Type.Integer(),
  securedRateBp: Type.Integer({ description: 'Flat rate per annum, basis points' }),
  unsecuredRateBp: Type.Integer({ description: 'Flat rate per annum, basis points' }),
  simulatorMonthlyRateBp: Type.Integer({ description: 'Simulator rate per month, basis points' }),
  securedAttestationFeeBp: Type.Integer(),
  unsecuredAttestationFeeBp: Type.Integer(),
  stampDutySenPerThousand: Type.Integer({
    description: 'Stamp duty in sen for every RM1,000 of principal or part of it',
  }),
  lateChargeRateBp: Type.Integer(),
  referralCode: Type.Union([Type.String(), Type.Null()]),
  campaign: Type.Union([
    Type.Object({
      code: Type.String(),
      name: Type.String(),
      nameMs: Type.String(),
      attestationFeeWaiverBp: Type.Integer({
        description: 'Share of the attestation fee waived, basis points',
      }),
    }),
    Type.Null(),
  ]),
});
export const CompanySettingSchema = Type.Object({ key: Type.String(), value: Type.String() });

/** Ids are PostgreSQL integers; a bigger number is bad input, not a database error. */
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const PageQuerySchema = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: DROPDOWN_PAGE_SIZE, default: DROPDOWN_PAGE_SIZE }),
});
export const ReferralSourceQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    sortBy: StringEnum(['createAt'], { default: 'createAt' }),
    order: StringEnum(['ASC', 'DESC'], { default: 'ASC' }),
  }),
]);
export const CompanyParamsSchema = Type.Object({ companyId: Id });
export const CityQuerySchema = Type.Object({ stateId: Id });
export const PostcodeParamsSchema = Type.Object({
  postcode: Type.String({ pattern: '^[0-9]{5}$', 'x-message': 'must be 5 digits' }),
});
const ReferralCode = Type.String({ minLength: 1, maxLength: 40 });
export const ProductQuerySchema = Type.Object({
  referralCode: Type.Optional(Type.String({ maxLength: 40 })),
});
export const ReferralCodeBodySchema = Type.Object({ referralCode: ReferralCode });
export const SettingParamsSchema = Type.Object({
  key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$' }),
});

export function PageSchema<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
}

// The route schemas and the shared contracts must not drift apart.
const _sameItem: Same<Static<typeof MasterItemSchema>, MasterItem> = true;
const _sameWithOther: Same<Static<typeof MasterItemWithOtherSchema>, MasterItemWithOther> = true;
const _sameSource: Same<Static<typeof ReferralSourceSchema>, ReferralSource> = true;
const _sameBank: Same<Static<typeof BankSchema>, Bank> = true;
const _sameCoded: Same<Static<typeof CodedItemSchema>, EmployeeType> = true;
const _sameSalary: Same<Static<typeof GrossSalaryRangeSchema>, GrossSalaryRange> = true;
const _sameState: Same<Static<typeof StateSchema>, State> = true;
const _sameCity: Same<Static<typeof CitySchema>, City> = true;
const _samePostcode: Same<Static<typeof PostcodeLookupSchema>, PostcodeLookup> = true;
const _sameProduct: Same<Static<typeof ProductSchema>, Product> = true;
const _sameSetting: Same<Static<typeof CompanySettingSchema>, CompanySetting> = true;
