import { and, desc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ApplicationSection, TenantId } from '@lending/contracts';
import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { createMasterStore } from '../master/store';

export type ApplicationRow = typeof t.applications.$inferSelect;
export type OrganizationRow = typeof t.organizations.$inferSelect;
export type SectionRow = typeof t.applicationSections.$inferSelect;

/** A master-data row the forms pick from, with whether it asks for an "other" text. */
export interface Choice {
  id: number;
  needsOtherText: boolean;
}

/** Whether a write failed on the one-open-application index. */
export function isOpenApplicationConflict(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint, message } = cause as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  return code === '23505' && (constraint ?? message ?? '').includes('applications_one_open');
}

/** Reads of master data the application forms are checked against. */
export function createLookups(db: Orm) {
  const master = createMasterStore(db);
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
    bankExists: (id: number) =>
      one(db.select({ id: t.banks.id }).from(t.banks).where(eq(t.banks.id, id))),
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

export type Lookups = ReturnType<typeof createLookups>;

/** What a sign-in lists of a person's applications. */
export interface ApplicationSummary {
  id: string;
  status: string;
}

/**
 * The applications of the user whose id `userId` gives, as one JSON array in the order `listOf`
 * uses, so a query that reads the user can carry them without another round trip. `userId` must
 * name its table: Drizzle leaves columns unqualified in a one-table query, and a bare "id" here
 * would mean the application's.
 */
export function applicationSummariesOf(userId: SQLWrapper): SQL<ApplicationSummary[]> {
  return sql<ApplicationSummary[]>`(
    select coalesce(
      json_agg(json_build_object('id', a.id, 'status', a.status)
               order by a.created_at desc, a.reference_no desc),
      '[]'::json)
    from ${t.applications} a where a.user_id = ${userId})`;
}

/** Applications, their sections and the organizations they are for. */
export function createApplicationStore(db: Orm) {
  const liveOrganization = isNull(t.organizations.deletedAt);
  return {
    lookups: createLookups(db),

    async organizationById(id: string): Promise<OrganizationRow | undefined> {
      const [row] = await db
        .select()
        .from(t.organizations)
        .where(and(eq(t.organizations.id, id), liveOrganization));
      return row;
    },

    /** The applicant's organization (the newest, should there be more than one). */
    async organizationOfUser(userId: string): Promise<OrganizationRow | undefined> {
      const [row] = await db
        .select()
        .from(t.organizations)
        .where(and(eq(t.organizations.userId, userId), liveOrganization))
        .orderBy(desc(t.organizations.createdAt))
        .limit(1);
      return row;
    },

    async organizationByEmail(
      tenant: TenantId,
      email: string,
    ): Promise<OrganizationRow | undefined> {
      const [row] = await db
        .select()
        .from(t.organizations)
        .where(
          and(
            eq(t.organizations.tenant, tenant),
            eq(t.organizations.applicantEmail, email),
            liveOrganization,
          ),
        )
        .orderBy(desc(t.organizations.createdAt))
        .limit(1);
      return row;
    },

    async updateOrganization(
      id: string,
      changes: Partial<Pick<OrganizationRow, 'companyName' | 'businessContactNo'>>,
    ): Promise<OrganizationRow | undefined> {
      const [row] = await db
        .update(t.organizations)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(t.organizations.id, id), liveOrganization))
        .returning();
      return row;
    },

    async userById(id: string) {
      const [row] = await db.select().from(t.users).where(eq(t.users.id, id));
      return row;
    },

    /** The user's open application, if any (at most one: a unique index holds it). */
    async openApplicationOf(userId: string): Promise<ApplicationRow | undefined> {
      const [row] = await db
        .select()
        .from(t.applications)
        .where(
          and(
            eq(t.applications.userId, userId),
            sql`${t.applications.status} not in ('APPROVED', 'REJECTED', 'CANCELLED')`,
          ),
        );
      return row;
    },

    async listOf(userId: string): Promise<ApplicationRow[]> {
      return db
        .select()
        .from(t.applications)
        .where(eq(t.applications.userId, userId))
        .orderBy(desc(t.applications.createdAt), desc(t.applications.referenceNo));
    },

    /** A new DRAFT with its reference number, its first history row and an audit row. */
    async insertDraft(
      values: Omit<typeof t.applications.$inferInsert, 'referenceNo' | 'status'>,
      referenceNo: (sequence: number) => string,
      actor: { ref: string; ip: string | null },
    ): Promise<ApplicationRow> {
      return db.transaction(async (tx) => {
        const result = await tx.execute<{ n: string }>(
          sql`select nextval('application_reference_seq')::text as n`,
        );
        const [next] = (result as unknown as { rows: { n: string }[] }).rows;
        const [row] = await tx
          .insert(t.applications)
          .values({ ...values, status: 'DRAFT', referenceNo: referenceNo(Number(next!.n)) })
          .returning();
        const now = new Date();
        await tx.insert(t.applicationStatusHistory).values({
          applicationId: row!.id,
          fromStatus: null,
          toStatus: 'DRAFT',
          actor: actor.ref,
          at: now,
        });
        await tx.insert(t.auditLog).values({
          action: 'application.created',
          actor: actor.ref,
          subject: `application:${row!.id}`,
          ip: actor.ip,
          at: now,
          detail: { referenceNo: row!.referenceNo },
        });
        return row!;
      });
    },

    async updateApplication(
      id: string,
      changes: Partial<typeof t.applications.$inferInsert>,
    ): Promise<void> {
      await db
        .update(t.applications)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(t.applications.id, id));
    },

    async sectionsOf(applicationId: string): Promise<SectionRow[]> {
      return db
        .select()
        .from(t.applicationSections)
        .where(eq(t.applicationSections.applicationId, applicationId));
    },

    async saveSection(
      applicationId: string,
      section: ApplicationSection,
      sealedData: string,
    ): Promise<void> {
      const now = new Date();
      await db
        .insert(t.applicationSections)
        .values({ applicationId, section, sealedData, updatedAt: now })
        .onConflictDoUpdate({
          target: [t.applicationSections.applicationId, t.applicationSections.section],
          set: { sealedData, updatedAt: now },
        });
    },
  };
}

export type ApplicationStore = ReturnType<typeof createApplicationStore>;
