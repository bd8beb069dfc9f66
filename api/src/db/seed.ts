// Loads the master data files of api/seeds after the migrations, on every start. Rows are
// upserted by their natural key (code, or tenant + key), so editing a file and restarting
// updates the lists, and running it twice changes nothing. Rows are never deleted here.
import fs from 'node:fs';
import path from 'node:path';

import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { seedsDir } from '../paths';
import type { Database, Orm } from './database';
import * as t from './schema';

export const SEEDS_DIR = seedsDir;

const Labelled = Type.Object({ code: Type.String(), name: Type.String(), nameMs: Type.String() });
const WithOther = Type.Composite([
  Labelled,
  Type.Object({ needsOtherText: Type.Optional(Type.Boolean()) }),
]);
const Coded = Type.Object({
  companyId: Type.Integer(),
  code: Type.Integer(),
  name: Type.String(),
  nameMs: Type.String(),
});
const SalaryRange = Type.Composite([
  Coded,
  Type.Object({ minSen: Type.Integer(), maxSen: Type.Union([Type.Integer(), Type.Null()]) }),
]);
const Bank = Type.Object({ code: Type.String(), name: Type.String(), swiftCode: Type.String() });
const Place = Type.Object({
  code: Type.String(),
  name: Type.String(),
  nameMs: Type.String(),
  cities: Type.Array(
    Type.Object({
      name: Type.String(),
      postcodes: Type.Array(Type.String({ pattern: '^\\d{5}$' })),
    }),
  ),
});
const Campaign = Type.Object({
  code: Type.String(),
  name: Type.String(),
  nameMs: Type.String(),
  attestationFeeWaiverBp: Type.Integer(),
  validFrom: Type.Union([Type.String(), Type.Null()]),
  validUntil: Type.Union([Type.String(), Type.Null()]),
});
const Product = Type.Object({
  tenant: Type.String(),
  code: Type.String(),
  name: Type.String(),
  nameMs: Type.String(),
  minAmountSen: Type.Integer(),
  maxAmountSen: Type.Integer(),
  minTenureMonths: Type.Integer(),
  maxTenureMonths: Type.Integer(),
  securedRateBp: Type.Integer(),
  unsecuredRateBp: Type.Integer(),
  simulatorMonthlyRateBp: Type.Integer(),
  securedAttestationFeeBp: Type.Integer(),
  unsecuredAttestationFeeBp: Type.Integer(),
  stampDutySenPerThousand: Type.Integer(),
  lateChargeRateBp: Type.Integer(),
  campaigns: Type.Array(Campaign),
});
const Setting = Type.Object({ tenant: Type.String(), key: Type.String(), value: Type.String() });

function readSeed<S extends TSchema>(file: string, item: S, dir: string): Static<S>[] {
  const rows: unknown = JSON.parse(fs.readFileSync(path.join(dir, `${file}.json`), 'utf8'));
  const schema = Type.Array(item);
  if (!Value.Check(schema, rows)) {
    const [first] = Value.Errors(schema, rows);
    throw new Error(`seeds/${file}.json: ${first?.path ?? ''} ${first?.message ?? 'is not valid'}`);
  }
  return rows;
}

/** `set` of an upsert: every listed column takes the value that was being inserted. */
function fromExcluded(columns: Record<string, PgColumn>): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
  );
}

/** Referral sources are listed by creation time; the file's order is that order. */
const REFERRAL_EPOCH = Date.UTC(2024, 0, 1);

