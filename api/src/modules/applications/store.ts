// The applications module's one way into the database: applications, their sections, their
// status changes with history and audit rows, and the organizations they are for.
import type { ApplicationProgressStep, ApplicationSection, TenantId } from '@lending/contracts';
import {
  type Actor,
  APPLICATION_STATUS_MACHINE,
  type ApplicationStatus,
  OPEN_APPLICATION_STATUSES,
  transition,
} from '@lending/domain';
import { and, desc, eq, inArray, isNull, ne, type SQL, sql, type SQLWrapper } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import { writeAudit } from '../../kernel/audit';
import { HttpError, sentence } from '../../kernel/errors';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';
import type { MasterLookups } from '../master/service';

export type ApplicationRow = typeof t.applications.$inferSelect;
export type OrganizationRow = typeof t.organizations.$inferSelect;
export type SectionRow = typeof t.applicationSections.$inferSelect;
export type ReferbackRow = typeof t.applicationReferbacks.$inferSelect;
export type { OrmTransaction };

const APPLICATION_NOT_FOUND = 'Application Not Found';
export const APPLICATION_CHANGED =
  'This application changed since you opened it; reload it and decide again';

export interface StatusChange {
  applicationId: string;
  to: ApplicationStatus;
  actor: Actor;
  /** `user:<id>`, `staff:<id>` or `system:<job>`: who, for the history and the audit log. */
  actorRef: string;
  /** The staff member or user acting, for the rules that compare people (four eyes). */
  actorId?: string;
  firstApproverId?: string;
  /** The credit officer whose recommendation awaits approval (four eyes). */
  recommenderId?: string;
  /** Everyone who approved this application before, in any round (four eyes). */
  earlierApproverIds?: readonly string[];
  /** How many approvals the recommended amount needs. */
  approvalLevels?: number;
  /** For an approved application: whether its agreement is signed (read under its lock). */
  agreementSigned?: boolean;
  /** The version the actor read the application at: a change on an older one is refused. */
  expectedVersion?: number;
  /** More about the change for its audit row (the decision taken, its particulars). */
  detail?: Record<string, unknown>;
  reason?: string;
  ip?: string | null;
  /** More columns to set in the same update (submittedAt, cancelledAt...). */
  set?: Partial<typeof t.applications.$inferInsert>;
}

/** The organization columns a saved section keeps up to date. */
export type OrganizationChanges = Partial<
  Pick<OrganizationRow, 'companyName' | 'businessContactNo'>
>;

/** What a section save writes, decided from the locked application and what it holds. */
export interface SectionWrite {
  sealedData: string;
  progress: { step: ApplicationProgressStep; done: boolean };
  organization?: OrganizationChanges;
}

/** What a section save reads before deciding what to write (all read inside its transaction). */
export interface SectionFacts {
  application: ApplicationRow;
  organization: OrganizationRow;
  sections: SectionRow[];
  lookups: Lookups;
  /** The referral back still open, while the application is REFERBACK. */
  referback: ReferbackRow | undefined;
}

/** Adds a progress step once (idempotent) or, with `done = false`, takes it back. */
function progressAfter(step: ApplicationProgressStep, done: boolean): SQL<string[]> {
  return done
    ? sql`(select array(select distinct unnest(${t.applications.progress} || array[${step}]::text[])))`
    : sql`array_remove(${t.applications.progress}, ${step})`;
}

/**
 * Moves an application to `change.to` inside `tx`: the status machine of shared/domain decides,
 * and the change, its history row and its audit row are written together, or 409 with the
 * machine's reason.
 */
