import {
  ADMIN_USER_PAGE_SIZE,
  type AdminUpdateAuthRequest,
  type AdminUpdateUserRequest,
  type AdminUserAccount,
  type AdminUserConsent,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUserQuery,
  type TenantId,
  type UserDetails,
} from '@lending/contracts';
import {
  maskIdentityNumber,
  normalizeNric,
  toE164,
  validateEmail,
  validatePassport,
} from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { EmailSender } from '../../adapters/email/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError, type Sentence } from '../../kernel/errors';
import { hashPassword, passwordProblem } from '../../kernel/passwords';
import type { PublicUrl } from '../../kernel/public-url';
import { inTransaction } from '../../kernel/transaction';
import type { AgreementService } from '../agreements/service';
import type { ApplicationService } from '../applications/service';
import {
  type SessionRevoker,
  toUserDetails,
  uniqueViolation,
  type UserAccounts,
  type UserRow,
} from '../users/service';
import * as m from './messages';
import type { UserAdminStore, UserSearch } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;

export interface UserAdminDeps {
  store: UserAdminStore;
  users: Pick<UserAccounts, 'byId' | 'update'>;
  sessions: SessionRevoker;
  applications: Pick<ApplicationService, 'listOf'>;
  agreements: Pick<AgreementService, 'ofApplication'>;
  /** The user's loan accounts as the repayments module figures them today. */
  accountsOf: (userId: string, tenant: TenantId) => Promise<AdminUserAccount[]>;
  /** Tells the applicant their sign-in details were changed. */
  email: EmailSender;
  /** Where the applicant finds the contact page, for the notice. */
  publicUrl: PublicUrl;
  log: FastifyBaseLogger;
  sealer: Sealer;
  clock: Clock;
  /** Where a change and its audit row commit together. */
  db: Orm;
}

const notFound = () => new HttpError(404, m.USER_NOT_FOUND, 'NOT_FOUND');
const invalid = (message: string | Sentence) => new HttpError(400, message, 'VALIDATION_FAILED');

/** One field's value before and after, as the audit row keeps it. */
type Change = { from: unknown; to: unknown };

/**
 * What a search box entry may be. Digits (with spaces, dashes, brackets or a plus) are a phone or
 * identity card number; anything else is looked for in the names and the email. A whole NRIC or
 * passport number is found through its keyed hash: the number itself is only stored sealed.
 */
export function searchOf(q: string, sealer: Sealer): UserSearch {
  const text = q.trim().replace(/\s+/g, ' ');
  const identityHashes: string[] = [];
  const compact = normalizeNric(text);
  if (/^\d{12}$/.test(compact)) identityHashes.push(sealer.fingerprint(compact));
  const passport = validatePassport(text);
  if (passport.ok && passport.passport !== compact && /\d/.test(passport.passport)) {
    identityHashes.push(sealer.fingerprint(passport.passport));
  }
  const digits = text.replace(/[\s\-+()]/g, '');
  const isNumber = /^\d+$/.test(digits);
  return {
    ...(isNumber ? {} : { text: text.toLowerCase() }),
    // Typed as the customer says it (`012...`): the stored number has the country code instead.
    ...(isNumber && digits.length >= 6 ? { phoneDigits: digits.replace(/^0/, '') } : {}),
    identityHashes,
  };
}

/** Looking a person up never needs their number whole: lists and pages show it masked to every
 *  role (stricter than the one rule, which gives deciding staff the number in the case file). */
function maskedIdentity(sealer: Sealer, sealed: string | null): string | null {
  return sealed ? maskIdentityNumber(sealer.openText(sealed)) : null;
}

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** A Malaysian mobile (one-time codes go to it), or another country's number, in E.164; null
 *  when it is neither. */
function phoneOf(typed: string): string | null {
  const e164 = typed.trim();
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) return null;
  if (!e164.startsWith('+60')) return e164;
  const mobile = toE164('60', e164.slice(3));
  return mobile.ok && mobile.kind === 'mobile' ? mobile.e164 : null;
}