export async function seedMasterData(db: Database, dir = SEEDS_DIR): Promise<void> {
  const read = <S extends TSchema>(file: string, item: S) => readSeed(file, item, dir);
  const races = read('race', Labelled);
  const loanReasons = read('loan-reason', WithOther);
  const nationalities = read('nationality', Labelled);
  const banks = read('bank', Bank);
  const relationships = read('relationship', WithOther);
  const natures = read('nature-of-business', Labelled);
  const sources = read('referral-source', WithOther);
  const salaryRanges = read('gross-salary-range', SalaryRange);
  const employeeTypes = read('employee-type', Coded);
  const places = read('places', Place);
  const products = read('product', Product);
  const settings = read('company-settings', Setting);

  await db.orm.transaction(async (tx) => {
    await tx
      .insert(t.races)
      .values(races)
      .onConflictDoUpdate({
        target: t.races.code,
        set: fromExcluded({ name: t.races.name, nameMs: t.races.nameMs }),
      });
    await tx
      .insert(t.loanReasons)
      .values(loanReasons.map((row, displayOrder) => ({ ...row, displayOrder })))
      .onConflictDoUpdate({
        target: t.loanReasons.code,
        set: fromExcluded({
          name: t.loanReasons.name,
          nameMs: t.loanReasons.nameMs,
          needsOtherText: t.loanReasons.needsOtherText,
          displayOrder: t.loanReasons.displayOrder,
        }),
      });
    await tx
      .insert(t.nationalities)
      .values(nationalities.map((row, displayOrder) => ({ ...row, displayOrder })))
      .onConflictDoUpdate({
        target: t.nationalities.code,
        set: fromExcluded({
          name: t.nationalities.name,
          nameMs: t.nationalities.nameMs,
          displayOrder: t.nationalities.displayOrder,
        }),
      });
    // Once an admin has activated a bank list in master setup, the banks are theirs: the seed
    // would otherwise bring back, at every start, names and banks they changed or left out.
    const bankListActivated = await tx
      .select({ entityId: t.masterEntities.entityId })
      .from(t.masterEntities)
      .where(eq(t.masterEntities.entityId, 'BANK_LIST'))
      .limit(1);
    if (bankListActivated.length === 0) {
      await tx
        .insert(t.banks)
        .values(banks)
        .onConflictDoUpdate({
          target: t.banks.code,
          set: fromExcluded({ name: t.banks.name, swiftCode: t.banks.swiftCode }),
        });
    }
    await tx
      .insert(t.relationships)
      .values(relationships.map((row, displayOrder) => ({ ...row, displayOrder })))
      .onConflictDoUpdate({
        target: t.relationships.code,
        set: fromExcluded({
          name: t.relationships.name,
          nameMs: t.relationships.nameMs,
          needsOtherText: t.relationships.needsOtherText,
          displayOrder: t.relationships.displayOrder,
        }),
      });
    await tx
      .insert(t.naturesOfBusiness)
      .values(natures.map((row, displayOrder) => ({ ...row, displayOrder })))
      .onConflictDoUpdate({
        target: t.naturesOfBusiness.code,
        set: fromExcluded({
          name: t.naturesOfBusiness.name,
          nameMs: t.naturesOfBusiness.nameMs,
          displayOrder: t.naturesOfBusiness.displayOrder,
        }),
      });
    // created_at is set once: a source keeps its place when the file is edited later.
    await tx
      .insert(t.referralSources)
      .values(
        sources.map((row, index) => ({
          ...row,
          createdAt: new Date(REFERRAL_EPOCH + index * 60_000),
        })),
      )
      .onConflictDoUpdate({
        target: t.referralSources.code,
        set: fromExcluded({
          name: t.referralSources.name,
          nameMs: t.referralSources.nameMs,
          needsOtherText: t.referralSources.needsOtherText,
        }),
      });
    await tx
      .insert(t.grossSalaryRanges)
      .values(salaryRanges)
      .onConflictDoUpdate({
        target: [t.grossSalaryRanges.companyId, t.grossSalaryRanges.code],
        set: fromExcluded({
          name: t.grossSalaryRanges.name,
          nameMs: t.grossSalaryRanges.nameMs,
          minSen: t.grossSalaryRanges.minSen,
          maxSen: t.grossSalaryRanges.maxSen,
        }),
      });
    await tx
      .insert(t.employeeTypes)
      .values(employeeTypes)
      .onConflictDoUpdate({
        target: [t.employeeTypes.companyId, t.employeeTypes.code],
        set: fromExcluded({ name: t.employeeTypes.name, nameMs: t.employeeTypes.nameMs }),
      });
    await seedPlaces(tx, places);
    await seedProducts(tx, products);
    await tx
      .insert(t.companySettings)
      .values(settings)
      .onConflictDoUpdate({
        target: [t.companySettings.tenant, t.companySettings.key],
        set: fromExcluded({ value: t.companySettings.value }),
      });
  });
}

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

