import type { TenantId, UserDetails } from '@lending/contracts';
import { validateEmail } from '@lending/domain';

import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import type { Audit, AuditAction, AuditEntry } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { badRequest, HttpError } from '../../kernel/errors';
import { hashPassword, passwordProblem, verifyPassword } from '../../kernel/passwords';
import { inTransaction, type OrmTransaction } from '../../kernel/transaction';
import { toUserDetails, uniqueViolation, type UserRow, type UserStore } from './store';

export { toUserDetails, uniqueViolation };
export type { SigningInUser, UserRow } from './store';

/** What other modules may ask of user accounts: sign-in and registration (accounts), the
 *  verification codes (contact details). app.ts hands in the user store. */
export type UserAccounts = Pick<
  UserStore,
  | 'byId'
  | 'byEmail'
  | 'byEmailSigningIn'
  | 'byEmailSigningInSpendingPass'
  | 'insert'
  | 'insertAlong'
  | 'setPassword'
  | 'update'
>;

const notFound = () => new HttpError(404, 'User not found');

function actorOf(principal: Principal | null): string | null {
  if (!principal) return null;
  return principal.kind === 'staff' ? `staff:${principal.staffId}` : `user:${principal.userId}`;
}

/** What the user module needs of sign-in sessions; app.ts hands in the accounts module's. */
export interface SessionRevoker {
  /** Ends every session of the subject but `keep`. */
  revokeAllOf(subjectId: string, reason: string, keep?: string): Promise<void>;
}

export function createUserService(deps: {
  users: UserStore;
  /** Ends sign-in sessions (the accounts module's), when a password changes or an account
   *  closes. */
  sessions: SessionRevoker;
  audit: Audit;
  clock: Clock;
  /** Where a change and its audit row commit together. */
  db: Orm;
}) {
  const { users, sessions, audit, clock, db } = deps;

  async function existing(id: string): Promise<UserRow> {
    const row = await users.byId(id);
    if (!row) throw notFound();
    return row;
  }

  /** The audit row of a change made to user `id`'s account, written with the change itself. */
  function auditUserChange(
    action: AuditAction,
    id: string,
    principal: Principal | null,
    ip: string,
    tx: OrmTransaction,
    detail?: AuditEntry['detail'],
  ): Promise<void> {
    const entry: AuditEntry = { action, actor: actorOf(principal), subject: `user:${id}`, ip };
    return audit(detail ? { ...entry, detail } : entry, tx);
  }

  async function saveEmail(id: string, email: string, tx: OrmTransaction): Promise<UserRow> {
    try {
      return (await users.update(id, { email }, tx)) ?? (await existing(id));
    } catch (error) {
      if (uniqueViolation(error) === 'email') throw new HttpError(409, 'Email already exists');
      throw error;
    }
  }

  return {
    async get(id: string): Promise<UserDetails> {
      return toUserDetails(await existing(id));
    },

    async checkEmailExisted(tenant: TenantId, email: string, phoneNo: string) {
      const [byEmail, byPhone] = await Promise.all([
        users.byEmail(tenant, email.trim().toLowerCase()),
        users.byPhone(tenant, phoneNo),
      ]);
      return { emailExisted: byEmail !== undefined, phoneNoExisted: byPhone !== undefined };
    },

    async updateEmail(id: string, rawEmail: string, principal: Principal, ip: string) {
      const email = validateEmail(rawEmail);
      if (!email.ok) throw badRequest('Please enter a valid email');
      const before = await existing(id);
      if (before.email === email.email) return toUserDetails(before);
      const row = await inTransaction(db, async (tx) => {
        const saved = await saveEmail(id, email.email, tx);
        await auditUserChange('auth.email_changed', id, principal, ip, tx);
        return saved;
      });
      return toUserDetails(row);
    },

    async updatePassword(
      principal: Extract<Principal, { kind: 'applicant' }>,
      currentPassword: string,
      newPassword: string,
      ip: string,
    ): Promise<void> {
      const user = await existing(principal.userId);
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest('Your current password is incorrect');
      }
      const problem = passwordProblem(newPassword);
      if (problem) throw badRequest(problem);
      const passwordHash = await hashPassword(newPassword);
      await inTransaction(db, async (tx) => {
        await users.update(user.id, { passwordHash }, tx);
        await auditUserChange('auth.password_changed', user.id, principal, ip, tx);
      });
      // Anyone else signed in as this person is signed out; this device stays signed in.
      await sessions.revokeAllOf(user.id, 'password-changed', principal.sessionId);
    },

    async markApplicationCreated(id: string): Promise<UserDetails> {
      const user = await existing(id);
      if (user.applicationCreatedAt) return toUserDetails(user);
      return toUserDetails((await users.update(id, { applicationCreatedAt: clock.now() }))!);
    },

    /** Closes the account: it can no longer sign in, its sessions end, its records stay. */
    async remove(id: string, principal: Principal, ip: string): Promise<void> {
      await existing(id);
      await inTransaction(db, async (tx) => {
        await users.update(id, { deletedAt: clock.now() }, tx);
        await auditUserChange('user.deleted', id, principal, ip, tx);
      });
      await sessions.revokeAllOf(id, 'account-closed');
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