async function changeStatusIn(
  tx: OrmTransaction,
  change: StatusChange,
): Promise<{ from: ApplicationStatus; to: ApplicationStatus; version: number }> {
  const [row] = await tx
    .select({ status: t.applications.status, version: t.applications.version })
    .from(t.applications)
    .where(eq(t.applications.id, change.applicationId))
    .for('update');
  if (!row) throw new HttpError(404, APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
  if (change.expectedVersion !== undefined && change.expectedVersion !== row.version) {
    throw new HttpError(409, APPLICATION_CHANGED, 'APPLICATION_CHANGED');
  }
  const from = row.status as ApplicationStatus;
  const verdict = transition(APPLICATION_STATUS_MACHINE, from, change.to, {
    actor: change.actor,
    ...(change.actorId ? { actorId: change.actorId } : {}),
    ...(change.firstApproverId ? { firstApproverId: change.firstApproverId } : {}),
    ...(change.recommenderId ? { recommenderId: change.recommenderId } : {}),
    ...(change.earlierApproverIds ? { earlierApproverIds: change.earlierApproverIds } : {}),
    ...(change.approvalLevels !== undefined ? { approvalLevels: change.approvalLevels } : {}),
    ...(change.agreementSigned !== undefined ? { agreementSigned: change.agreementSigned } : {}),
  });
  if (!verdict.ok) {
    throw new HttpError(
      409,
      sentence('The application cannot move from {from} to {to} ({reason})', {
        from,
        to: change.to,
        reason: verdict.reason,
      }),
      'STATUS_CHANGE_REFUSED',
    );
  }
  const now = new Date();
  await tx
    .update(t.applications)
    .set({ ...change.set, status: change.to, version: row.version + 1, updatedAt: now })
    .where(eq(t.applications.id, change.applicationId));
  await tx.insert(t.applicationStatusHistory).values({
    applicationId: change.applicationId,
    fromStatus: from,
    toStatus: change.to,
    actor: change.actorRef,
    reason: change.reason ?? null,
    at: now,
  });
  await writeAudit(tx, {
    action: 'application.status_changed',
    actor: change.actorRef,
    subject: `application:${change.applicationId}`,
    entity: `application:${change.applicationId}`,
    from,
    to: change.to,
    reason: change.reason ?? null,
    ip: change.ip ?? null,
    at: now,
    ...(change.detail ? { detail: change.detail } : {}),
  });
  return { from, to: change.to, version: row.version + 1 };
}

/** The newest referral back the applicant has not yet answered by resubmitting. */
async function openReferbackIn(
  executor: Orm | OrmTransaction,
  applicationId: string,
): Promise<ReferbackRow | undefined> {
  const [row] = await executor
    .select()
    .from(t.applicationReferbacks)
    .where(
      and(
        eq(t.applicationReferbacks.applicationId, applicationId),
        isNull(t.applicationReferbacks.resolvedAt),
      ),
    )
    .orderBy(desc(t.applicationReferbacks.requestedAt))
    .limit(1);
  return row;
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

/** Reads of master data the application forms are checked against: the master module answers
 *  them, inside the caller's transaction when it has one. */
export type Lookups = MasterLookups;
export type LookupsIn = (executor: Orm | OrmTransaction) => Lookups;

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
export function createApplicationStore(db: Orm, lookupsIn: LookupsIn) {
  const liveOrganization = isNull(t.organizations.deletedAt);
  return {
    lookups: lookupsIn(db),

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
            inArray(t.applications.status, [...OPEN_APPLICATION_STATUSES]),
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

    /**
     * A new DRAFT with its reference number, its first history row and an audit row. After a
     * cancellation (`phoneFrom`), spec section 4: the business contact number becomes the user's
     * phone number in the same transaction, unless another account already uses it.
     */
    async insertDraft(
      values: Omit<typeof t.applications.$inferInsert, 'referenceNo' | 'status'>,
      referenceNo: (sequence: number) => string,
      actor: { ref: string; ip: string | null },
      phoneFrom?: { businessContactNo: string },
    ): Promise<ApplicationRow> {
      return db.transaction(async (tx) => {
        let phoneTaken: boolean | undefined;
        if (phoneFrom) {
          const [holder] = await tx
            .select({ id: t.users.id })
            .from(t.users)
            .where(
              and(
                eq(t.users.tenant, values.tenant),
                eq(t.users.phoneNo, phoneFrom.businessContactNo),
                ne(t.users.id, values.userId),
                isNull(t.users.deletedAt),
              ),
            );
          phoneTaken = holder !== undefined;
          if (!phoneTaken) {
            await tx
              .update(t.users)
              .set({ phoneNo: phoneFrom.businessContactNo, updatedAt: new Date() })
              .where(eq(t.users.id, values.userId));
          }
        }
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
        await writeAudit(tx, {
          action: 'application.created',
          actor: actor.ref,
          subject: `application:${row!.id}`,
          entity: `application:${row!.id}`,
          to: 'DRAFT',
          ip: actor.ip,
          at: now,
          // Whether the phone number was taken from the business contact number, never the
          // number itself: the audit log holds no personal data it does not need.
          detail: {
            referenceNo: row!.referenceNo,
            ...(phoneTaken === undefined ? {} : { phoneFromBusinessContact: !phoneTaken }),
          },
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

    /** The applicant's own application; anyone else's answers like one that does not exist. */
    async ownedApplication(userId: string, applicationId: string): Promise<ApplicationRow> {
      const [row] = await db
        .select()
        .from(t.applications)
        .where(and(eq(t.applications.id, applicationId), eq(t.applications.userId, userId)));
      if (!row) throw new HttpError(404, APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
      return row;
    },

    async application(applicationId: string): Promise<ApplicationRow> {
      const [row] = await db
        .select()
        .from(t.applications)
        .where(eq(t.applications.id, applicationId));
      if (!row) throw new HttpError(404, APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
      return row;
    },

    /** Adds a progress step once (idempotent); `done = false` takes it back (a file deleted). */
    async recordProgress(
      applicationId: string,
      step: ApplicationProgressStep,
      done = true,
      executor: OrmExecutor = db,
    ): Promise<void> {
      await executor
        .update(t.applications)
        .set({ progress: progressAfter(step, done), updatedAt: new Date() })
        .where(eq(t.applications.id, applicationId));
    },

    /** Records a step on the user's newest draft, if they have one, in one statement. */
    async recordDraftProgress(userId: string, step: ApplicationProgressStep): Promise<void> {
      const newestDraft = db
        .select({ id: t.applications.id })
        .from(t.applications)
        .where(
          and(
            eq(t.applications.userId, userId),
            inArray(t.applications.status, ['DRAFT', 'IMPORTED_DRAFT']),
          ),
        )
        .orderBy(desc(t.applications.createdAt))
        .limit(1);
      await db
        .update(t.applications)
        .set({ progress: progressAfter(step, true), updatedAt: new Date() })
        .where(eq(t.applications.id, sql`(${newestDraft})`));
    },

    /** Holds the application's row until `tx` ends: writers about the same application wait. */
    async lock(applicationId: string, tx: OrmTransaction): Promise<void> {
      await tx
        .select({ id: t.applications.id })
        .from(t.applications)
        .where(eq(t.applications.id, applicationId))
        .for('update');
    },

    /** A status change in a transaction of its own, or inside the caller's `tx` with the
     *  caller's own writes. */
    changeStatus(change: StatusChange, tx?: OrmTransaction) {
      return tx ? changeStatusIn(tx, change) : db.transaction((own) => changeStatusIn(own, change));
    },

    /** The application's status changes, oldest first. */
    async historyOf(applicationId: string) {
      return db
        .select()
        .from(t.applicationStatusHistory)
        .where(eq(t.applicationStatusHistory.applicationId, applicationId))
        .orderBy(t.applicationStatusHistory.at, t.applicationStatusHistory.id);
    },

    openReferback(applicationId: string): Promise<ReferbackRow | undefined> {
      return openReferbackIn(db, applicationId);
    },

    /** The applicant resubmits after a referral back: back to PENDING and every open referral
     *  marked resolved, together (the rows stay as history). */
    async resubmit(change: StatusChange, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await changeStatusIn(tx, change);
        await tx
          .update(t.applicationReferbacks)
          .set({ resolvedAt: at })
          .where(
            and(
              eq(t.applicationReferbacks.applicationId, change.applicationId),
              isNull(t.applicationReferbacks.resolvedAt),
            ),
          );
      });
    },

    async sectionsOf(applicationId: string): Promise<SectionRow[]> {
      return db
        .select()
        .from(t.applicationSections)
        .where(eq(t.applicationSections.applicationId, applicationId));
    },

    /**
     * Saves one section of the applicant's own application in one transaction: the application
     * (locked) with its organization and sections are read once, `decide` checks the input
     * against them and says what to write, and the section, the progress step and the
     * organization's columns are written. Answers with what was read and written, so the
     * caller can build its answer without reading again. A failure anywhere writes nothing.
     */
    async saveSection(
      owner: { userId: string; applicationId: string },
      section: ApplicationSection,
      decide: (facts: SectionFacts) => Promise<SectionWrite>,
    ): Promise<{
      application: ApplicationRow;
      organization: OrganizationRow;
      sections: SectionRow[];
    }> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ application: t.applications, organization: t.organizations })
          .from(t.applications)
          .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
          .where(
            and(
              eq(t.applications.id, owner.applicationId),
              eq(t.applications.userId, owner.userId),
            ),
          )
          .for('update', { of: t.applications });
        if (!found) throw new HttpError(404, APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
        const sections = await tx
          .select()
          .from(t.applicationSections)
          .where(eq(t.applicationSections.applicationId, owner.applicationId));
        const referback =
          found.application.status === 'REFERBACK'
            ? await openReferbackIn(tx, owner.applicationId)
            : undefined;
        const write = await decide({ ...found, sections, lookups: lookupsIn(tx), referback });
        const now = new Date();
        const [saved] = await tx
          .insert(t.applicationSections)
          .values({
            applicationId: owner.applicationId,
            section,
            sealedData: write.sealedData,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [t.applicationSections.applicationId, t.applicationSections.section],
            set: { sealedData: write.sealedData, updatedAt: now },
          })
          .returning();
        const [application] = await tx
          .update(t.applications)
          .set({
            progress: progressAfter(write.progress.step, write.progress.done),
            updatedAt: now,
          })
          .where(eq(t.applications.id, owner.applicationId))
          .returning();
        let organization = found.organization;
        if (write.organization) {
          const [updated] = await tx
            .update(t.organizations)
            .set({ ...write.organization, updatedAt: now })
            .where(eq(t.organizations.id, organization.id))
            .returning();
          organization = updated ?? organization;
        }
        return {
          application: application!,
          organization,
          sections: [...sections.filter((one) => one.section !== section), saved!],
        };
      });
    },
  };
}

export type ApplicationStore = ReturnType<typeof createApplicationStore>;
