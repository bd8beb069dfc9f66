// Staff and submitted applications for the decisions and settings suites: each staff member holds
// the roles a case needs, each application is the applicant's own and already PENDING.
import { randomBytes } from 'node:crypto';

import { DECISION_PATHS } from '@lending/contracts';
import { eq } from 'drizzle-orm';

import type { Orm } from '../db/database';
import { applications, ekycSessions, organizations } from '../db/schema';
import { applicationStore } from './application-store';
import { addStaff, type Caller, claimsOf, newPerson, register, staffLogin } from './auth-helpers';

export interface StaffMember {
  id: string;
  token: string;
  email: string;
}

let staffCount = 0;
export async function staffMember(db: Orm, call: Caller, roles: string[]): Promise<StaffMember> {
  staffCount += 1;
  const email = `staff${staffCount}.${process.pid}.${randomBytes(3).toString('hex')}@lending.test`;
  const password = `staff password ${staffCount}`;
  await addStaff(db, email, password, roles);
  const { accessToken } = await staffLogin(call, email, password);
  return { id: String(claimsOf(accessToken).sub), token: accessToken, email };
}

export interface Applicant {
  userId: string;
  token: string;
  email: string;
  phoneNo: string;
  language: 'EN' | 'MS';
}

export async function applicant(call: Caller, language: 'EN' | 'MS' = 'EN'): Promise<Applicant> {
  const { person, session } = await register(call, newPerson({ language }));
  return {
    userId: session.userDetails!.id,
    token: session.accessToken,
    email: person.email,
    phoneNo: person.phoneNo,
    language,
  };
}

let brn = 0;
/**
 * A submitted (PENDING) application of `userId`, as the applicant's journey leaves it: with the
 * applicant's passed identity check (eKYC) unless `identityVerified` is false.
 */
export async function pendingApplication(
  db: Orm,
  userId: string,
  organizationType: 'SOLE_PROP' | 'COMPANY' = 'SOLE_PROP',
  options: { identityVerified?: boolean } = {},
): Promise<string> {
  brn += 1;
  const entity = organizationType === 'SOLE_PROP' ? '03' : '01';
  const [organization] = await db
    .insert(organizations)
    .values({
      tenant: 'arkcash',
      userId,
      organizationType,
      companyName: 'Kedai Runcit Aminah',
      newBusinessRegistrationNo: `2021${entity}${String(brn + (process.pid % 1000) * 100).padStart(6, '0')}`,
      applicantName: 'Aminah',
      applicantEmail: `${userId}@example.com`,
    })
    .returning();
  const [application] = await db
    .insert(applications)
    .values({
      tenant: 'arkcash',
      userId,
      organizationId: organization!.id,
      referenceNo: `DEC-${randomBytes(5).toString('hex')}`,
      status: 'DRAFT',
      requestedAmountSen: 1_000_000,
      tenureMonths: 12,
    })
    .returning();
  if (options.identityVerified !== false) {
    await db.insert(ekycSessions).values({
      applicationId: application!.id,
      userId,
      provider: 'sandbox',
      providerRef: randomBytes(8).toString('hex'),
      status: 'PASSED',
      resultMessage: 'Identity verified',
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      completedAt: new Date(),
    });
  }
  await applicationStore(db).changeStatus({
    applicationId: application!.id,
    to: 'PENDING',
    actor: 'applicant',
    actorRef: `user:${userId}`,
  });
  return application!.id;
}

export async function versionOf(db: Orm, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ version: applications.version })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row!.version;
}

/** Takes a decision on the version the file is at now. */
export async function decideNow(
  db: Orm,
  call: Caller,
  staff: StaffMember,
  applicationId: string,
  body: Record<string, unknown>,
) {
  return call('POST', DECISION_PATHS.decide(applicationId), {
    token: staff.token,
    body: { version: await versionOf(db, applicationId), ...body },
  });
}

/** Unsecured terms within every cap, fees included: RM10,000 over 24 months at 12% a year. */
export const FAIR_TERMS = {
  amountSen: 1_000_000,
  tenureMonths: 24,
  annualRateBp: 1200,
  security: 'UNSECURED',
} as const;
