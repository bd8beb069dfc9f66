// The books module's one way into the database: finding loan accounts for the back office (with
// the borrower's name), waiver and write-off requests, and the waiver rows an approved waiver
// books. The account's ledger itself is read and brought up to date by the repayments service.
import { borrowerName, type OrganizationType } from '@lending/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';

export type AdjustmentRow = typeof t.accountAdjustments.$inferSelect;

export interface AccountFilters {
  agreementNo?: string;
  borrowerName?: string;
  status?: 'ACTIVE' | 'CLOSED' | 'WRITEOFF' | 'TERMINATED';
  disbursedFrom?: string;
  disbursedTo?: string;
}

/** LIKE patterns take the text as it is: `%` and `_` typed by staff match themselves. */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A listed account with the borrower named by the one rule for every document of a loan. */
function named<
  R extends { organizationType: OrganizationType; companyName: string; applicantName: string },
>({ organizationType, companyName, applicantName, ...rest }: R) {
  return { ...rest, borrowerName: borrowerName({ organizationType, companyName, applicantName }) };
}

export function createAccountsStore(db: Orm) {
  const listed = {
    accountId: t.loanAccounts.id,
    agreementId: t.loanAccounts.agreementId,
    userId: t.loanAccounts.userId,
    agreementNo: t.agreements.agreementNo,
    organizationType: t.organizations.organizationType,
    companyName: t.organizations.companyName,
    applicantName: t.organizations.applicantName,
    status: t.loanAccounts.status,
    disbursedOn: t.loanAccounts.disbursedOn,
    principalSen: t.loanAccounts.principalSen,
    totalRepayableSen: t.loanAccounts.totalRepayableSen,
  };

  function where(filters: AccountFilters): SQL | undefined {
    const conditions: SQL[] = [];
    if (filters.agreementNo) {
      conditions.push(ilike(t.agreements.agreementNo, `${literal(filters.agreementNo)}%`));
    }
    if (filters.borrowerName) {
      // The borrower is found by either name the rule puts on its documents.
      const pattern = `%${literal(filters.borrowerName)}%`;
      const {
        organizationType: type,
        companyName: company,
        applicantName: person,
      } = t.organizations;
      // The name as documents print it (borrowerName's rule), so a copied name finds its loan.
      const printed = sql`case when ${type} = 'SOLE_PROP' and trim(${company}) <> '' then ${person} || ' t/a ' || ${company} else ${company} end`;
      conditions.push(
        or(ilike(company, pattern), ilike(person, pattern), ilike(printed, pattern))!,
      );
    }
    if (filters.status) conditions.push(eq(t.loanAccounts.status, filters.status));
    if (filters.disbursedFrom)
      conditions.push(gte(t.loanAccounts.disbursedOn, filters.disbursedFrom));
    if (filters.disbursedTo) conditions.push(lte(t.loanAccounts.disbursedOn, filters.disbursedTo));
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  return {
    /** Accounts matching the filters, newest payout first, one page; and how many match. */
    async search(filters: AccountFilters, offset: number, limit: number) {
      const condition = where(filters);
      const rows = await db
        .select(listed)
        .from(t.loanAccounts)
        .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
        .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
        .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
        .where(condition)
        .orderBy(desc(t.loanAccounts.disbursedOn), asc(t.agreements.agreementNo))
        .offset(offset)
        .limit(limit);
      const [total] = await db
        .select({ n: count() })
        .from(t.loanAccounts)
        .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
        .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
        .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
        .where(condition);
      return { rows: rows.map(named), total: total?.n ?? 0 };
    },

    async byAgreementNo(agreementNo: string) {
      const [row] = await db
        .select(listed)
        .from(t.loanAccounts)
        .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
        .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
        .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
        .where(eq(t.agreements.agreementNo, agreementNo));
      return row && named(row);
    },

    async byAccountId(accountId: string, executor: OrmExecutor = db) {
      const [row] = await executor
        .select(listed)
        .from(t.loanAccounts)
        .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
        .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
        .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
        .where(eq(t.loanAccounts.id, accountId));
      return row && named(row);
    },

    async byAgreementId(agreementId: string) {
      const [row] = await db
        .select(listed)
        .from(t.loanAccounts)
        .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
        .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
        .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId))
        .where(eq(t.loanAccounts.agreementId, agreementId));
      return row && named(row);
    },

    async terms(agreementId: string) {
      const [row] = await db
        .select({
          tenureMonths: t.agreements.tenureMonths,
          annualRateBp: t.agreements.annualRateBp,
          secured: t.agreements.secured,
        })
        .from(t.agreements)
        .where(eq(t.agreements.id, agreementId));
      return row;
    },

    async adjustmentsOf(accountId: string): Promise<AdjustmentRow[]> {
      return db
        .select()
        .from(t.accountAdjustments)
        .where(eq(t.accountAdjustments.accountId, accountId))
        .orderBy(desc(t.accountAdjustments.proposedAt));
    },

    async waiverLines(adjustmentIds: string[], executor: OrmExecutor = db) {
      if (adjustmentIds.length === 0) return [];
      return executor
        .select()
        .from(t.lateChargeWaivers)
        .where(inArray(t.lateChargeWaivers.adjustmentId, adjustmentIds))
        .orderBy(asc(t.lateChargeWaivers.instalmentNo));
    },

    /** Null when the account already has an open request of that kind. */
    async propose(
      tx: OrmTransaction,
      values: typeof t.accountAdjustments.$inferInsert,
    ): Promise<AdjustmentRow | null> {
      const [row] = await tx
        .insert(t.accountAdjustments)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async lockAdjustment(tx: OrmTransaction, id: string): Promise<AdjustmentRow | undefined> {
      const [row] = await tx
        .select()
        .from(t.accountAdjustments)
        .where(eq(t.accountAdjustments.id, id))
        .for('update');
      return row;
    },

    /** PROPOSED to APPROVED or REJECTED; false when it was decided meanwhile. */
    async decide(
      tx: OrmTransaction,
      id: string,
      decision: {
        status: 'APPROVED' | 'REJECTED';
        decidedBy: string;
        decidedAt: Date;
        decisionNote: string | null;
      },
    ): Promise<boolean> {
      const updated = await tx
        .update(t.accountAdjustments)
        .set(decision)
        .where(and(eq(t.accountAdjustments.id, id), eq(t.accountAdjustments.status, 'PROPOSED')))
        .returning({ id: t.accountAdjustments.id });
      return updated.length > 0;
    },

    async addWaiverLines(
      tx: OrmTransaction,
      rows: (typeof t.lateChargeWaivers.$inferInsert)[],
    ): Promise<void> {
      if (rows.length > 0) await tx.insert(t.lateChargeWaivers).values(rows);
    },

    async staffNames(ids: string[]): Promise<Map<string, string>> {
      const known = [...new Set(ids)].filter((id) =>
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
      );
      if (known.length === 0) return new Map();
      const rows = await db
        .select({ id: t.staffUsers.id, name: t.staffUsers.name })
        .from(t.staffUsers)
        .where(inArray(t.staffUsers.id, known));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type AccountsStore = ReturnType<typeof createAccountsStore>;
