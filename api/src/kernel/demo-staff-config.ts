import { checkPassword, STAFF_ROLES, type StaffRole } from '@lending/domain';

/** One member of the demo team a sandbox start seeds: a sign-in of their own, and an
 *  authenticator whose codes the sandbox outbox shows. */
export interface DemoStaffMember {
  email: string;
  name: string;
  roles: StaffRole[];
  password: string;
}

const MAX_MEMBERS = 20;

function demoStaffRefused(why: string): Error {
  return new Error(`DEMO_STAFF must be a JSON list of {"email","name","roles","password"}: ${why}`);
}

/** DEMO_STAFF: the team as JSON, chosen (with made-up passwords) by the start command. */
export function parseDemoStaff(value: string): DemoStaffMember[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw demoStaffRefused('not JSON');
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_MEMBERS) {
    throw demoStaffRefused(`a list of 1 to ${MAX_MEMBERS} members`);
  }
  const seen = new Set<string>();
  return parsed.map((entry: unknown, index) => {
    const member = (entry ?? {}) as Record<string, unknown>;
    const email = typeof member.email === 'string' ? member.email.trim().toLowerCase() : '';
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || email.length > 254) {
      throw demoStaffRefused(`member ${index + 1} has no valid email`);
    }
    if (seen.has(email)) throw demoStaffRefused(`${email} is named twice`);
    seen.add(email);
    const name = typeof member.name === 'string' ? member.name.trim() : '';
    if (!name || name.length > 100) throw demoStaffRefused(`${email} has no name`);
    const roles = member.roles;
    if (
      !Array.isArray(roles) ||
      roles.length === 0 ||
      !roles.every((role) => (STAFF_ROLES as readonly unknown[]).includes(role))
    ) {
      throw demoStaffRefused(`${email} needs roles among ${STAFF_ROLES.join(', ')}`);
    }
    const password = typeof member.password === 'string' ? member.password : '';
    if (!checkPassword(password).ok) throw demoStaffRefused(`${email} has no acceptable password`);
    return { email, name, roles: [...new Set(roles as StaffRole[])], password };
  });
}

/**
 * Why demo staff may not exist here, or null where they may: their passwords were shown on a
 * terminal and their codes are in the outbox, so they belong to a sandbox only, never to
 * production nor beside any real provider.
 */
export function demoStaffRefusal(
  production: boolean,
  providerNames: Record<string, string>,
): string | null {
  if (production) return 'NODE_ENV is production';
  const real = Object.entries(providerNames)
    .filter(([, provider]) => provider !== 'sandbox')
    .map(([service]) => service);
  return real.length > 0 ? `real providers are configured (${real.join(', ')})` : null;
}
