import { randomBytes } from 'node:crypto';

import type { ApplicationStatus } from '@lending/contracts';
import { eq } from 'drizzle-orm';

import type { Orm } from '../db/database';
import * as t from '../db/schema';
import type { ReferbackItem } from '../db/schema-underwriting';
import { hashPassword } from '../kernel/passwords';
import { applicationStore } from './application-store';

let made = 0;

/** A staff member to name as the one who decided (interviews, referrals need one). */
export async function someStaff(db: Orm): Promise<string> {
  made += 1;
  const [row] = await db
    .insert(t.staffUsers)
    .values({
      email: `officer${made}.${process.pid}.${randomBytes(3).toString('hex')}@lender.test`,
      passwordHash: await hashPassword('officer password'),
      name: 'Officer',
      roles: ['CREDIT_OFFICER'],
    })
    .returning({ id: t.staffUsers.id });
  return row!.id;
}

/**
 * An application of `userId` walked from DRAFT through `path` by the status machine, the way the
 * applicant (submitting, resubmitting) and staff (every decision) would move it.
 */
export async function applicationThrough(
  db: Orm,
  userId: string,
  path: ApplicationStatus[],
  progress: string[] = [],
): Promise<{ id: string; referenceNo: string }> {
  made += 1;
  const [organization] = await db
    .insert(t.organizations)
    .values({
      tenant: 'arkcash',
      userId,
      organizationType: 'SOLE_PROP',
      companyName: 'Kedai Runcit Maju',
      newBusinessRegistrationNo: `2022${'03'}${String(made + (process.pid % 1000) * 100).padStart(6, '0')}`,
      applicantName: 'Nur Aisyah',
      applicantEmail: `${userId}.${made}@example.com`,
    })
    .returning();
  const referenceNo = `AC-2026-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [application] = await db
    .insert(t.applications)
    .values({
      tenant: 'arkcash',
      userId,
      organizationId: organization!.id,
      referenceNo,
      status: 'DRAFT',
      requestedAmountSen: 1_000_000,
      tenureMonths: 12,
      progress,
    })
    .returning();
  const id = application!.id;
  await db.insert(t.applicationStatusHistory).values({
    applicationId: id,
    toStatus: 'DRAFT',
    actor: `user:${userId}`,
  });
  const store = applicationStore(db);
  let from: ApplicationStatus = 'DRAFT';
  for (const to of path) {
    const byApplicant =
      to === 'PENDING' && ['DRAFT', 'REFERBACK', 'PSYCHOMETRIC_TEST'].includes(from);
    await store.changeStatus({
      applicationId: id,
      to,
      ...(byApplicant
        ? { actor: 'applicant', actorRef: `user:${userId}`, actorId: userId }
        : { actor: 'staff', actorRef: 'staff:officer', actorId: 'officer' }),
    });
    from = to;
  }
  return { id, referenceNo };
}

export async function addInterview(
  db: Orm,
  applicationId: string,
  interview: {
    scheduledAt: Date;
    mode: 'IN_PERSON' | 'VIDEO_CALL' | 'PHONE_CALL';
    details?: string;
  },
): Promise<void> {
  await db.insert(t.applicationInterviews).values({
    applicationId,
    scheduledAt: interview.scheduledAt,
    mode: interview.mode,
    details: interview.details ?? null,
    requestedBy: await someStaff(db),
  });
}

export async function addReferback(
  db: Orm,
  applicationId: string,
  items: ReferbackItem[],
): Promise<void> {
  await db
    .insert(t.applicationReferbacks)
    .values({ applicationId, items, requestedBy: await someStaff(db) });
}

/** What a rejection or a temporary ban sets on the user. */
export async function blockNewLoans(
  db: Orm,
  userId: string,
  until: Date,
  kind: 'REJECTION' | 'TEMPORARY_BAN',
): Promise<void> {
  await db
    .update(t.users)
    .set({ allowToApplyNewLoanAfter: until, newLoanBlockKind: kind })
    .where(eq(t.users.id, userId));
}
