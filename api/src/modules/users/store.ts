import type { Language, TenantId, UserDetails } from '@lending/contracts';
import { maskIdentityNumber } from '@lending/domain';
import { and, eq, getTableColumns, isNull, type SQL, sql, type SQLWrapper } from 'drizzle-orm';

import type { CaptchaProvider } from '../../adapters/captcha/port';
import { spendPassStatement } from '../../adapters/captcha/store';
import type { Orm } from '../../db/database';
import { users } from '../../db/schema';
import type { OrmExecutor } from '../../kernel/transaction';

export type UserRow = typeof users.$inferSelect;

/** A user as signing in needs them: with their applications, newest first. */
/** An application as the sign-in answer lists it. */
export interface ApplicationSummary {
  id: string;
  status: string;
}

export type SigningInUser = UserRow & { applications: ApplicationSummary[] };

/** The subquery listing a user's applications, newest first, given the user id column: the
 *  applications module's (app.ts hands it in), so sign-in reads account and applications in one
 *  statement without this store knowing the applications tables. */
export type ApplicationSummariesOf = (userId: SQLWrapper) => SQL<ApplicationSummary[]>;

export interface NewUser {
  tenant: TenantId;
  email: string;
  passwordHash: string;
  firstName: string;
  phoneNo: string;
  language: Language;
  acceptMarketingConsent: boolean;
  marketingConsentAt: Date | null;
}

/** Whether a write failed on one of the unique indexes, and which. */
export function uniqueViolation(error: unknown): 'email' | 'phone' | null {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint, message } = cause as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (code !== '23505') return null;
  const name = constraint ?? message ?? '';
  if (name.includes('users_tenant_email_key')) return 'email';
  if (name.includes('users_tenant_phone_key')) return 'phone';
  return null;
}

/**
 * The account as its answers show it. The NRIC is masked for every reader, its owner too: this
 * summary comes with every sign-in and page and is kept in the browser, where the number is
 * never needed whole (the application answers carry it, by the one rule).
 */
export function toUserDetails(row: UserRow): UserDetails {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    phoneNo: row.phoneNo,
    nric: row.nric ? maskIdentityNumber(row.nric) : null,
    role: 'APPLICANT',
    language: row.language,
    partnerId: row.partnerId,
    createdAt: row.createdAt.toISOString(),
    allowToApplyNewLoanAfterDateTime: row.allowToApplyNewLoanAfter?.toISOString() ?? null,
    tinNumber: row.tinNumber,
    residentialAddress1: row.residentialAddress1,
    residentialAddress2: row.residentialAddress2,
    residentialAddress3: row.residentialAddress3,
    applicationCreatedAt: row.applicationCreatedAt?.toISOString() ?? null,
  };
}

export function createUserStore(db: Orm, applicationSummariesOf: ApplicationSummariesOf) {
  const live = isNull(users.deletedAt);
  const liveByTenantEmail = and(
    eq(users.tenant, sql.placeholder('tenant')),
    eq(users.email, sql.placeholder('email')),
    live,
  );
  // Sign-in and every signed-in request read a user: prepared once, not rebuilt per call.
  const byEmail = db.select().from(users).where(liveByTenantEmail).prepare('user_by_email');
  // Sign-in answers with the applications too: read in the same statement as the user.
  const applicationsOfUser = applicationSummariesOf(sql`${users}.${sql.identifier(users.id.name)}`);
  const byEmailSigningIn = db
    .select({
      ...getTableColumns(users),
      applications: applicationsOfUser,
    })
    .from(users)
    .where(liveByTenantEmail)
    .prepare('user_by_email_signing_in');
  // A sign-in spends its bot-check pass before the password is checked. Spending it in the same
  // statement that reads the account saves a trip to the database on every sign-in.
  const passSpent = db
    .$with('spent', { spent: sql<number>`spent` })
    .as(
      spendPassStatement(
        sql.placeholder('provider'),
        sql.placeholder('passHash'),
        sql.placeholder('now'),
      ),
    );
  const byEmailSigningInSpendingPass = db
    .with(passSpent)
    .select({
      passSpent: sql<boolean>`exists (select 1 from ${passSpent})`,
      user: getTableColumns(users),
      applications: applicationsOfUser,
    })
    // One row whether or not the account exists, so the pass's fate is always known.
    .from(sql`(select 1) as one`)
    .leftJoin(users, liveByTenantEmail)
    .prepare('user_by_email_signing_in_spending_pass');
  const byId = db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), live))
    .prepare('user_by_id');
  return {
    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      return row!;
    },
    /** Inserts the account and runs `alongside` in the same transaction (registration's
     *  organization), so neither is kept without the other. */
    async insertAlong(
      user: NewUser,
      alongside: (tx: Orm, row: UserRow) => Promise<void>,
    ): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(user).returning();
        await alongside(tx as unknown as Orm, row!);
        return row!;
      });
    },
    /** A new password, even on an account closed since the reset link was sent. */
    async setPassword(id: string, passwordHash: string, at: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
    },
    async byEmail(tenant: TenantId, email: string): Promise<UserRow | undefined> {
      const [row] = await byEmail.execute({ tenant, email });
      return row;
    },
    async byEmailSigningIn(tenant: TenantId, email: string): Promise<SigningInUser | undefined> {
      const [row] = await byEmailSigningIn.execute({ tenant, email });
      return row;
    },
    /**
     * `byEmailSigningIn`, spending the pass `passHash` (a `tokenHash`) from `provider` in the same
     * statement. `passSpent` is false when the pass was unknown, spent or expired.
     */
    async byEmailSigningInSpendingPass(
      tenant: TenantId,
      email: string,
      pass: { provider: CaptchaProvider['kind']; passHash: string; now: Date },
    ): Promise<{ passSpent: boolean; user: SigningInUser | undefined }> {
      const [row] = await byEmailSigningInSpendingPass.execute({
        tenant,
        email,
        provider: pass.provider,
        passHash: pass.passHash,
        now: pass.now.toISOString(),
      });
      return {
        passSpent: row!.passSpent,
        user: row!.user ? { ...row!.user, applications: row!.applications } : undefined,
      };
    },
    async byPhone(tenant: TenantId, phoneNo: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenant, tenant), eq(users.phoneNo, phoneNo), live));
      return row;
    },
    async byId(id: string): Promise<UserRow | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },
    /** Through `tx` when given, so the change commits with its audit row. */
    async update(
      id: string,
      changes: Partial<UserRow>,
      tx: OrmExecutor = db,
    ): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(users.id, id), live))
        .returning();
      return row;
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
