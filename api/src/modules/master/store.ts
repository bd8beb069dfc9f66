import type { TenantId } from '@lending/contracts';
import { and, asc, count, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor } from '../../kernel/transaction';

const byLowerName = (column: typeof t.races.name | typeof t.banks.name): SQL =>
  sql`lower(${column})`;

/** Reads of the master tables; ordering rules of spec section 9 live here. */
export function createMasterStore(db: Orm) {
  return {
    races: async () =>
      db
        .select({ id: t.races.id, code: t.races.code, name: t.races.name, nameMs: t.races.nameMs })
        .from(t.races)
        .orderBy(byLowerName(t.races.name), asc(t.races.id)),

    loanReasons: async () =>
      db
        .select({
          id: t.loanReasons.id,
          code: t.loanReasons.code,
          name: t.loanReasons.name,
          nameMs: t.loanReasons.nameMs,
          needsOtherText: t.loanReasons.needsOtherText,
        })
        .from(t.loanReasons)
        .orderBy(asc(t.loanReasons.displayOrder), asc(t.loanReasons.id)),

    nationalities: async () =>
      db
        .select({
          id: t.nationalities.id,
          code: t.nationalities.code,
          name: t.nationalities.name,
          nameMs: t.nationalities.nameMs,
        })
        .from(t.nationalities)
        .orderBy(asc(t.nationalities.displayOrder), asc(t.nationalities.id)),

    banks: async () =>
      db
        .select({
          id: t.banks.id,
          code: t.banks.code,
          name: t.banks.name,
          swiftCode: t.banks.swiftCode,
        })
        .from(t.banks)
        .where(eq(t.banks.active, true))
        .orderBy(byLowerName(t.banks.name), asc(t.banks.id)),

    /** Every bank, offered or not, by code. */
    allBanks: async (executor: OrmExecutor = db) =>
      executor
        .select({
          code: t.banks.code,
          name: t.banks.name,
          swiftCode: t.banks.swiftCode,
          active: t.banks.active,
        })
        .from(t.banks)
        .orderBy(asc(t.banks.code)),

    /** Adds or updates the listed banks, offered; every other one stays but is no longer
     *  offered (applications and payouts name banks by id). */
    async replaceBanks(
      tx: OrmExecutor,
      list: readonly { code: string; name: string; swiftCode: string }[],
    ): Promise<void> {
      await tx.update(t.banks).set({ active: false }).where(eq(t.banks.active, true));
      await tx
        .insert(t.banks)
        .values(list.map((bank) => ({ ...bank, active: true })))
        .onConflictDoUpdate({
          target: t.banks.code,
          set: {
            name: sql.raw('excluded.name'),
            swiftCode: sql.raw('excluded.swift_code'),
            active: true,
          },
        });
    },

    relationships: async () =>
      db
        .select({
          id: t.relationships.id,
          code: t.relationships.code,
          name: t.relationships.name,
          nameMs: t.relationships.nameMs,
          needsOtherText: t.relationships.needsOtherText,
        })
        .from(t.relationships)
        .orderBy(asc(t.relationships.displayOrder), asc(t.relationships.id)),

    naturesOfBusiness: async (limit: number, offset: number) => {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: t.naturesOfBusiness.id,
            code: t.naturesOfBusiness.code,
            name: t.naturesOfBusiness.name,
            nameMs: t.naturesOfBusiness.nameMs,
          })
          .from(t.naturesOfBusiness)
          .orderBy(asc(t.naturesOfBusiness.displayOrder), asc(t.naturesOfBusiness.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(t.naturesOfBusiness),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    referralSources: async (limit: number, offset: number, order: 'ASC' | 'DESC') => {
      const direction = order === 'DESC' ? desc : asc;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: t.referralSources.id,
            code: t.referralSources.code,
            name: t.referralSources.name,
            nameMs: t.referralSources.nameMs,
            needsOtherText: t.referralSources.needsOtherText,
            createdAt: t.referralSources.createdAt,
          })
          .from(t.referralSources)
          .orderBy(direction(t.referralSources.createdAt), direction(t.referralSources.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(t.referralSources),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    grossSalaryRanges: async (companyId: number) =>
      db
        .select({
          id: t.grossSalaryRanges.id,
          code: t.grossSalaryRanges.code,
          name: t.grossSalaryRanges.name,
          nameMs: t.grossSalaryRanges.nameMs,
          minSen: t.grossSalaryRanges.minSen,
          maxSen: t.grossSalaryRanges.maxSen,
        })
        .from(t.grossSalaryRanges)
        .where(eq(t.grossSalaryRanges.companyId, companyId))
        .orderBy(asc(t.grossSalaryRanges.code)),

    employeeTypes: async (companyId: number) =>
      db
        .select({
          id: t.employeeTypes.id,
          code: t.employeeTypes.code,
          name: t.employeeTypes.name,
          nameMs: t.employeeTypes.nameMs,
        })
        .from(t.employeeTypes)
        .where(eq(t.employeeTypes.companyId, companyId))
        .orderBy(asc(t.employeeTypes.code)),

    states: async () =>
      db
        .select({
          id: t.states.id,
          code: t.states.code,
          name: t.states.name,
          nameMs: t.states.nameMs,
        })
        .from(t.states)
        .orderBy(asc(t.states.name)),

    cities: async (stateId: number) =>
      db
        .select({ id: t.cities.id, stateId: t.cities.stateId, name: t.cities.name })
        .from(t.cities)
        .where(eq(t.cities.stateId, stateId))
        .orderBy(asc(t.cities.name)),

    /** A postcode serving several towns gives the first town by name. */
    postcode: async (postcode: string) => {
      const [row] = await db
        .select({
          id: t.postcodes.id,
          postcode: t.postcodes.postcode,
          city: { id: t.cities.id, name: t.cities.name },
          state: { id: t.states.id, name: t.states.name },
        })
        .from(t.postcodes)
        .innerJoin(t.cities, eq(t.cities.id, t.postcodes.cityId))
        .innerJoin(t.states, eq(t.states.id, t.cities.stateId))
        .where(eq(t.postcodes.postcode, postcode))
        .orderBy(asc(t.cities.name))
        .limit(1);
      return row;
    },

    product: async (tenant: TenantId) => {
      const [row] = await db.select().from(t.products).where(eq(t.products.tenant, tenant));
      return row;
    },

    /** A campaign of the product whose code matches and that is running at `now`. */
    campaign: async (productId: number, code: string, now: Date) => {
      const [row] = await db
        .select({
          code: t.productCampaigns.code,
          name: t.productCampaigns.name,
          nameMs: t.productCampaigns.nameMs,
          attestationFeeWaiverBp: t.productCampaigns.attestationFeeWaiverBp,
        })
        .from(t.productCampaigns)
        .where(
          and(
            eq(t.productCampaigns.productId, productId),
            eq(t.productCampaigns.code, code.toUpperCase()),
            or(isNull(t.productCampaigns.validFrom), lte(t.productCampaigns.validFrom, now)),
            or(isNull(t.productCampaigns.validUntil), gt(t.productCampaigns.validUntil, now)),
          ),
        );
      return row;
    },

    /**
     * The share of the attestation fee a referral campaign waives, for a code an application
     * carries: checked as running when the person applied, so it holds whatever the date now.
     */
    campaignFeeWaiverBp: async (tenant: string, code: string | null): Promise<number> => {
      if (!code) return 0;
      const [row] = await db
        .select({ waiverBp: t.productCampaigns.attestationFeeWaiverBp })
        .from(t.productCampaigns)
        .innerJoin(t.products, eq(t.products.id, t.productCampaigns.productId))
        .where(and(eq(t.products.tenant, tenant), eq(t.productCampaigns.code, code.toUpperCase())));
      return row?.waiverBp ?? 0;
    },

    companySetting: async (tenant: TenantId, key: string) => {
      const [row] = await db
        .select({ key: t.companySettings.key, value: t.companySettings.value })
        .from(t.companySettings)
        .where(and(eq(t.companySettings.tenant, tenant), eq(t.companySettings.key, key)));
      return row;
    },
  };
}

export type MasterStore = ReturnType<typeof createMasterStore>;

/** A master-data row the forms pick from, with whether it asks for an "other" text. */
export interface Choice {
  id: number;
  needsOtherText: boolean;
}

/** The checks an application's answers are held to: does the chosen row exist, and does it ask
 *  for an "other" text. `db` may be a transaction, so a save checks what it writes against. */
export function createMasterLookups(db: Orm | OrmExecutor) {
  const master = createMasterStore(db as Orm);
  const one = async (query: Promise<{ id: number }[]>) => (await query)[0] !== undefined;
  return {
    postcode: master.postcode,
    product: master.product,
    campaign: master.campaign,
    loanReason: async (id: number): Promise<Choice | undefined> =>
      (
        await db
          .select({ id: t.loanReasons.id, needsOtherText: t.loanReasons.needsOtherText })
          .from(t.loanReasons)
          .where(eq(t.loanReasons.id, id))
      )[0],
    relationship: async (id: number): Promise<Choice | undefined> =>
      (
        await db
          .select({ id: t.relationships.id, needsOtherText: t.relationships.needsOtherText })
          .from(t.relationships)
          .where(eq(t.relationships.id, id))
      )[0],
    referralSource: async (id: number): Promise<Choice | undefined> =>
      (
        await db
          .select({ id: t.referralSources.id, needsOtherText: t.referralSources.needsOtherText })
          .from(t.referralSources)
          .where(eq(t.referralSources.id, id))
      )[0],
    raceExists: (id: number) =>
      one(db.select({ id: t.races.id }).from(t.races).where(eq(t.races.id, id))),
    nationalityExists: (id: number) =>
      one(
        db
          .select({ id: t.nationalities.id })
          .from(t.nationalities)
          .where(eq(t.nationalities.id, id)),
      ),
    // A bank the list no longer offers cannot be chosen anew.
    bankExists: (id: number) =>
      one(
        db
          .select({ id: t.banks.id })
          .from(t.banks)
          .where(and(eq(t.banks.id, id), eq(t.banks.active, true))),
      ),
    natureOfBusinessExists: (id: number) =>
      one(
        db
          .select({ id: t.naturesOfBusiness.id })
          .from(t.naturesOfBusiness)
          .where(eq(t.naturesOfBusiness.id, id)),
      ),
    employeeTypeExists: (code: number) =>
      one(
        db
          .select({ id: t.employeeTypes.id })
          .from(t.employeeTypes)
          .where(eq(t.employeeTypes.code, code)),
      ),
    grossSalaryRangeExists: (code: number) =>
      one(
        db
          .select({ id: t.grossSalaryRanges.id })
          .from(t.grossSalaryRanges)
          .where(eq(t.grossSalaryRanges.code, code)),
      ),
  };
}

export type MasterLookups = ReturnType<typeof createMasterLookups>;
