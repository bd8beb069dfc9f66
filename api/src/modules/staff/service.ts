import { STAFF_SET_PASSWORD_PAGE, type StaffMember, type StaffRole } from '@lending/contracts';
import { normalizeEmail, validateEmail } from '@lending/domain';

import type { EmailSender } from '../../adapters/email/port';
import type { AuditEntry } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { badRequest, HttpError, notFound } from '../../kernel/errors';
import { hashPassword, passwordProblem } from '../../kernel/passwords';
import type { PublicUrl } from '../../kernel/public-url';
import { newOpaqueToken, tokenHash } from '../../kernel/secrets';
import type { Sessions } from '../auth/service';
import { setPasswordEmail } from './emails';
import type { StaffChangeRefusal, StaffLinkPurpose, StaffRow, StaffStore } from './store';

/** A new member has a day to choose their password; a reset link lives as long as an
 *  applicant's (30 minutes). */
export const LINK_LIFETIME_MS: Record<StaffLinkPurpose, number> = {
  INVITE: 24 * 60 * 60 * 1000,
  RESET: 30 * 60 * 1000,
};
const LINK_INVALID = 'This link is invalid or has expired; ask an administrator for a new one';

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles: row.roles as StaffRole[],
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    passwordSet: row.passwordSetAt !== null,
    secondFactorEnrolled: row.totpEnrolledAt !== null,
  };
}

export interface Actor {
  staffId: string;
  ip: string;
}

/** Roles given once each, in the catalogue's order. */
function distinctRoles(roles: readonly StaffRole[]): StaffRole[] {
  if (roles.length === 0) throw badRequest('Please choose at least one role');
  return [...new Set(roles)];
}

/** What an admin does with staff accounts. Every change is audited in its own transaction. */
export function createStaffService(deps: {
  store: StaffStore;
  sessions: Sessions;
  email: EmailSender;
  clock: Clock;
  /** Where the emailed links point (the shell's origin). */
  publicUrl: PublicUrl;
}) {
  const { store, sessions, clock } = deps;

  const entry = (
    actor: Actor,
    action: AuditEntry['action'],
    staffId: string,
    detail?: Record<string, unknown>,
  ): AuditEntry => ({
    action,
    actor: `staff:${actor.staffId}`,
    subject: `staff:${staffId}`,
    entity: `staff:${staffId}`,
    ip: actor.ip,
    ...(detail ? { detail } : {}),
  });

  function refusal(result: StaffRow | StaffChangeRefusal): StaffRow {
    if (result === 'not-found') throw notFound('Staff member not found');
    if (result === 'last-admin')
      throw new HttpError(409, 'At least one active admin must remain', 'STAFF_LAST_ADMIN');
    return result;
  }

  function newLink(purpose: StaffLinkPurpose) {
    const token = newOpaqueToken();
    const now = clock.now();
    return {
      token,
      row: {
        tokenHash: tokenHash(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
      },
      url: `${deps.publicUrl()}${STAFF_SET_PASSWORD_PAGE}?token=${token}`,
    };
  }

  async function sendLink(member: StaffRow, url: string, purpose: StaffLinkPurpose) {
    await deps.email.send(
      setPasswordEmail({
        to: member.email,
        name: member.name,
        link: url,
        purpose,
        hours: Math.round(LINK_LIFETIME_MS[purpose] / 3_600_000) || 1,
      }),
    );
  }

  return {
    async list(): Promise<StaffMember[]> {
      return (await store.list()).map(toStaffMember);
    },

    async create(
      actor: Actor,
      request: { name: string; email: string; roles: StaffRole[] },
    ): Promise<StaffMember> {
      const email = validateEmail(request.email);
      if (!email.ok) throw badRequest('Please enter a valid email');
      const name = request.name.trim();
      if (!name) throw badRequest('Please enter a name');
      const roles = distinctRoles(request.roles);
      const link = newLink('INVITE');
      const row = await store.create(
        {
          email: normalizeEmail(email.email),
          name,
          roles,
          // Nobody knows this password: the member chooses theirs through the link.
          passwordHash: await hashPassword(newOpaqueToken()),
        },
        link.row,
        (staffId) => entry(actor, 'staff.created', staffId, { roles }),
      );
      if (!row)
        throw new HttpError(409, 'A staff member with this email exists', 'STAFF_EMAIL_EXISTS');
      await sendLink(row, link.url, 'INVITE');
      return toStaffMember(row);
    },

    async setRoles(actor: Actor, staffId: string, requested: StaffRole[]): Promise<StaffMember> {
      const roles = distinctRoles(requested);
      let removed = false;
      const row = refusal(
        await store.setRoles(staffId, roles, (before) => {
          removed = before.roles.some((role) => !roles.includes(role as StaffRole));
          return entry(actor, 'staff.roles_changed', staffId, { from: before.roles, to: roles });
        }),
      );
      // A role taken away stops working at once: the member signs in again with what is left.
      // A role given arrives with their next token.
      if (removed) await sessions.revokeAllOf(staffId, 'roles-changed');
      return toStaffMember(row);
    },

    async disable(actor: Actor, staffId: string): Promise<StaffMember> {
      if (actor.staffId === staffId)
        throw new HttpError(409, 'You cannot disable your own account', 'STAFF_SELF_DISABLE');
      const row = refusal(
        await store.setDisabled(staffId, clock.now(), entry(actor, 'staff.disabled', staffId)),
      );
      await sessions.revokeAllOf(staffId, 'disabled');
      return toStaffMember(row);
    },

    async enable(actor: Actor, staffId: string): Promise<StaffMember> {
      return toStaffMember(
        refusal(await store.setDisabled(staffId, null, entry(actor, 'staff.enabled', staffId))),
      );
    },

    async sendPasswordLink(actor: Actor, staffId: string): Promise<void> {
      const member = await store.byId(staffId);
      if (!member) throw notFound('Staff member not found');
      if (member.disabledAt)
        throw new HttpError(409, 'Enable the account before sending it a link', 'CONFLICT');
      const purpose: StaffLinkPurpose = member.passwordSetAt ? 'RESET' : 'INVITE';
      const link = newLink(purpose);
      await store.addLink(
        { ...link.row, staffId, purpose },
        entry(actor, 'staff.password_link_sent', staffId, { purpose }),
      );
      await sendLink(member, link.url, purpose);
    },

    async checkLink(token: string): Promise<boolean> {
      return (await store.liveLink(tokenHash(token), clock.now())) !== null;
    },

    /** Spends the link and sets the password; every session of the member ends. */
    async setPassword(token: string, password: string, ip: string): Promise<void> {
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      const hash = tokenHash(token);
      if (!(await store.liveLink(hash, clock.now())))
        throw new HttpError(401, LINK_INVALID, 'PASSWORD_LINK_INVALID');
      const staffId = await store.spendLinkSettingPassword(
        hash,
        await hashPassword(password),
        clock.now(),
        (id) => ({
          action: 'staff.password_set',
          actor: `staff:${id}`,
          subject: `staff:${id}`,
          entity: `staff:${id}`,
          ip,
        }),
      );
      if (!staffId) throw new HttpError(401, LINK_INVALID, 'PASSWORD_LINK_INVALID');
      await sessions.revokeAllOf(staffId, 'password-set');
    },

    async purgeExpired(cutoff: Date): Promise<{ staffPasswordLinks: number }> {
      return { staffPasswordLinks: await store.purgeSpentLinks(cutoff) };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