export function createUserAdminService(deps: UserAdminDeps) {
  const { store, users, sessions, sealer, clock, db } = deps;

  async function existing(id: string): Promise<UserRow> {
    const row = await users.byId(id);
    if (!row) throw notFound();
    return row;
  }

  /** The profile fields as they are to be stored, checked as the form's rules say. */
  async function profileOf(changes: AdminUpdateUserRequest): Promise<Partial<UserRow>> {
    const set: Partial<UserRow> = {};
    if (changes.firstName !== undefined) {
      const firstName = changes.firstName.trim().replace(/\s+/g, ' ');
      if (!firstName) throw invalid(m.INVALID_FIRST_NAME);
      set.firstName = firstName;
    }
    if (changes.language !== undefined) set.language = changes.language;
    if (changes.partnerId !== undefined) {
      const partnerId = changes.partnerId?.trim().toUpperCase() || null;
      if (partnerId && !(await store.activePartner(partnerId))) {
        throw new HttpError(400, m.INVALID_PARTNER_ID, 'PARTNER_ID_INVALID');
      }
      set.partnerId = partnerId;
    }
    if (changes.allowToApplyNewLoanAfterDateTime !== undefined) {
      const at = changes.allowToApplyNewLoanAfterDateTime;
      if (at !== null && Number.isNaN(Date.parse(at))) throw invalid(m.INVALID_DATE);
      set.allowToApplyNewLoanAfter = at === null ? null : new Date(at);
    }
    if (changes.tinNumber !== undefined) {
      set.tinNumber = changes.tinNumber?.trim().toUpperCase() || null;
    }
    for (const key of [
      'residentialAddress1',
      'residentialAddress2',
      'residentialAddress3',
    ] as const) {
      if (changes[key] !== undefined) set[key] = changes[key]?.trim() || null;
    }
    return set;
  }

  /** The fields of `set` that differ from `before`, each with its old and new value. */
  function differences(before: UserRow, set: Partial<UserRow>): Record<string, Change> {
    const changed: Record<string, Change> = {};
    for (const [key, value] of Object.entries(set)) {
      const was = before[key as keyof UserRow];
      if (comparable(was) !== comparable(value)) {
        changed[key] = { from: comparable(was) ?? null, to: comparable(value) ?? null };
      }
    }
    return changed;
  }

  async function save(
    id: string,
    set: Partial<UserRow>,
    audit: { action: 'staff.user_updated' | 'staff.user_auth_updated'; staff: Staff; ip: string },
    detail: Record<string, unknown>,
  ): Promise<UserRow> {
    try {
      return await inTransaction(db, async (tx) => {
        const saved = await users.update(id, set, tx);
        if (!saved) throw notFound();
        await writeAudit(tx, {
          action: audit.action,
          actor: `staff:${audit.staff.staffId}`,
          subject: `user:${id}`,
          entity: `user:${id}`,
          ip: audit.ip,
          detail,
        });
        return saved;
      });
    } catch (error) {
      const which = uniqueViolation(error);
      if (which === 'email') throw new HttpError(409, m.EMAIL_EXISTS, 'USER_EMAIL_EXISTS');
      if (which === 'phone') throw new HttpError(409, m.PHONE_EXISTS, 'USER_PHONE_EXISTS');
      throw error;
    }
  }

  /** The notice of a sign-in change. The change is made whatever becomes of the email: a failed
   *  send is logged (without the address), not answered as a failure. */
  async function notify(before: UserRow, after: UserRow, changed: m.SignInDetail[]) {
    const addresses = [...new Set([before.email, after.email])];
    for (const to of addresses) {
      try {
        await deps.email.send(
          m.signInChangedEmail({
            to,
            firstName: after.firstName,
            language: after.language,
            changed,
            contactUrl: `${deps.publicUrl()}/contact-us`,
          }),
        );
      } catch (error) {
        deps.log.error(
          { err: { name: (error as Error).name } },
          'the notice of a sign-in change could not be sent',
        );
      }
    }
  }

  return {
    async search(query: Required<Pick<AdminUserQuery, 'page' | 'pageSize'>> & AdminUserQuery) {
      const q = query.q?.trim();
      const page = query.page;
      const pageSize = query.pageSize ?? ADMIN_USER_PAGE_SIZE;
      const { rows, total } = await store.search(q ? searchOf(q, sealer) : null, page, pageSize);
      const organizations = await store.latestOrganizations(rows.map((row) => row.id));
      const result: AdminUserPage = {
        items: rows.map((row) => {
          const organization = organizations.get(row.id);
          return {
            id: row.id,
            tenant: row.tenant as TenantId,
            firstName: row.firstName,
            email: row.email,
            phoneNo: row.phoneNo,
            applicantName: organization?.applicantName ?? null,
            companyName: organization?.companyName ?? null,
            identityCardNo: maskedIdentity(sealer, organization?.identityCardSealed ?? null),
            createdAt: row.createdAt.toISOString(),
          };
        }),
        total,
        page,
        pageSize,
      };
      return result;
    },

    async detail(staff: Staff, id: string): Promise<AdminUserDetail> {
      const row = await existing(id);
      const [organizations, applications, consents, sessionRows, accounts] = await Promise.all([
        store.latestOrganizations([id]),
        deps.applications.listOf(staff, id),
        store.consentsOf(id),
        store.sessionsOf(id, clock.now()),
        deps.accountsOf(id, row.tenant as TenantId),
      ]);
      const agreements = [];
      for (const application of applications) {
        const agreement = await deps.agreements.ofApplication(application.id);
        if (agreement) {
          agreements.push({
            id: agreement.id,
            agreementNo: agreement.agreementNo,
            applicationId: agreement.applicationId,
            status: agreement.status,
            signedAt: agreement.signedAt?.toISOString() ?? null,
            createdAt: agreement.createdAt.toISOString(),
          });
        }
      }
      const organization = organizations.get(id);
      const consentList: AdminUserConsent[] = [
        {
          kind: 'TERMS',
          given: consents.termsAcceptedAt !== null,
          at: consents.termsAcceptedAt?.toISOString() ?? null,
          textVersion: consents.termsTextVersion,
        },
        {
          kind: 'MARKETING',
          given: row.acceptMarketingConsent,
          at: row.marketingConsentAt?.toISOString() ?? null,
          textVersion: null,
        },
        ...consents.biometric.map((given): AdminUserConsent => ({
          kind: 'BIOMETRIC',
          given: true,
          at: given.at.toISOString(),
          textVersion: given.textVersion,
        })),
      ];
      return {
        user: {
          ...toUserDetails(row),
          tenant: row.tenant as TenantId,
          acceptMarketingConsent: row.acceptMarketingConsent,
        },
        applicantName: organization?.applicantName ?? null,
        companyName: organization?.companyName ?? null,
        identityCardNo: maskedIdentity(sealer, organization?.identityCardSealed ?? null),
        applications: applications.map((application) => ({
          id: application.id,
          referenceNo: application.referenceNo,
          status: application.status,
          organizationType: application.organizationType,
          requestedAmountSen: application.requestedAmountSen,
          createdAt: application.createdAt,
        })),
        agreements,
        accounts,
        consents: consentList,
        sessions: sessionRows.map((session) => ({
          id: session.id,
          startedAt: session.createdAt.toISOString(),
          endedAt: session.revokedAt?.toISOString() ?? null,
          endReason: session.revokeReason,
          active: session.revokedAt === null && session.refreshable,
        })),
      };
    },

    /** The profile: only the fields sent, each change audited with its old and new value. */
    async updateProfile(
      staff: Staff,
      id: string,
      changes: AdminUpdateUserRequest & { phoneNo?: unknown },
      ip: string,
    ): Promise<UserDetails> {
      if (changes.phoneNo !== undefined) {
        throw new HttpError(400, m.PHONE_IS_SIGN_IN_DETAIL, 'SIGN_IN_DETAIL_REFUSED');
      }
      const before = await existing(id);
      const values = await profileOf(changes);
      const changed = differences(before, values);
      if (Object.keys(changed).length === 0) return toUserDetails(before);
      // Only what differs is written: the row's update time and the audit say what really moved.
      const only = Object.fromEntries(
        Object.keys(changed).map((key) => [key, values[key as keyof UserRow]]),
      ) as Partial<UserRow>;
      const saved = await save(
        id,
        only,
        { action: 'staff.user_updated', staff, ip },
        { changes: changed },
      );
      return toUserDetails(saved);
    },

    /**
     * What the user signs in and receives codes with. Any change ends every session of theirs,
     * so whoever held the old email or phone is signed out. The audit row keeps the old and new
     * email and phone number; of a password only that it changed.
     */
    async updateSignIn(
      staff: Staff,
      id: string,
      changes: AdminUpdateAuthRequest,
      ip: string,
    ): Promise<UserDetails> {
      if (
        changes.email === undefined &&
        changes.phoneNo === undefined &&
        changes.password === undefined
      ) {
        throw invalid(m.NOTHING_TO_CHANGE);
      }
      const set: Partial<UserRow> = {};
      if (changes.email !== undefined) {
        const email = validateEmail(changes.email);
        if (!email.ok) throw invalid(m.INVALID_EMAIL);
        set.email = email.email;
      }
      if (changes.phoneNo !== undefined) {
        const phone = phoneOf(changes.phoneNo);
        if (!phone) throw invalid(m.INVALID_PHONE);
        set.phoneNo = phone;
      }
      if (changes.password !== undefined) {
        const problem = passwordProblem(changes.password);
        if (problem) throw invalid(problem);
      }
      const before = await existing(id);
      const changed: Record<string, unknown> = differences(before, set);
      const write = Object.fromEntries(
        Object.keys(changed).map((key) => [key, set[key as keyof UserRow]]),
      ) as Partial<UserRow>;
      if (changes.password !== undefined) {
        write.passwordHash = await hashPassword(changes.password);
        changed.password = { changed: true };
      }
      if (Object.keys(changed).length === 0) return toUserDetails(before);
      const saved = await save(
        id,
        write,
        { action: 'staff.user_auth_updated', staff, ip },
        { changes: changed, sessionsEnded: true },
      );
      await sessions.revokeAllOf(id, m.SIGN_IN_CHANGED_BY_STAFF);
      await notify(before, saved, Object.keys(changed) as m.SignInDetail[]);
      return toUserDetails(saved);
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
