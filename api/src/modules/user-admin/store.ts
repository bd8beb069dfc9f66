// The back office's applicants: finding accounts, and reading what the other modules recorded of
// one (their organization, consents, sign-in sessions). It writes nothing: changes go through the
// user accounts handed in, with their audit rows, in the service.
import {
  and,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  like,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';

/** What a search box entry is matched against, worked out by the service. */
export interface UserSearch {
  /** Lower case, matched anywhere in the names and the email. */
  text?: string;
  /** Digits matched anywhere in the stored E.164 phone number. */
  phoneDigits?: string;
  /** Keyed hashes of the identity card numbers the entry may be (kept sealed). */
  identityHashes: string[];
}

export interface UserListRow {
  id: string;
  tenant: string;
  firstName: string;
  email: string;
  phoneNo: string | null;
  createdAt: Date;
}

export interface OrganizationFacts {
  userId: string;
  applicantName: string;
  companyName: string;
  identityCardSealed: string | null;
}

export interface ConsentFacts {
  termsAcceptedAt: Date | null;
  termsTextVersion: string | null;
  biometric: { at: Date; textVersion: string | null }[];
}

export interface SessionRow {
  id: string;
  createdAt: Date;
  revokedAt: Date | null;
  revokeReason: string | null;
  refreshable: boolean;
}

/** The sessions a user's page lists; older ones stay in the table until purged. */
const SESSIONS_SHOWN = 20;

const u = t.users;
const o = t.organizations;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function searchCondition(db: Orm, search: UserSearch): SQL {
  const any: SQL[] = [];
  const organizationWhere = (condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(o)
        .where(and(eq(o.userId, u.id), isNull(o.deletedAt), condition)),
    );
  if (search.text) {
    const pattern = likeText(search.text);
    any.push(like(sql`lower(${u.firstName})`, pattern));
    any.push(like(u.email, pattern));
    // The applicant's and the company's names, lower-cased by the database (migration 0520).
    any.push(organizationWhere(like(o.nameSearch, pattern)));
  }
  if (search.phoneDigits) any.push(like(u.phoneNo, likeText(search.phoneDigits)));
  if (search.identityHashes.length) {
    any.push(organizationWhere(inArray(o.applicantIdentityCardHash, search.identityHashes)));
  }
  return any.length ? or(...any)! : sql`false`;
}

export function createUserAdminStore(db: Orm) {
  return {
    /** One page of live accounts, newest first, and how many match in all. */
    async search(
      search: UserSearch | null,
      page: number,
      pageSize: number,
    ): Promise<{ rows: UserListRow[]; total: number }> {
      const where = and(isNull(u.deletedAt), search ? searchCondition(db, search) : undefined);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: u.id,
            tenant: u.tenant,
            firstName: u.firstName,
            email: u.email,
            phoneNo: u.phoneNo,
            createdAt: u.createdAt,
          })
          .from(u)
          .where(where)
          .orderBy(desc(u.createdAt), desc(u.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(u).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** Each user's latest organization (the one their newest application is made for). */
    async latestOrganizations(userIds: readonly string[]): Promise<Map<string, OrganizationFacts>> {
      const found = new Map<string, OrganizationFacts>();
      if (userIds.length === 0) return found;
      const rows = await db
        .select({
          userId: o.userId,
          applicantName: o.applicantName,
          companyName: o.companyName,
          identityCardSealed: o.applicantIdentityCardSealed,
        })
        .from(o)
        .where(and(inArray(o.userId, [...userIds]), isNull(o.deletedAt)))
        .orderBy(desc(o.createdAt));
      for (const row of rows) if (!found.has(row.userId)) found.set(row.userId, row);
      return found;
    },

    /** The terms accepted at registration and every biometric consent given for eKYC. */
    async consentsOf(userId: string): Promise<ConsentFacts> {
      const [[registration], biometric] = await Promise.all([
        db
          .select({
            at: t.registrations.termsAcceptedAt,
            version: t.registrations.consentTextVersion,
          })
          .from(t.registrations)
          .where(eq(t.registrations.userId, userId)),
        db
          .select({
            at: t.ekycSessions.consentAt,
            textVersion: t.ekycSessions.consentTextVersion,
          })
          .from(t.ekycSessions)
          .where(and(eq(t.ekycSessions.userId, userId), isNotNull(t.ekycSessions.consentAt)))
          .orderBy(desc(t.ekycSessions.consentAt)),
      ]);
      return {
        termsAcceptedAt: registration?.at ?? null,
        termsTextVersion: registration?.version ?? null,
        biometric: biometric.map((row) => ({ at: row.at!, textVersion: row.textVersion })),
      };
    },

    /** The applicant's latest sign-in sessions, and whether each can still be refreshed. */
    async sessionsOf(userId: string, now: Date): Promise<SessionRow[]> {
      const s = t.authSessions;
      const r = t.refreshTokens;
      return db
        .select({
          id: s.id,
          createdAt: s.createdAt,
          revokedAt: s.revokedAt,
          revokeReason: s.revokeReason,
          refreshable: exists(
            db
              .select({ one: sql`1` })
              .from(r)
              .where(and(eq(r.sessionId, s.id), isNull(r.usedAt), gt(r.expiresAt, now))),
          ).mapWith(Boolean),
        })
        .from(s)
        .where(and(eq(s.audience, 'applicant'), eq(s.subjectId, userId)))
        .orderBy(desc(s.createdAt))
        .limit(SESSIONS_SHOWN);
    },

    async activePartner(partnerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: t.partners.id })
        .from(t.partners)
        .where(and(eq(t.partners.id, partnerId), eq(t.partners.active, true)));
      return row !== undefined;
    },
  };
}

export type UserAdminStore = ReturnType<typeof createUserAdminStore>;
