import type { TenantId } from '@lending/contracts';
import { and, eq, isNull } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import {
  naturesOfBusiness,
  organizations,
  partners,
  postcodes,
  races,
  referralSources,
  registrations,
  users,
} from '../../db/schema';

export type NewOrganization = typeof organizations.$inferInsert;
export type NewRegistration = typeof registrations.$inferInsert;

/** Whether a write failed on the one-business-per-tenant index. */
export function isDuplicateBusiness(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint, message } = cause as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  return code === '23505' && (constraint ?? message ?? '').includes('organizations_tenant_brn_key');
}

export function createRegistrationStore(db: Orm) {
  return {
    async businessExists(tenant: TenantId, registrationNo: string): Promise<boolean> {
      const [row] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(
          and(
            eq(organizations.tenant, tenant),
            eq(organizations.newBusinessRegistrationNo, registrationNo),
            isNull(organizations.deletedAt),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
    async activePartner(partnerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: partners.id })
        .from(partners)
        .where(and(eq(partners.id, partnerId), eq(partners.active, true)));
      return Boolean(row);
    },
    /** The first postcode row for a postcode (a postcode may serve several towns). */
    async postcodeId(postcode: string): Promise<number | null> {
      const [row] = await db
        .select({ id: postcodes.id })
        .from(postcodes)
        .where(eq(postcodes.postcode, postcode))
        .orderBy(postcodes.id)
        .limit(1);
      return row?.id ?? null;
    },
    async raceExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: races.id }).from(races).where(eq(races.id, id));
      return Boolean(row);
    },
    async natureOfBusinessExists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: naturesOfBusiness.id })
        .from(naturesOfBusiness)
        .where(eq(naturesOfBusiness.id, id));
      return Boolean(row);
    },
    async referralSource(id: number): Promise<{ needsOtherText: boolean } | null> {
      const [row] = await db
        .select({ needsOtherText: referralSources.needsOtherText })
        .from(referralSources)
        .where(eq(referralSources.id, id));
      return row ?? null;
    },
    /** Inside the account's transaction: the organization, then what the form said besides. */
    async insertOrganization(
      tx: Orm,
      organization: NewOrganization,
      registration: Omit<NewRegistration, 'organizationId'>,
    ): Promise<string> {
      const [row] = await tx
        .insert(organizations)
        .values(organization)
        .returning({ id: organizations.id });
      await tx.insert(registrations).values({ ...registration, organizationId: row!.id });
      return row!.id;
    },
    /** What the user registered with: the organization and the registration's other answers. */
    async registrationOf(userId: string) {
      const [row] = await db
        .select({
          organization: organizations,
          registration: registrations,
          businessPostcode: postcodes.postcode,
        })
        .from(registrations)
        .innerJoin(organizations, eq(organizations.id, registrations.organizationId))
        .innerJoin(postcodes, eq(postcodes.id, registrations.businessPostcodeId))
        .where(and(eq(registrations.userId, userId), isNull(organizations.deletedAt)))
        .limit(1);
      return row ?? null;
    },
    async setUserPartner(tx: Orm, userId: string, partnerId: string): Promise<void> {
      await tx.update(users).set({ partnerId }).where(eq(users.id, userId));
    },
  };
}

export type RegistrationStore = ReturnType<typeof createRegistrationStore>;
