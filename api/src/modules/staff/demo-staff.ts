import type { Language, OutboxMessage } from '@lending/contracts';
import { generate, generateSecret } from 'otplib';

import type { Sealer } from '../../crypto/sealed';
import type { Clock } from '../../kernel/clock';
import type { DemoStaffMember } from '../../kernel/demo-staff-config';
import { hashPassword, verifyPassword } from '../../kernel/passwords';
import type { DemoStaffStore } from './demo-store';

const PERIOD_S = 30;

export interface DemoStaffDeps {
  store: DemoStaffStore;
  sealer: Sealer;
  clock: Clock;
}

/** What a seeding did: members added, members already there, and addresses a real member
 *  holds (left alone). */
export interface DemoSeedResult {
  created: number;
  kept: number;
  taken: number;
}

/**
 * Seeds the demo team, each member enrolled with an authenticator of their own. Run on every
 * start: a member already there keeps their authenticator and is given the configured password
 * back when it differs, so what the start command prints always signs in; a real member's
 * address is never touched.
 */
export async function seedDemoStaff(
  deps: DemoStaffDeps,
  team: readonly DemoStaffMember[],
): Promise<DemoSeedResult> {
  const result: DemoSeedResult = { created: 0, kept: 0, taken: 0 };
  for (const member of team) {
    const existing = await deps.store.byEmail(member.email);
    const now = deps.clock.now();
    if (existing && !existing.demo) {
      result.taken += 1;
      continue;
    }
    if (existing) {
      if (!(await verifyPassword(existing.passwordHash, member.password))) {
        await deps.store.resetPassword(existing.id, await hashPassword(member.password), now, {
          action: 'staff.demo_password_reset',
          actor: 'system:demo-staff',
          subject: `staff:${existing.id}`,
        });
      }
      result.kept += 1;
      continue;
    }
    const created = await deps.store.insert(
      {
        email: member.email,
        name: member.name,
        roles: member.roles,
        passwordHash: await hashPassword(member.password),
        totpSecret: deps.sealer.seal(generateSecret()),
        now,
      },
      (staffId) => ({
        action: 'staff.demo_seeded',
        actor: 'system:demo-staff',
        subject: `staff:${staffId}`,
        detail: { roles: member.roles },
      }),
    );
    if (created) result.created += 1;
    else result.kept += 1;
  }
  return result;
}

const AUTHENTICATOR_WORDS: Record<
  Language,
  { subject(name: string): string; body(code: string, secondsLeft: number): string }
> = {
  EN: {
    subject: (name) => `Demo authenticator: ${name}`,
    body: (code, secondsLeft) =>
      `Sign-in code: ${code}\nIt changes in ${secondsLeft} seconds and signs in once; reload this page for the next one.`,
  },
  MS: {
    subject: (name) => `Pengesah demo: ${name}`,
    body: (code, secondsLeft) =>
      `Kod log masuk: ${code}\nKod ini bertukar dalam ${secondsLeft} saat dan boleh digunakan sekali sahaja; muat semula halaman ini untuk kod seterusnya.`,
  },
};

/**
 * Each demo member's authenticator as an outbox entry: the code it shows right now, worked out
 * when the outbox is read from the sealed secret, on the clock sign-in checks codes against.
 */
export function createDemoAuthenticators(deps: DemoStaffDeps) {
  return async (to?: string, language: Language = 'EN'): Promise<OutboxMessage[]> => {
    const w = AUTHENTICATOR_WORDS[language];
    const now = deps.clock.now();
    const epoch = Math.floor(now.getTime() / 1000);
    const secondsLeft = PERIOD_S - (epoch % PERIOD_S);
    const members = await deps.store.enrolled(to);
    return Promise.all(
      members.map(async (member) => {
        const code = await generate({ secret: deps.sealer.openText(member.totpSecret!), epoch });
        return {
          id: `demo-authenticator:${member.id}`,
          channel: 'authenticator' as const,
          to: member.email,
          subject: w.subject(member.name),
          body: w.body(code, secondsLeft),
          links: [],
          createdAt: now.toISOString(),
        };
      }),
    );
  };
}

export type DemoAuthenticators = ReturnType<typeof createDemoAuthenticators>;

/** Refuses a start where demo staff may not be (production, real providers) while active demo
 *  members are still in the database. */
export async function refuseDemoStaffLeft(store: DemoStaffStore, refusal: string): Promise<void> {
  const left = await store.activeCount();
  if (left === 0) return;
  throw new Error(
    `${left} demo staff member(s) are still active in this database, and demo staff are refused ` +
      `here: ${refusal}. Disable them at /admin/staff on a sandbox start, or use a fresh database.`,
  );
}