async function seedPlaces(tx: Tx, places: Static<typeof Place>[]): Promise<void> {
  const states = await tx
    .insert(t.states)
    .values(places.map(({ code, name, nameMs }) => ({ code, name, nameMs })))
    .onConflictDoUpdate({
      target: t.states.code,
      set: fromExcluded({ name: t.states.name, nameMs: t.states.nameMs }),
    })
    .returning({ id: t.states.id, code: t.states.code });
  const stateId = new Map(states.map((state) => [state.code, state.id]));
  const cityRows = places.flatMap((place) =>
    place.cities.map((city) => ({ stateId: stateId.get(place.code)!, name: city.name })),
  );
  const cities = await tx
    .insert(t.cities)
    .values(cityRows)
    .onConflictDoUpdate({
      target: [t.cities.stateId, t.cities.name],
      set: fromExcluded({ name: t.cities.name }),
    })
    .returning({ id: t.cities.id, stateId: t.cities.stateId, name: t.cities.name });
  const cityId = new Map(cities.map((city) => [`${city.stateId}/${city.name}`, city.id]));
  const postcodeRows = places.flatMap((place) =>
    place.cities.flatMap((city) =>
      city.postcodes.map((postcode) => ({
        postcode,
        cityId: cityId.get(`${stateId.get(place.code)!}/${city.name}`)!,
      })),
    ),
  );
  await tx.insert(t.postcodes).values(postcodeRows).onConflictDoNothing();
}

async function seedProducts(tx: Tx, products: Static<typeof Product>[]): Promise<void> {
  for (const { campaigns, ...product } of products) {
    const [row] = await tx
      .insert(t.products)
      .values(product)
      .onConflictDoUpdate({
        target: t.products.tenant,
        set: fromExcluded({
          code: t.products.code,
          name: t.products.name,
          nameMs: t.products.nameMs,
          minAmountSen: t.products.minAmountSen,
          maxAmountSen: t.products.maxAmountSen,
          minTenureMonths: t.products.minTenureMonths,
          maxTenureMonths: t.products.maxTenureMonths,
          securedRateBp: t.products.securedRateBp,
          unsecuredRateBp: t.products.unsecuredRateBp,
          simulatorMonthlyRateBp: t.products.simulatorMonthlyRateBp,
          securedAttestationFeeBp: t.products.securedAttestationFeeBp,
          unsecuredAttestationFeeBp: t.products.unsecuredAttestationFeeBp,
          stampDutySenPerThousand: t.products.stampDutySenPerThousand,
          lateChargeRateBp: t.products.lateChargeRateBp,
        }),
      })
      .returning({ id: t.products.id });
    if (campaigns.length === 0) continue;
    await tx
      .insert(t.productCampaigns)
      .values(
        campaigns.map((campaign) => ({
          ...campaign,
          productId: row!.id,
          code: campaign.code.toUpperCase(),
          validFrom: campaign.validFrom ? new Date(campaign.validFrom) : null,
          validUntil: campaign.validUntil ? new Date(campaign.validUntil) : null,
        })),
      )
      .onConflictDoUpdate({
        target: [t.productCampaigns.productId, t.productCampaigns.code],
        set: fromExcluded({
          name: t.productCampaigns.name,
          nameMs: t.productCampaigns.nameMs,
          attestationFeeWaiverBp: t.productCampaigns.attestationFeeWaiverBp,
          validFrom: t.productCampaigns.validFrom,
          validUntil: t.productCampaigns.validUntil,
        }),
      });
  }
}
